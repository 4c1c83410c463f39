import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestInvoice } from "~/invoicing/invoice.server";
import { resetInvoicingSettingsCache } from "~/invoicing/settings.server";
import { SAT_KEY_MESSAGES } from "~/lib/cfdi/product-keys";
import { action, loader } from "~/routes/admin.categorias";
import { prisma } from "~/utils/db.server";
import { resetEnvCache } from "~/utils/env.server";
import { startPacSimulator } from "@joyeria/pac-simulator";
import { createCategories, createProduct, createUser, resetDatabase } from "../db-utils";
import { staffSession } from "./admin-fixtures";
import { paidCardOrder } from "./pac-helpers";
import { callAction, callLoader, formRequest, getRequest } from "./auth-helpers";

/**
 * The SAT product key per category (issue 34, docs/decisions/061): an admin edits it in
 * /admin/categorias (eight digits, checked on the server, the error next to the field, audited), and a
 * CFDI stamped afterwards carries each piece's category key; a line whose piece is gone keeps the
 * default key. One database, one PAC simulator, for the file.
 */

const TOKEN = "pac_test_sat_keys";
type Simulator = Awaited<ReturnType<typeof startPacSimulator>>;
let pac: Simulator;
const saved = { ...process.env };

beforeAll(async () => {
  await resetDatabase();
  await createCategories();
  pac = await startPacSimulator({ token: TOKEN });
  Object.assign(process.env, {
    PAC_API_URL: pac.url,
    PAC_API_TOKEN: TOKEN,
    INVOICE_ISSUER_RFC: "COSC8001137NA",
    INVOICE_ISSUER_NAME: "CARLOS COSIO SOTO",
    INVOICE_ISSUER_REGIME: "612",
    INVOICE_ISSUER_ZIP: "06700",
    INVOICE_SERIES: "JK",
    APP_ORIGIN: "https://tienda.example",
  });
  resetEnvCache();
  resetInvoicingSettingsCache();
});

afterAll(async () => {
  await pac.stop();
  process.env = saved;
  resetEnvCache();
  resetInvoicingSettingsCache();
});

const post = (cookie: string, fields: Record<string, string>) =>
  callAction(action, formRequest("/admin/categorias", fields, { cookie }));

describe("the SAT product key of a category", () => {
  it("is edited by admins only, checked on the server with the error next to its field, and audited", async () => {
    const admin = await staffSession("admin");
    const worker = await staffSession("worker");
    expect((await callLoader(loader, getRequest("/admin/categorias", worker.cookie))).status).toBe(403);
    expect((await post(worker.cookie, { categoryId: "1", satProductKey: "54101503" })).status).toBe(403);

    const listed = await callLoader(loader, getRequest("/admin/categorias", admin.cookie));
    expect((listed.body as { categories: { satProductKey: string }[] }).categories.map((c) => c.satProductKey)).toEqual(
      ["54101500", "54101500", "54101500", "54101500"],
    );

    const wrong = await post(admin.cookie, { categoryId: "1", satProductKey: "5410150A" });
    expect(wrong).toMatchObject({
      status: 400,
      body: { categoryId: 1, value: "5410150A", error: SAT_KEY_MESSAGES.format },
    });
    const hostile = await post(admin.cookie, { categoryId: "1 OR 1=1", satProductKey: "54101503" });
    expect(hostile).toMatchObject({ status: 400, body: { error: SAT_KEY_MESSAGES.badRequest } });
    const gone = await post(admin.cookie, { categoryId: "999", satProductKey: "54101503" });
    expect(gone).toMatchObject({ status: 404, body: { error: SAT_KEY_MESSAGES.notFound } });
    expect(await prisma.auditEntry.count({ where: { action: "category_sat_key" } })).toBe(0);

    expect((await post(admin.cookie, { categoryId: "1", satProductKey: "5410 1503" })).status).toBe(302);
    expect((await post(admin.cookie, { categoryId: "2", satProductKey: "54101502" })).status).toBe(302);
    expect((await post(admin.cookie, { categoryId: "2", satProductKey: "54101502" })).status).toBe(302); // unchanged
    const keys = await prisma.category.findMany({ orderBy: { id: "asc" }, select: { satProductKey: true } });
    expect(keys.map((k) => k.satProductKey)).toEqual(["54101503", "54101502", "54101500", "54101500"]);
    const trail = await prisma.auditEntry.findMany({ where: { action: "category_sat_key" }, orderBy: { id: "asc" } });
    expect(trail.map((e) => [e.actorEmail, e.before, e.after])).toEqual([
      [
        admin.user.email,
        { category: "Anillos", satProductKey: "54101500" },
        { category: "Anillos", satProductKey: "54101503" },
      ],
      [
        admin.user.email,
        { category: "Collares", satProductKey: "54101500" },
        { category: "Collares", satProductKey: "54101502" },
      ],
    ]);
  });

  it("goes into the CFDI of each piece, from its category when stamped; a piece that is gone keeps the default", async () => {
    await prisma.category.update({ where: { id: 1 }, data: { satProductKey: "54101503" } });
    await prisma.category.update({ where: { id: 2 }, data: { satProductKey: "54101502" } });
    const ring = await createProduct({ name: "Anillo", categoryId: 1, price: 1_250_000 });
    const chain = await createProduct({ name: "Cadena", categoryId: 2, price: 3_333 });
    const user = await createUser();
    const items = [
      { productId: ring.id, price: 1_250_000, quantity: 1, productName: "Anillo" },
      { productId: chain.id, price: 3_333, quantity: 3, productName: "Cadena" },
      { productId: null, price: 50_000, quantity: 1, productName: "Pieza retirada" },
    ];
    const order = await paidCardOrder(user.id, "LJ8000000001", items);
    const result = await requestInvoice({
      userId: user.id,
      orderNumber: order.number,
      receptor: {
        rfc: "EKU9003173C9",
        name: "ESCUELA KEMPER URGATE",
        regimen: "601",
        uso: "G03",
        zip: "42501",
        email: "compras@kemper.example",
      },
    });
    expect(result.status).toBe("issued");
    // A key changed after stamping leaves the stamped invoice as it was.
    await prisma.category.update({ where: { id: 1 }, data: { satProductKey: "54101599" } });
    const { xml } = await prisma.invoice.findFirstOrThrow({ where: { orderId: order.id } });
    const concepts = [...(xml ?? "").matchAll(/<cfdi:Concepto ClaveProdServ="(\d{8})"[^>]*Descripcion="([^"]+)"/g)];
    expect(concepts.map((m) => [m[2], m[1]])).toEqual([
      ["Anillo", "54101503"],
      ["Cadena", "54101502"],
      ["Pieza retirada", "54101500"],
      ["Envío", "78102203"],
    ]);
  });
});
