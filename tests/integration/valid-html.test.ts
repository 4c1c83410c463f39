import { execFile } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { createCategories, createProduct, createUser, resetDatabase } from "../db-utils";
import { createOrder, httpLoginCookie, stampedInvoiceRow } from "./admin-fixtures";
import { send } from "./http-client";
import { type ShopServer, startShopServer } from "./http-server";

/**
 * Valid pages (issue 37): the W3C Nu Html Checker (`vnu-jar`, run with Java) finds no error in the HTML
 * the built server sends for the storefront, the account pages and every admin page — one run of the
 * checker over all of them. `VNU_JAR` names the jar where the package is not installed.
 */

function vnuJar(): string {
  if (process.env.VNU_JAR) return process.env.VNU_JAR;
  try {
    return createRequire(import.meta.url)("vnu-jar") as string;
  } catch {
    throw new Error("The HTML checker is missing: `npm install --save-dev vnu-jar` (or set VNU_JAR to vnu.jar).");
  }
}

let shop: ShopServer;
beforeAll(async () => {
  await resetDatabase();
  await createCategories();
  shop = await startShopServer();
}, 120_000);
afterAll(() => shop?.stop());

describe("the HTML checker", () => {
  it("finds no error on the storefront, account and admin pages", { timeout: 120_000 }, async () => {
    const ring = await createProduct({ name: "Anillo Válido", price: 1_000_00, originalPrice: 1_500_00, stock: 5 });
    await prisma.variant.createMany({
      data: [
        { productId: ring.id, name: "Talla 6", size: "6", price: 1_000_00, originalPrice: 1_500_00, stock: 3 },
        { productId: ring.id, name: "Talla 7", size: "7", price: 1_000_00, stock: 0, sortOrder: 1 },
      ],
    });
    const soldOut = await createProduct({ name: "Anillo Agotado", stock: 0 });
    await createProduct({ name: "Anillo Similar", originalPrice: 2_000_00, stock: 4 });
    const customer = await createUser({ email: "valida@example.test" });
    const order = await createOrder({ userId: customer.id, items: [{ productId: ring.id, quantity: 1 }] });
    const admin = await httpLoginCookie(shop.url, "admin");
    // A used code: its edit page shows the text read-only (docs/decisions/058).
    const code = await prisma.discountCode.create({
      data: { code: `VALIDO${Date.now()}`, kind: "percentage", value: 10, usageLimit: 5, usedCount: 1 },
    });
    // A stamped invoice, for the invoice's admin screen and its Sustituir form.
    const invoice = await stampedInvoiceRow(order.id, "V");

    const anonymous = ["/", "/?categoria=rings", `/producto/${ring.id}`, `/producto/${soldOut.id}`, "/search?q=anillo"];
    const legal = ["/terminos-y-condiciones", "/aviso-de-privacidad", "/envios-y-devoluciones", "/guia-de-tallas"];
    const account = ["/login", "/register", "/forgot-password", "/no-existe"];
    const staff = [
      // Signed in, a search page is assembled from the anonymous one, the cards' forms spliced in (decision 046).
      "/search?q=anillo",
      "/cart",
      "/orders",
      "/admin",
      "/admin/productos",
      "/admin/productos/nuevo",
      `/admin/productos/${ring.id}`,
      `/admin/productos/${ring.id}/estado`,
      "/admin/pedidos",
      `/admin/pedidos/${order.number}`,
      "/admin/devoluciones",
      "/admin/facturas",
      `/admin/facturas/${invoice.id}`,
      "/admin/usuarios",
      "/admin/historial",
      "/admin/outbox",
      "/admin/importar",
      "/admin/exportar",
      "/admin/promociones/cupones",
      `/admin/promociones/cupones/${code.id}`,
    ];
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "valid-html-"));
    const pages = [
      ...[...anonymous, ...legal, ...account].map((p) => ({ path: p, cookie: null })),
      ...staff.map((p) => ({ path: p, cookie: admin })),
    ];
    const files = await Promise.all(
      pages.map(async ({ path: page, cookie }, i) => {
        const response = await send(shop.url, { path: page, headers: cookie ? { Cookie: cookie } : {} });
        expect(response.headers["content-type"], page).toMatch(/text\/html/);
        const file = path.join(dir, `${i}.html`);
        fs.writeFileSync(file, response.body);
        return { file, page };
      }),
    );
    let output = "";
    try {
      await promisify(execFile)("java", [
        "-jar",
        vnuJar(),
        "--errors-only",
        "--format",
        "gnu",
        ...files.map((f) => f.file),
      ]);
    } catch (error) {
      output = String((error as { stderr?: string }).stderr ?? error);
    }
    const named = files.reduce((text, { file, page }) => text.replaceAll(file, page), output);
    fs.rmSync(dir, { recursive: true, force: true });
    expect(named).toBe("");
  });
});
