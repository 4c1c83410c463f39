import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CATALOG_COLUMNS } from "~/lib/catalog-csv";
import type { RoleName } from "~/lib/roles";
import { loader as adminLayoutLoader } from "~/routes/admin";
import { loader as adminIndexLoader } from "~/routes/admin._index";
import { action as returnsAction, loader as returnsLoader } from "~/routes/admin.devoluciones";
import { loader as exportsLoader } from "~/routes/admin.exportar._index";
import { loader as catalogueCsvLoader } from "~/routes/admin.exportar.catalogo[.csv]";
import { loader as ordersCsvLoader } from "~/routes/admin.exportar.pedidos[.csv]";
import { loader as auditLoader } from "~/routes/admin.historial";
import { action as importAction, loader as importLoader } from "~/routes/admin.importar";
import { loader as outboxLoader } from "~/routes/admin.outbox";
import { loader as invoicesLoader } from "~/routes/admin.facturas";
import { loader as invoiceLoader } from "~/routes/admin.facturas_.$id";
import { action as categoriesAction, loader as categoriesLoader } from "~/routes/admin.categorias";
import { action as issuerAction, loader as issuerLoader } from "~/routes/admin.facturacion";
import { action as orderPageAction, loader as orderPageLoader } from "~/routes/admin.pedidos.$number";
import { loader as packingSlipLoader } from "~/routes/admin_.pedidos.$number.empaque";
import { action as ordersAction, loader as ordersLoader } from "~/routes/admin.pedidos._index";
import { action as editAction, loader as editLoader } from "~/routes/admin.productos.$id";
import { action as productsAction, loader as productsLoader } from "~/routes/admin.productos._index";
import { action as newAction, loader as newLoader } from "~/routes/admin.productos.nuevo";
import { action as usersAction, loader as usersLoader } from "~/routes/admin.usuarios";
import { loader as returnRequestLoader } from "~/routes/admin.devoluciones_.$id";
import { loader as returnSlipLoader } from "~/routes/admin_.devoluciones.$id.hoja";
import { prisma } from "~/utils/db.server";
import { resetEnvCache } from "~/utils/env.server";
import { createCategories, createProduct, resetDatabase } from "../db-utils";
import {
  adminSnapshot,
  createOrder,
  createProductWithVariant,
  staffSession,
  stampedInvoiceRow,
} from "./admin-fixtures";
import { formRequest, getRequest, settle } from "./auth-helpers";

/**
 * The role matrix: every admin loader and action, as a logged-out visitor, a customer, a worker
 * and an admin. Logged out → redirect to /; below the route's role → 403 and nothing written;
 * at or above it → the page, or the change.
 */

type Params = Record<string, string>;
type Loader = (args: LoaderFunctionArgs) => unknown;
type Action = (args: ActionFunctionArgs) => unknown;

type Fixture = Awaited<ReturnType<typeof setUp>>;

async function setUp() {
  await createCategories();
  const { product, variant } = await createProductWithVariant();
  const unsold = await createProduct({ name: "Sin ventas" });
  const plain = await createProduct({ name: "Sin variantes" });
  const customer = await staffSession("customer", "comprador@example.test");
  const order = await createOrder({
    userId: customer.user.id,
    status: "procesando",
    items: [{ productId: product.id, variantId: variant.id, quantity: 1 }],
  });
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#c9a84a" } })
    .png()
    .toBuffer();
  // A catalogue import that adds one piece (the export's columns, no product id: a new product).
  const importCsv = [
    CATALOG_COLUMNS.join(","),
    ",Pulsera importada,Pulseras,,,sí,no,no,/images/products/placeholder.svg,,,,,850.00,,3,",
  ].join("\r\n");
  // A shopper's approved return request, on an order of its own (docs/decisions/034).
  const delivered = await createOrder({
    userId: customer.user.id,
    status: "entregado",
    items: [{ productId: plain.id, quantity: 1 }],
  });
  const returnRequest = await prisma.returnRequest.create({
    data: { orderId: delivered.id, kind: "devolucion", reason: "Prueba" },
  });
  await prisma.returnRequest.update({ where: { id: returnRequest.id }, data: { status: "aprobada" } });
  // A stamped invoice of the order, for its admin screen (docs/decisions/035 "Invoice history").
  const invoice = await stampedInvoiceRow(order.id, "R");
  return { product, variant, unsold, plain, order, returnRequest, invoice, target: customer.user, png, importCsv };
}

const LOADERS: { name: string; loader: Loader; path: string; role: RoleName; params?: (f: Fixture) => Params }[] = [
  { name: "layout", loader: adminLayoutLoader, path: "/admin", role: "worker" },
  { name: "index", loader: adminIndexLoader, path: "/admin", role: "worker" },
  { name: "productos", loader: productsLoader, path: "/admin/productos?eliminar=1", role: "worker" },
  { name: "nuevo", loader: newLoader, path: "/admin/productos/nuevo", role: "admin" },
  {
    name: "editar",
    loader: editLoader,
    path: "/admin/productos/1",
    role: "admin",
    params: (f) => ({ id: String(f.product.id) }),
  },
  { name: "pedidos", loader: ordersLoader, path: "/admin/pedidos?estado=procesando", role: "worker" },
  {
    name: "pedido",
    loader: orderPageLoader,
    path: "/admin/pedidos/LJ-1",
    role: "worker",
    params: (f) => ({ number: f.order.number }),
  },
  {
    name: "hoja de empaque",
    loader: packingSlipLoader,
    path: "/admin/pedidos/LJ-1/empaque",
    role: "worker",
    params: (f) => ({ number: f.order.number }),
  },
  { name: "exportar", loader: exportsLoader, path: "/admin/exportar", role: "worker" },
  { name: "catálogo.csv", loader: catalogueCsvLoader, path: "/admin/exportar/catalogo.csv", role: "worker" },
  {
    name: "pedidos.csv",
    loader: ordersCsvLoader,
    path: "/admin/exportar/pedidos.csv?desde=2026-01-01&estado=procesando",
    role: "worker",
  },
  { name: "importar", loader: importLoader, path: "/admin/importar", role: "admin" },
  { name: "devoluciones", loader: returnsLoader, path: "/admin/devoluciones", role: "worker" },
  {
    name: "solicitud de devolución",
    loader: returnRequestLoader,
    path: "/admin/devoluciones/1",
    role: "worker",
    params: (f) => ({ id: String(f.returnRequest.id) }),
  },
  {
    name: "hoja de devolución",
    loader: returnSlipLoader,
    path: "/admin/devoluciones/1/hoja",
    role: "worker",
    params: (f) => ({ id: String(f.returnRequest.id) }),
  },
  { name: "usuarios", loader: usersLoader, path: "/admin/usuarios", role: "admin" },
  { name: "historial", loader: auditLoader, path: "/admin/historial", role: "admin" },
  { name: "correos", loader: outboxLoader, path: "/admin/outbox", role: "worker" },
  { name: "facturas", loader: invoicesLoader, path: "/admin/facturas", role: "worker" },
  {
    name: "factura",
    loader: invoiceLoader,
    path: "/admin/facturas/1",
    role: "worker",
    params: (f) => ({ id: f.invoice.id }),
  },
  { name: "categorías", loader: categoriesLoader, path: "/admin/categorias", role: "admin" },
  { name: "facturación", loader: issuerLoader, path: "/admin/facturacion", role: "admin" },
];

const PRODUCT_FORM = {
  name: "Anillo Solitario",
  price: "1,299.50",
  originalPrice: "",
  imageUrl: "/images/products/placeholder.svg",
  description: "Plata .925",
  material: "Plata .925",
  categoryId: "2",
  stock: "4",
  inStock: "on",
};

/** In the order they run for one role: each succeeds on the state the previous ones left. */
const ACTIONS: {
  name: string;
  action: Action;
  path: string;
  role: RoleName;
  fields: (f: Fixture) => Record<string, string | File>;
  params?: (f: Fixture) => Params;
  success: number;
  /** Audit entries written on success (one unless said). */
  audits?: number;
}[] = [
  {
    name: "stock",
    action: productsAction,
    path: "/admin/productos",
    role: "worker",
    fields: (f) => ({ intent: "stock", productId: String(f.plain.id), stock: "9", _fetcher: "1" }),
    success: 200,
  },
  {
    name: "variant-stock",
    action: productsAction,
    path: "/admin/productos",
    role: "worker",
    fields: (f) => ({ intent: "variant-stock", variantId: String(f.variant.id), stock: "8" }),
    success: 302,
  },
  {
    name: "delete",
    action: productsAction,
    path: "/admin/productos",
    role: "admin",
    fields: (f) => ({ intent: "delete", productId: String(f.unsold.id) }),
    success: 302,
  },
  {
    name: "nuevo",
    action: newAction,
    path: "/admin/productos/nuevo",
    role: "admin",
    fields: () => PRODUCT_FORM,
    success: 302,
  },
  {
    name: "editar",
    action: editAction,
    path: "/admin/productos/1",
    role: "admin",
    fields: () => ({ ...PRODUCT_FORM, name: "Anillo editado", categoryId: "1" }),
    params: (f) => ({ id: String(f.plain.id) }),
    success: 302,
  },
  {
    name: "estado",
    action: ordersAction,
    path: "/admin/pedidos",
    role: "worker",
    fields: (f) => ({
      intent: "ship",
      orderId: String(f.order.id),
      carrier: "estafeta",
      trackingCode: "MX-1",
      _fetcher: "1",
    }),
    success: 200,
  },
  {
    name: "seguimiento",
    action: orderPageAction,
    path: "/admin/pedidos/LJ-1",
    role: "worker",
    fields: (f) => ({ intent: "tracking", orderId: String(f.order.id), carrier: "dhl", trackingCode: "MX-123456" }),
    params: (f) => ({ number: f.order.number }),
    success: 302,
  },
  {
    name: "devolución",
    action: returnsAction,
    path: "/admin/devoluciones",
    role: "worker",
    fields: (f) => ({ orderNumber: f.order.number, reason: "" }),
    success: 302,
  },
  {
    name: "nuevo con foto",
    action: newAction,
    path: "/admin/productos/nuevo",
    role: "admin",
    fields: (f) => ({
      ...PRODUCT_FORM,
      imageUrl: "",
      name: "Anillo con foto",
      photos: new File([f.png], "foto.png", { type: "image/png" }),
    }),
    success: 302,
  },
  {
    name: "importar",
    action: importAction,
    path: "/admin/importar",
    role: "admin",
    fields: (f) => ({ intent: "apply", fileName: "catalogo.csv", csv: f.importCsv }),
    success: 302,
    // The new product's entry and the import's summary.
    audits: 2,
  },
  {
    name: "rol",
    action: usersAction,
    path: "/admin/usuarios",
    role: "admin",
    fields: (f) => ({ intent: "role", userId: f.target.id, role: "worker", _fetcher: "1" }),
    success: 200,
  },
  {
    name: "clave SAT",
    action: categoriesAction,
    path: "/admin/categorias",
    role: "admin",
    fields: () => ({ categoryId: "1", satProductKey: "54101503" }),
    success: 302,
  },
  {
    name: "datos fiscales de la tienda",
    action: issuerAction,
    path: "/admin/facturacion",
    role: "admin",
    fields: () => ({ rfc: "EKU9003173C9", name: "ESCUELA KEMPER URGATE", regimen: "601", zip: "42501" }),
    success: 302,
  },
];

const RANK: Record<RoleName | "anonymous", number> = { anonymous: -1, customer: 0, worker: 1, admin: 2 };

let fixture: Fixture;

const uploads = fs.mkdtempSync(path.join(os.tmpdir(), "joyeria-roles-"));
const previousUploads = process.env.UPLOADS_DIR;

beforeAll(() => {
  process.env.UPLOADS_DIR = uploads;
  resetEnvCache();
});

afterAll(() => {
  if (previousUploads === undefined) delete process.env.UPLOADS_DIR;
  else process.env.UPLOADS_DIR = previousUploads;
  resetEnvCache();
  fs.rmSync(uploads, { recursive: true, force: true });
});

beforeEach(async () => {
  await resetDatabase();
  fixture = await setUp();
});

/** A form post as the browser sends it (files too), from the shop's own origin. */
function postRequest(path: string, fields: Record<string, string | File>, cookie: string | undefined) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  return new Request(`http://localhost${path}`, {
    method: "POST",
    body,
    headers: { Origin: "http://localhost", ...(cookie ? { Cookie: cookie } : {}) },
  });
}

async function cookieOf(role: RoleName | "anonymous") {
  return role === "anonymous" ? undefined : (await staffSession(role)).cookie;
}

describe("admin role matrix", () => {
  for (const who of ["anonymous", "customer", "worker", "admin"] as const) {
    it(`loaders as ${who}`, async () => {
      const cookie = await cookieOf(who);
      for (const entry of LOADERS) {
        const params = entry.params?.(fixture) ?? {};
        const outcome = await settle(() =>
          entry.loader({ request: getRequest(entry.path, cookie), params, context: {} }),
        );
        const label = `${who} → loader ${entry.name}`;
        if (who === "anonymous") {
          expect(outcome.status, label).toBe(302);
          expect(outcome.headers.get("Location"), label).toBe("/");
        } else if (RANK[who] < RANK[entry.role]) {
          expect(outcome.status, label).toBe(403);
        } else {
          expect(outcome.status, label).toBe(200);
        }
      }
    });

    it(`actions as ${who}`, async () => {
      const cookie = await cookieOf(who);
      for (const entry of ACTIONS) {
        const before = await adminSnapshot();
        const params = entry.params?.(fixture) ?? {};
        const request = postRequest(entry.path, entry.fields(fixture), cookie);
        const outcome = await settle(() => entry.action({ request, params, context: {} }));
        const label = `${who} → action ${entry.name}: ${JSON.stringify(outcome.body).slice(0, 200)}`;
        const allowed = who !== "anonymous" && RANK[who] >= RANK[entry.role];
        if (who === "anonymous") {
          expect(outcome.status, label).toBe(302);
          expect(outcome.headers.get("Location"), label).toBe("/");
        } else if (!allowed) {
          expect(outcome.status, label).toBe(403);
        } else {
          expect(outcome.status, label).toBe(entry.success);
        }
        const after = await adminSnapshot();
        if (allowed) {
          expect(after, label).not.toEqual(before);
          expect(after.audit, label).toBe(before.audit + (entry.audits ?? 1));
        } else {
          expect(after, label).toEqual(before);
        }
      }
    });
  }

  it("refuses a worker's delete even with a well-formed confirmation", async () => {
    const { cookie } = await staffSession("worker");
    const before = await adminSnapshot();
    const outcome = await settle(() =>
      productsAction({
        request: formRequest(
          "/admin/productos?eliminar=1",
          { intent: "delete", productId: String(fixture.unsold.id) },
          {
            cookie,
          },
        ),
        params: {},
        context: {},
      }),
    );
    expect(outcome.status).toBe(403);
    expect(outcome.body).toBe("Acceso Denegado");
    expect(await adminSnapshot()).toEqual(before);
  });
});
