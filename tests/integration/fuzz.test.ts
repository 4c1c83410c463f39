import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { createCategories, createProduct, createUser, resetDatabase } from "../db-utils";
import { HOSTILE_SEARCH_QUERIES } from "../hostile-search-queries";
import { createOrder } from "../order-utils";
import { stampedInvoiceRow } from "./admin-fixtures";
import { FORM, formBody, type RawResponse, send } from "./http-client";
import { type ShopServer, startShopServer } from "./http-server";

/**
 * Hostile input against every route of the production build, over HTTP to the real server.
 *
 * Generated, so new routes and fields are covered without editing this file: the routes (and which
 * have actions) come from the build's manifest; query parameter names from every
 * `searchParams.get("…")` and `…_PARAM_KEYS` list in app/; form field names from every `name="…"` in
 * app/ and every key of the zod schemas in app/lib/validation/. Each value goes to every parameter of
 * every route and every field of every action, anonymously and logged in, as form and as other
 * content types. Nothing may answer 5xx, no HTML may carry the injected markup unescaped, and nothing
 * but abuse-limit counters may be written to the database.
 */

const root = path.resolve(import.meta.dirname, "../..");

type ManifestRoute = { id: string; parentId?: string; path?: string; index?: boolean; hasAction: boolean };

function readManifest(): ManifestRoute[] {
  const dir = path.join(root, "public/build");
  const file = fs.readdirSync(dir).find((f) => /^manifest-.*\.js$/.test(f));
  if (!file) throw new Error("No client manifest: run `npm run build` first.");
  const source = fs.readFileSync(path.join(dir, file), "utf8");
  const json = source.slice(source.indexOf("=") + 1).replace(/;\s*$/, "");
  return Object.values((JSON.parse(json) as { routes: Record<string, ManifestRoute> }).routes);
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith(".test.ts") ? [full] : [];
  });
}

const appSources = sourceFiles(path.join(root, "app")).map((file) => ({ file, text: fs.readFileSync(file, "utf8") }));

function matches(pattern: RegExp, texts: string[]): Set<string> {
  const found = new Set<string>();
  for (const text of texts) for (const m of text.matchAll(pattern)) if (m[1]) found.add(m[1]);
  return found;
}

/** Parameters named by a constant (`export const ADDRESS_PARAM = "direccion"`): in addresses and in forms. */
const namedParams = matches(
  /export const \w+_PARAM\s*=\s*"([\w-]+)"/g,
  appSources.map((s) => s.text),
);

const queryParams = new Set([
  ...namedParams,
  ...matches(
    /(?:searchParams|params)\.get\(\s*"([\w-]+)"\s*\)/g,
    appSources.map((s) => s.text),
  ),
  ...[
    ...matches(
      /_PARAM_KEYS\s*=\s*\[([^\]]*)\]/g,
      appSources.map((s) => s.text),
    ),
  ].flatMap((list) => [...list.matchAll(/"([\w-]+)"/g)].map((m) => m[1]!)),
]);

const fieldNames = new Set([
  ...namedParams,
  ...matches(
    /\bname="([\w-]+)"/g,
    appSources.map((s) => s.text),
  ),
  ...matches(
    // `name: schema` and the shorthand `name,` of a schema's keys.
    /^\s{2,}(\w+)(?::\s|,$)/gm,
    appSources.filter((s) => s.file.includes(`${path.sep}validation${path.sep}`)).map((s) => s.text),
  ),
]);

/** Full URL path of a manifest route, with dynamic segments filled by `fill`. */
function routePath(route: ManifestRoute, all: Map<string, ManifestRoute>, fill: string): string {
  const parts: string[] = [];
  for (let r: ManifestRoute | undefined = route; r; r = r.parentId ? all.get(r.parentId) : undefined) {
    if (r.path) parts.unshift(r.path);
  }
  const joined = parts
    .join("/")
    .split("/")
    .map((segment) => (segment.startsWith(":") || segment === "*" ? encodeURIComponent(fill) : segment))
    .join("/");
  return `/${joined}`.replace(/\/+/g, "/");
}

const MARKUP = "<script>alert(1)</script>";
const VALUES: Record<string, string | string[]> = {
  empty: "",
  huge: "a".repeat(100_000),
  nul: "x\u0000y",
  unicode: "💍 ñandú \u202e\u200b ﷽ 𝔞",
  html: MARKUP,
  sql: "' OR 1=1; DROP TABLE products; --",
  array: ["1", "2"],
};

const OTHER_BODIES: [string, string][] = [
  ["application/json", '{"email":"a@b.c","intent":"add"}'],
  ["text/plain", "intent=add"],
  ["application/xml", "<intent>add</intent>"],
  ["multipart/form-data; boundary=zz", '--zz\r\nContent-Disposition: form-data; name="intent"\r\n\r\nadd'],
];

let shop: ShopServer;
let cookie: string;
/** An admin's session: the panel's loaders and actions are fuzzed past their role guard too. */
let adminCookie: string;

/** The sessions a route is fuzzed with: none, a customer's, and an admin's for the panel. */
function sessionsFor(route: ManifestRoute): Record<string, string>[] {
  if (route.id === "routes/logout") return [{}];
  return [{}, { Cookie: cookie }, ...(route.id.startsWith("routes/admin") ? [{ Cookie: adminCookie }] : [])];
}

async function loginCookie(email: string) {
  const login = await send(shop.url, {
    method: "POST",
    path: "/login",
    body: formBody({ email, password: "secreto123" }),
    headers: { ...FORM, Origin: shop.url },
  });
  expect(login.status).toBe(302);
  return (login.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
}
const manifest = readManifest();
const routesById = new Map(manifest.map((r) => [r.id, r]));
const pages = manifest.filter((r) => r.id !== "root");
const actions = manifest.filter((r) => r.hasAction);

/** Row counts of every table: a hostile request may only ever add abuse-limit counters. */
async function tableCounts(): Promise<Record<string, number>> {
  const rows = await prisma.$queryRaw<{ table_name: string }[]>`
    SELECT table_name::text AS table_name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name NOT IN ('_prisma_migrations', 'rate_limits')`;
  const counts: Record<string, number> = {};
  for (const { table_name } of rows) {
    const [row] = await prisma.$queryRawUnsafe<{ n: bigint }[]>(`SELECT count(*) AS n FROM "${table_name}"`);
    counts[table_name] = Number(row!.n);
  }
  return counts;
}

function assertSafe(response: RawResponse, label: string) {
  expect(response.status, `${label} → ${response.status}\n${response.body.slice(0, 300)}`).toBeLessThan(500);
  if (String(response.headers["content-type"] ?? "").includes("text/html")) {
    expect(response.body.includes(MARKUP), `${label}: unescaped markup`).toBe(false);
  }
}

beforeAll(async () => {
  await resetDatabase();
  await createCategories();
  await createProduct({ name: "Anillo de prueba" });
  await createUser({ email: "fuzz@example.test" });
  await createUser({ email: "fuzz-admin@example.test", role: "admin" });
  shop = await startShopServer({ RATE_LIMIT_MULTIPLIER: "1000" });
  cookie = await loginCookie("fuzz@example.test");
  adminCookie = await loginCookie("fuzz-admin@example.test");
});

afterAll(async () => {
  await shop?.stop();
});

// The work grows with every route, parameter and field (and the machine may be busy): more than
// vitest's default time per test.
describe("fuzzing every route", { timeout: 120_000 }, () => {
  it("finds the routes, parameters and fields to fuzz", () => {
    expect(pages.length).toBeGreaterThan(10);
    expect(actions.map((r) => r.id)).toEqual(
      expect.arrayContaining(["routes/login", "routes/cart", "routes/checkout", "routes/webhooks.stripe"]),
    );
    expect(pages.map((r) => r.id)).toEqual(
      expect.arrayContaining([
        "routes/success",
        "routes/cancel",
        "routes/orders",
        "routes/favoritos",
        "routes/guia-de-tallas",
        // Outside the admin layout, guarded on its own (and fuzzed with the admin's session too).
        "routes/admin_.pedidos.$number.empaque",
        // Issue 33: refunding an order.
        "routes/admin.pedidos.$number_.reembolso",
      ]),
    );
    expect([...queryParams]).toEqual(
      expect.arrayContaining([
        "q",
        "redirectTo",
        "categoria",
        "token",
        "session_id",
        "pedido",
        // Issue 22: the favourites' list, a saved address, the interrupted add, paging.
        "piezas",
        "direccion",
        "agregar",
        "cantidad",
        "pagina",
        // Issue 32: /readyz's JSON details.
        "format",
        // Issue 33: the worker's refund request an admin answers.
        "solicitud",
        // Issue 37: a collection's filters.
        "metal",
        "disponible",
        "orden",
        "ocasion",
      ]),
    );
    expect([...fieldNames]).toEqual(
      expect.arrayContaining([
        "intent",
        "email",
        "password",
        "firstName",
        "address_line2",
        "postalCode",
        "state",
        "interiorNumber",
        "references",
        "giftWrap",
        "giftMessage",
        "agregar",
        "cantidad",
        // Issue 33: the refund form (and its pieces, `pieza-<id>`: "hostile refund forms" below).
        "motivo",
        "envio",
        "envoltura",
        "clabe",
        "referencia",
        "solicitud",
        // Issue 34: a category's SAT product key (/admin/categorias).
        "categoryId",
        "satProductKey",
        // Issue 34: the shop's fiscal data as issuer (/admin/facturacion).
        "rfc",
        "name",
        "regimen",
        "zip",
      ]),
    );
  });

  // Hundreds of requests: a generous bound for a loaded CI machine (about 15 s when idle).
  it("answers every query parameter of every page with a 4xx at worst", { timeout: 300_000 }, async () => {
    for (const [label, raw] of Object.entries(VALUES)) {
      // A URL has to fit Node's 16 KB header limit (beyond it the server refuses the request before any
      // code of ours runs), so in query strings "huge" is 1 KB per parameter.
      const value = label === "huge" ? "a".repeat(1000) : raw;
      const values = Array.isArray(value) ? value : [value];
      const query = new URLSearchParams();
      for (const name of queryParams) for (const v of values) query.append(name, v);
      for (const route of pages) {
        for (const fill of ["1", Array.isArray(value) ? value[0]! : value.slice(0, 2000)]) {
          const url = `${routePath(route, routesById, fill)}?${query.toString()}`;
          for (const headers of sessionsFor(route)) {
            assertSafe(await send(shop.url, { path: url, headers }), `GET ${route.id} ${label}`);
          }
          if (route.path !== "*") {
            const data = `${routePath(route, routesById, fill).replace(/\/$/, "") || "/_root"}.data?${query}`;
            assertSafe(await send(shop.url, { path: data, headers: { Cookie: cookie } }), `GET ${data}`);
          }
        }
      }
    }
  });

  it("answers every field of every action with a 4xx at worst and writes nothing", { timeout: 300_000 }, async () => {
    const before = await tableCounts();
    for (const route of actions) {
      const target = routePath(route, routesById, "1");
      for (const headers of sessionsFor(route)) {
        for (const [label, value] of Object.entries(VALUES)) {
          const fields = Object.fromEntries([...fieldNames].map((name) => [name, value]));
          const response = await send(shop.url, {
            method: "POST",
            path: target,
            body: formBody(fields),
            headers: { ...FORM, Origin: shop.url, ...headers },
          });
          assertSafe(response, `POST ${route.id} ${label}`);
        }
        for (const [type, body] of OTHER_BODIES) {
          const response = await send(shop.url, {
            method: "POST",
            path: target,
            body,
            headers: { "Content-Type": type, Origin: shop.url, ...headers },
          });
          assertSafe(response, `POST ${route.id} ${type}`);
        }
      }
    }
    expect(await tableCounts()).toEqual(before);
  });
});

describe("hostile search texts", () => {
  it("answer 200, 400 or (over 16 KB of URL) 431 in Spanish, never 5xx, on the page and the overlay's data", async () => {
    const timings: string[] = [];
    for (const { name, q } of HOSTILE_SEARCH_QUERIES) {
      for (const path of ["/search", "/search.data"]) {
        const started = performance.now();
        const response = await send(shop.url, { path: `${path}?${new URLSearchParams({ q })}` });
        timings.push(
          `${`${name} ${path}`.padEnd(40)}${response.status}${(performance.now() - started).toFixed(0).padStart(7)} ms`,
        );
        assertSafe(response, `${path} ${name}`);
        expect([200, 400, 431], `${path} ${name}`).toContain(response.status);
        if (q.length < 16_000) expect(response.status, `${path} ${name}`).toBe(200);
        if (response.status === 431) expect(response.body, `${path} ${name}`).toContain("Solicitud demasiado larga");
      }
    }
    console.info(`Hostile search texts (a small catalogue; the bench times them on its own):\n${timings.join("\n")}`);
  });
});

describe("requests the HTTP parser refuses", () => {
  /** Sends raw bytes and reads the whole answer (the server closes the connection after it). */
  async function raw(text: string): Promise<string> {
    const { hostname, port } = new URL(shop.url);
    return new Promise((resolve, reject) => {
      const socket = net.connect(Number(port), hostname, () => socket.write(text));
      let answer = "";
      socket.setEncoding("utf8");
      socket.on("data", (chunk) => (answer += chunk));
      socket.on("end", () => resolve(answer));
      socket.on("error", reject);
    });
  }

  it("answer a malformed request line with a Spanish 400 and oversized headers with a Spanish 431", async () => {
    const malformed = await raw("HOLA MUNDO\r\n\r\n");
    expect(malformed).toMatch(/^HTTP\/1\.1 400 /);
    expect(malformed).toContain("Solicitud no válida");
    const oversized = await raw(`GET / HTTP/1.1\r\nHost: localhost\r\nX-Relleno: ${"a".repeat(40_000)}\r\n\r\n`);
    expect(oversized).toMatch(/^HTTP\/1\.1 431 /);
    expect(oversized).toContain("Solicitud demasiado larga");
  });
});

describe("hostile Host, X-Forwarded-Host and methods on every route", () => {
  /** Headers no browser nor the documented nginx sends: each a Spanish 400 before any route runs. */
  const HOSTILE_HEADERS: Record<string, string>[] = [
    { Host: "tienda.example#" },
    { Host: "evil@tienda.example" },
    { Host: "tienda.example/search?q=x" },
    { Host: "tienda example" },
    { "X-Forwarded-Host": "a.example, b.example" },
    { "X-Forwarded-Host": "a.example#/search" },
    { "X-Forwarded-Proto": "javascript" },
  ];

  it("answers a Host or X-Forwarded-Host that is not a bare host[:port] with a Spanish 400, and TRACE, PUT or DELETE with a 405", async () => {
    for (const route of manifest) {
      const path = routePath(route, routesById, "1");
      for (const headers of HOSTILE_HEADERS) {
        for (const method of route.hasAction ? ["GET", "POST"] : ["GET"]) {
          const response = await send(shop.url, {
            method,
            path,
            headers: { ...headers, ...(method === "POST" ? { ...FORM, Origin: shop.url } : {}) },
            ...(method === "POST" ? { body: "intent=add" } : {}),
          });
          const label = `${method} ${path} ${JSON.stringify(headers)}`;
          expect(response.status, label).toBe(400);
          expect(response.body, label).toContain("La dirección solicitada no es válida.");
        }
      }
      for (const method of ["TRACE", "PUT", "DELETE", "OPTIONS"]) {
        const response = await send(shop.url, { method, path });
        expect(response.status, `${method} ${path}`).toBe(405);
        expect(response.body, `${method} ${path}`).toContain("Método no permitido");
      }
    }
  });
});

describe("hostile refund forms (issue 33)", () => {
  it("answers every field of a real order's refund form with a 4xx at worst and refunds nothing", async () => {
    const shopper = await createUser();
    const product = await prisma.product.findFirstOrThrow();
    const { id } = await createOrder({ userId: shopper.id, productIds: [product.id], status: "procesando" });
    const order = await prisma.order.findUniqueOrThrow({ where: { id } });
    const [item] = await prisma.orderItem.findMany({ where: { orderId: order.id } });
    const before = await tableCounts();
    const names = ["intent", `pieza-${item!.id}`, "pieza-999999999", "pieza-x", "envio", "envoltura", "motivo"];
    for (const intent of ["revisar", "confirmar", "solicitar", "otra"]) {
      for (const [label, value] of Object.entries(VALUES)) {
        for (const headers of [{}, { Cookie: cookie }, { Cookie: adminCookie }] as Record<string, string>[]) {
          const fields = {
            ...Object.fromEntries(names.map((name) => [name, value])),
            ...Object.fromEntries(["clabe", "referencia", "solicitud"].map((name) => [name, value])),
            intent,
          };
          const response = await send(shop.url, {
            method: "POST",
            path: `/admin/pedidos/${order.number}/reembolso`,
            body: formBody(fields),
            headers: { ...FORM, Origin: shop.url, ...headers },
          });
          assertSafe(response, `refund ${intent} ${label}`);
        }
      }
      const page = await send(shop.url, {
        path: `/admin/pedidos/${order.number}/reembolso?solicitud=${encodeURIComponent(MARKUP)}`,
        headers: { Cookie: adminCookie },
      });
      assertSafe(page, "refund page");
      expect(page.status).toBe(200);
    }
    expect(await tableCounts()).toEqual(before);
  });
});

describe("hostile return and exchange forms (issue 33)", () => {
  it("answers every field of a shopper's request and of staff's steps with a 4xx at worst", async () => {
    const shopper = await prisma.user.findUniqueOrThrow({ where: { email: "fuzz@example.test" } });
    const ring = await createProduct({ name: "Anillo con tallas", stock: 0 });
    const six = await prisma.variant.create({
      data: { productId: ring.id, name: "Talla 6", model: "Oro", size: "6", price: 1_000_00, stock: 1 },
    });
    await prisma.variant.create({
      data: { productId: ring.id, name: "Talla 7", model: "Oro", size: "7", price: 1_000_00, stock: 1 },
    });
    const { id } = await createOrder({ userId: shopper.id, productIds: [ring.id], status: "entregado" });
    const order = await prisma.order.update({ where: { id }, data: { deliveredAt: new Date() } });
    const [item] = await prisma.orderItem.findMany({ where: { orderId: order.id } });
    await prisma.orderItem.update({ where: { id: item!.id }, data: { variantId: six.id } });
    const before = await tableCounts();
    for (const tipo of ["devolucion", "cambio", ...Object.values(VALUES)]) {
      for (const [label, value] of Object.entries(VALUES)) {
        const fields = {
          tipo,
          [`cantidad-${item!.id}`]: value,
          [`talla-${item!.id}`]: value,
          "cantidad-x": value,
          motivo: value,
        };
        const response = await send(shop.url, {
          method: "POST",
          path: `/orders/${order.number}/devolucion`,
          body: formBody(fields),
          headers: { ...FORM, Origin: shop.url, Cookie: cookie },
        });
        assertSafe(response, `return request ${String(tipo).slice(0, 20)} ${label}`);
        expect(response.status, label).toBeGreaterThanOrEqual(400);
      }
    }
    // Another shopper's order is not found, whatever is sent.
    const page = await send(shop.url, { path: `/orders/${order.number}/devolucion`, headers: { Cookie: adminCookie } });
    expect(page.status).toBe(404);
    expect(await tableCounts()).toEqual(before);

    const request = await prisma.returnRequest.create({
      data: {
        orderId: order.id,
        kind: "devolucion",
        reason: "Prueba",
        items: { create: [{ orderItemId: item!.id, quantity: 1 }] },
      },
      include: { items: true },
    });
    for (const intent of ["rechazar", "aprobar", "recibir", "enviar", "otra", ...Object.values(VALUES)]) {
      for (const [label, value] of Object.entries(VALUES)) {
        const fields = {
          intent,
          mensaje: value,
          [`vendible-${request.items[0]!.id}`]: value,
          "vendible-999999999": value,
          paqueteria: value,
          guia: value,
        };
        for (const path of [`/admin/devoluciones/${request.id}`, `/admin/devoluciones/999999999`]) {
          const response = await send(shop.url, {
            method: "POST",
            path,
            body: formBody(fields),
            headers: { ...FORM, Origin: shop.url, Cookie: adminCookie },
          });
          assertSafe(response, `request step ${String(intent).slice(0, 20)} ${label}`);
        }
      }
    }
    for (const path of [`/admin/devoluciones/${request.id}`, `/admin/devoluciones/${request.id}/hoja`]) {
      assertSafe(await send(shop.url, { path, headers: { Cookie: adminCookie } }), path);
    }
  });
});

describe("hostile invoice requests (issue 34)", () => {
  it("answers every field of a real order's invoice request with a 4xx at worst and stamps nothing", async () => {
    const shopper = await prisma.user.findUniqueOrThrow({ where: { email: "fuzz@example.test" } });
    const product = await prisma.product.findFirstOrThrow();
    const { id } = await createOrder({ userId: shopper.id, productIds: [product.id], status: "procesando" });
    const order = await prisma.order.findUniqueOrThrow({ where: { id } });
    // A stamped invoice of another order, for staff's Sustituir form to be sent hostile fields.
    const other = await createOrder({ userId: shopper.id, productIds: [product.id], status: "procesando" });
    const stamped = await stampedInvoiceRow(other.id, "FZ");
    const before = await tableCounts();
    const names = ["rfc", "name", "regimen", "uso", "zip", "email", "profileId"];
    for (const intent of ["new", "profile", "otra"]) {
      for (const [label, value] of Object.entries(VALUES)) {
        for (const headers of [{}, { Cookie: cookie }, { Cookie: adminCookie }] as Record<string, string>[]) {
          const response = await send(shop.url, {
            method: "POST",
            path: `/orders/${order.number}/factura`,
            body: formBody({ ...Object.fromEntries(names.map((name) => [name, value])), intent }),
            headers: { ...FORM, Origin: shop.url, ...headers },
          });
          assertSafe(response, `invoice ${intent} ${label}`);
        }
      }
    }
    for (const file of ["factura", "factura.xml", "factura.pdf"]) {
      assertSafe(await send(shop.url, { path: `/orders/${order.number}/${file}`, headers: { Cookie: cookie } }), file);
    }
    // One invoice of the order's history by folio, and staff's invoice screen with its Sustituir form.
    for (const [label, value] of Object.entries(VALUES)) {
      const file = encodeURIComponent(String(value).slice(0, 2_000));
      const path = `/orders/${order.number}/factura/${file}`;
      assertSafe(await send(shop.url, { path, headers: { Cookie: cookie } }), `invoice file ${label}`);
      const screen = `/admin/facturas/${file}`;
      assertSafe(await send(shop.url, { path: screen, headers: { Cookie: adminCookie } }), `invoice screen ${label}`);
      for (const [intent, path] of [
        ["substitute", screen],
        [value, screen],
        ["substitute", `/admin/facturas/${stamped.id}`],
        [value, `/admin/facturas/${stamped.id}`],
      ] as const) {
        const response = await send(shop.url, {
          method: "POST",
          path,
          body: formBody({ ...Object.fromEntries(names.map((name) => [name, value])), intent }),
          headers: { ...FORM, Origin: shop.url, Cookie: adminCookie },
        });
        assertSafe(response, `invoice substitute ${label}`);
      }
    }
    // A refund's egreso (nota de crédito) download: a hostile file name is a 404.
    for (const [label, value] of Object.entries(VALUES)) {
      const file = encodeURIComponent(String(value).slice(0, 2_000));
      const path = `/orders/${order.number}/nota-credito/${file}`;
      assertSafe(await send(shop.url, { path, headers: { Cookie: cookie } }), `credit note ${label}`);
    }
    // Staff's retries in /admin/facturas (issuing again, cancelling again): every field hostile.
    for (const [label, value] of Object.entries(VALUES)) {
      for (const intent of ["cancel", "retry", "staff-cancel", value]) {
        const response = await send(shop.url, {
          method: "POST",
          path: "/admin/facturas",
          body: formBody({ invoiceId: value, intent, motivo: value }),
          headers: { ...FORM, Origin: shop.url, Cookie: adminCookie },
        });
        assertSafe(response, `admin invoice retry ${label}`);
      }
    }
    // The factura global's form: a hostile day is refused before anything is written.
    for (const [label, value] of Object.entries(VALUES)) {
      const response = await send(shop.url, {
        method: "POST",
        path: "/admin/facturas",
        body: formBody({ intent: "global", dia: value }),
        headers: { ...FORM, Origin: shop.url, Cookie: adminCookie },
      });
      assertSafe(response, `admin global invoice ${label}`);
    }
    for (const [label, value] of Object.entries(VALUES)) {
      const id = encodeURIComponent(String(value).slice(0, 2_000));
      const response = await send(shop.url, {
        path: `/admin/facturas/global/${id}.xml`,
        headers: { Cookie: adminCookie },
      });
      assertSafe(response, `global invoice xml ${label}`);
      const pdf = await send(shop.url, { path: `/admin/facturas/global/${id}.pdf`, headers: { Cookie: adminCookie } });
      assertSafe(pdf, `global invoice pdf ${label}`);
    }
    expect(await tableCounts()).toEqual(before);
  });
});

describe("hostile fiscal data of the shop (issue 34, /admin/facturacion)", () => {
  it("answers each field hostile among valid ones with a 4xx at worst, saving only what the rules take", async () => {
    const valid = { rfc: "EKU9003173C9", name: "ESCUELA KEMPER URGATE", regimen: "601", zip: "42501" };
    for (const field of Object.keys(valid)) {
      for (const [label, value] of Object.entries(VALUES)) {
        for (const headers of [{}, { Cookie: cookie }, { Cookie: adminCookie }] as Record<string, string>[]) {
          const response = await send(shop.url, {
            method: "POST",
            path: "/admin/facturacion",
            body: formBody({ ...valid, [field]: value }),
            headers: { ...FORM, Origin: shop.url, ...headers },
          });
          assertSafe(response, `issuer ${field} ${label}`);
        }
      }
    }
    const saved = await prisma.shopSettings.findMany();
    expect(saved.every((row) => row.issuerRfc === valid.rfc && /^\d{5}$/.test(row.issuerZip))).toBe(true);
    await prisma.shopSettings.deleteMany();
    await prisma.auditEntry.deleteMany({ where: { action: "issuer_settings" } });
  });
});

describe("hostile page parameters and cookies on cached pages (issue 35)", () => {
  it("answers tracking parameters, filters and foreign cookies with a 4xx at worst, the same page for any ad-click id", async () => {
    const names = [
      "fbclid",
      "gclid",
      "utm_source",
      "utm_",
      "msclkid",
      "metal",
      "disponible",
      "ocasion",
      // The cart's question before clearing (its anonymous page is a cached one too, decision 069).
      "confirmar",
      "__proto__",
      "",
    ];
    const values = ["", "%", MARKUP, "x\u0000y", "a".repeat(1000), "💍\u202e", "1", "-1e309"];
    const cookies = [
      `_fbp=${MARKUP}; _ga=${"x".repeat(2000)}`,
      "__Host-joyeria_session=%ZZ; _fbp=fb.1.2",
      "joyeria_session; =; ;;",
      `${cookie}; _fbp=fb.1.2.3; __joyeria_device=garbage`,
    ];
    for (const path of ["/", "/search", "/producto/1", "/favoritos", "/guia-de-tallas", "/cart"]) {
      for (const value of values) {
        const query = new URLSearchParams(names.map((name) => [name, value])).toString();
        for (const headers of [{}, ...cookies.map((c) => ({ Cookie: c }))]) {
          assertSafe(await send(shop.url, { path: `${path}?${query}`, headers }), `GET ${path} ${value.slice(0, 10)}`);
        }
      }
      // Undecodable escapes and repeated names.
      for (const raw of ["fbclid=%E0%A4%A&q=%", "utm_source=a&utm_source=b&categoria=%00", "&&=&fbclid"]) {
        assertSafe(await send(shop.url, { path: `${path}?${raw}` }), `GET ${path}?${raw}`);
      }
    }
    const [a, b] = [
      await send(shop.url, { path: "/producto/1?fbclid=uno", headers: { Cookie: "_fbp=fb.1.2" } }),
      await send(shop.url, { path: `/producto/1?fbclid=${encodeURIComponent(MARKUP)}&utm_medium=x` }),
    ];
    expect(b.headers["x-cache"]).toBe("hit");
    const nonceOf = (r: RawResponse) => /'nonce-([^']+)'/.exec(String(r.headers["content-security-policy"]))![1]!;
    expect(b.body.replaceAll(nonceOf(b), "")).toBe(a.body.replaceAll(nonceOf(a), ""));
  });
});

describe("hostile checkout drafts (issue 37)", () => {
  it("keeps a draft of any posted fields without a 5xx, bounded and without control characters", async () => {
    const shopper = await prisma.user.findUniqueOrThrow({ where: { email: "fuzz@example.test" } });
    const names = ["firstName", "phone", "address", "references", "giftMessage", "state", "email", "otro"];
    for (const [label, value] of Object.entries(VALUES)) {
      for (const headers of [{}, { Cookie: cookie }] as Record<string, string>[]) {
        const response = await send(shop.url, {
          method: "POST",
          path: "/checkout",
          body: formBody({ ...Object.fromEntries(names.map((name) => [name, value])), intent: "draft" }),
          headers: { ...FORM, Origin: shop.url, ...headers },
        });
        assertSafe(response, `checkout draft ${label}`);
      }
      const draft = await prisma.checkoutDraft.findUnique({ where: { userId: shopper.id } });
      for (const field of Object.values((draft?.fields ?? {}) as Record<string, string>)) {
        expect([...field].length).toBeLessThanOrEqual(500);
        expect(field.includes("\u0000")).toBe(false);
      }
      assertSafe(await send(shop.url, { path: "/checkout", headers: { Cookie: cookie } }), `checkout page ${label}`);
    }
    await prisma.checkoutDraft.deleteMany({ where: { userId: shopper.id } });
  });
});

describe("hostile options matrix and Archivar / Restaurar (issue 37)", () => {
  it("answers every matrix field, forged variant rows and the state intents with a 4xx at worst, writing nothing", async () => {
    const product = await prisma.product.findFirstOrThrow();
    const metals = ["oro-amarillo", "oro-blanco", "oro-rosa", "plata", "otro"];
    const before = await tableCounts();
    for (const [label, value] of Object.entries(VALUES)) {
      const fields: Record<string, string | string[]> = {
        intent: "matrix",
        name: "Anillo",
        categoryId: "1",
        images: product.image,
        // Silver with a good price (the rows are generated from the forged ones), the others hostile.
        matrixMetal: ["plata", ...[value].flat()],
        matrixSize: ["7", ...[value].flat()],
        matrixOtherSizes: value,
        matrixOtherMetal: value,
        ...Object.fromEntries(
          metals.flatMap((m) => [
            [`matrixPrice-${m}`, m === "plata" ? "900" : value],
            [`matrixImage-${m}`, value],
          ]),
        ),
        "variants[0].model": value,
        "variants[0].size": value,
        "variants[0].id": value,
        "variants[1]": value,
        variants: value,
      };
      // The edit page's action (the new-product page shares it).
      const response = await send(shop.url, {
        method: "POST",
        path: `/admin/productos/${product.id}`,
        body: formBody(fields),
        headers: { ...FORM, Origin: shop.url, Cookie: adminCookie },
      });
      assertSafe(response, `matrix ${label}`);
      // The other metal ticked with a good price: its hostile name alone decides.
      const other = await send(shop.url, {
        method: "POST",
        path: `/admin/productos/${product.id}`,
        body: formBody({ ...fields, matrixMetal: "otro", "matrixPrice-otro": "900" }),
        headers: { ...FORM, Origin: shop.url, Cookie: adminCookie },
      });
      assertSafe(other, `other metal ${label}`);
      for (const id of [String(product.id), encodeURIComponent(String(value).slice(0, 200))]) {
        const response = await send(shop.url, {
          method: "POST",
          path: `/admin/productos/${id}/estado?desde=${encodeURIComponent(String(value).slice(0, 200))}`,
          body: formBody({ intent: value }),
          headers: { ...FORM, Origin: shop.url, Cookie: adminCookie },
        });
        assertSafe(response, `state ${label}`);
        expect(response.status, label).toBeGreaterThanOrEqual(400);
      }
    }
    expect(await tableCounts()).toEqual(before);
    expect((await prisma.product.findUniqueOrThrow({ where: { id: product.id } })).archivedAt).toBeNull();
  });
});

describe("hostile sale-event forms (issue 37, docs/decisions/057)", () => {
  it("answers each field of the event form and the list's buttons with a 4xx at worst, never unescaped", async () => {
    const valid: Record<string, string> = {
      name: "Buen Fin",
      percentOff: "20",
      // Long over: an event the other tests' prices never see.
      startsAt: "2020-01-01T00:00",
      endsAt: "2020-01-02T00:00",
      categoryIds: "1",
      productIds: "",
    };
    for (const field of Object.keys(valid)) {
      for (const [label, value] of Object.entries(VALUES)) {
        // The edit page shares the new one's action: one hostile value there is enough.
        const paths = [
          "/admin/promociones/eventos/nuevo",
          ...(label === "html" ? ["/admin/promociones/eventos/1"] : []),
        ];
        for (const path of paths) {
          const response = await send(shop.url, {
            method: "POST",
            path,
            body: formBody({ ...valid, [field]: value }),
            headers: { ...FORM, Origin: shop.url, Cookie: adminCookie },
          });
          assertSafe(response, `POST ${path} ${field}=${label}`);
        }
      }
    }
    for (const [label, value] of Object.entries(VALUES)) {
      for (const intent of ["archive", value]) {
        const response = await send(shop.url, {
          method: "POST",
          path: "/admin/promociones",
          body: formBody({ intent, eventId: value }),
          headers: { ...FORM, Origin: shop.url, Cookie: adminCookie },
        });
        assertSafe(response, `POST /admin/promociones ${label}`);
      }
    }
    // A name staff may type (markup included) is kept as text and shown escaped in the list and the form.
    const list = await send(shop.url, { path: "/admin/promociones", headers: { Cookie: adminCookie } });
    assertSafe(list, "GET /admin/promociones");
    const named = await prisma.saleEvent.findFirst({ where: { name: MARKUP }, select: { id: true } });
    expect(named, "an event named with markup was saved as text").not.toBeNull();
    assertSafe(
      await send(shop.url, { path: `/admin/promociones/eventos/${named!.id}`, headers: { Cookie: adminCookie } }),
      "GET the event named with markup",
    );
    await prisma.saleEvent.deleteMany({});
  });
});

describe("hostile discount-code forms (issue 37, docs/decisions/058)", () => {
  it("answers each field of the new and the edit form, and the list's buttons, with a 4xx at worst", async () => {
    const code = await prisma.discountCode.create({ data: { code: "FUZZEDITA", kind: "percentage", value: 10 } });
    const valid: Record<string, string> = {
      code: "FUZZNUEVO",
      kind: "fixed",
      value: "200",
      minimumPurchase: "1500",
      // Long over: a code no other test's cart ever meets.
      startsAt: "2020-01-01T00:00",
      endsAt: "2020-01-02T00:00",
      usageLimit: "10",
      perShopperLimit: "1",
      productIds: "1",
      categoryIds: "1",
    };
    const post = async (path: string, fields: Record<string, string | string[]>, label: string) => {
      const response = await send(shop.url, {
        method: "POST",
        path,
        body: formBody(fields),
        headers: { ...FORM, Origin: shop.url, Cookie: adminCookie },
      });
      assertSafe(response, `POST ${path} ${label}`);
      return response;
    };
    for (const field of Object.keys(valid)) {
      for (const [label, value] of Object.entries(VALUES)) {
        await post("/admin/promociones/cupones", { ...valid, intent: "create", [field]: value }, `${field}=${label}`);
        await post(
          `/admin/promociones/cupones/${code.id}`,
          { ...valid, code: code.code, intent: "save", [field]: value },
          `${field}=${label}`,
        );
      }
    }
    for (const [label, value] of Object.entries(VALUES)) {
      for (const intent of ["archive", "restore", value]) {
        await post(
          "/admin/promociones/cupones",
          { intent, id: value },
          `intent=${String(intent).slice(0, 20)} ${label}`,
        );
      }
      // A forged intent or id on the edit page: refused before anything is read.
      await post(`/admin/promociones/cupones/${code.id}`, { ...valid, intent: value }, `intent ${label}`);
      const path = `/admin/promociones/cupones/${encodeURIComponent(String(value).slice(0, 200))}`;
      const forged = await post(path, { ...valid, intent: "save" }, `id ${label}`);
      expect(forged.status, `id ${label}`).toBeGreaterThanOrEqual(400);
      assertSafe(await send(shop.url, { path, headers: { Cookie: adminCookie } }), `GET ${path}`);
    }
    // The list and the edit page still render, the code's text as saved.
    assertSafe(await send(shop.url, { path: "/admin/promociones/cupones", headers: { Cookie: adminCookie } }), "list");
    const page = await send(shop.url, {
      path: `/admin/promociones/cupones/${code.id}`,
      headers: { Cookie: adminCookie },
    });
    assertSafe(page, "edit page");
    expect(page.status).toBe(200);
    expect((await prisma.discountCode.findUniqueOrThrow({ where: { id: code.id } })).code).toBe("FUZZEDITA");
    await prisma.discountCode.deleteMany({ where: { code: { in: ["FUZZEDITA", "FUZZNUEVO"] } } });
  });
});
