import { beforeEach, describe, expect, it } from "vitest";
import { loader as slipLoader } from "~/routes/admin_.pedidos.$number.empaque";
import { prisma } from "~/utils/db.server";
import { createCategories, createProduct, createUser, resetDatabase } from "../db-utils";
import { createOrder, staffSession } from "./admin-fixtures";
import { getRequest, settle } from "./auth-helpers";
import { loginOverHttp, send } from "./http-client";
import { shopServerForFile } from "./http-server";

/**
 * The packing slip of issue 22 (app/routes/admin_.pedidos.$number.empaque.tsx): what goes in the
 * parcel — address, pieces with model and size, the gift options and message — and never a price;
 * the message printed as text, whatever the shopper typed. Rendered by the real server.
 */

const MESSAGE = '¡Feliz aniversario, Lucía!\n<script>alert("regalo")</script> & <b>con amor</b>, M.';

const shop = shopServerForFile();
beforeEach(async () => {
  await resetDatabase();
  await createCategories();
});

/** A paid order of two white-gold rings in size 7 and a necklace whose model is only a name, sent as a gift. */
async function giftOrder() {
  const customer = await staffSession("customer");
  const ring = await createProduct({ name: "Anillo Trenza", material: "Oro 14k" });
  const variant = await prisma.variant.create({
    data: { productId: ring.id, name: "Oro blanco · Talla 7", model: "Oro blanco", size: "7", price: 6890_00 },
  });
  const necklace = await createProduct({ name: "Collar Gota" });
  const order = await createOrder({
    userId: customer.user.id,
    items: [
      { productId: ring.id, variantId: variant.id, quantity: 2, price: 6890_00 },
      { productId: necklace.id, quantity: 1, price: 1234_56 },
    ],
  });
  const [ringLine, necklaceLine] = await prisma.orderItem.findMany({
    where: { orderId: order.id },
    orderBy: { id: "asc" },
  });
  await prisma.orderItem.update({
    where: { id: ringLine!.id },
    data: { productName: "Anillo Trenza", variantName: "Oro blanco · Talla 7", material: "Oro blanco 14k" },
  });
  // No variant left to read: the model comes from the name the order froze.
  await prisma.orderItem.update({
    where: { id: necklaceLine!.id },
    data: { productName: "Collar Gota", variantName: "Cadena larga", material: "Plata .925" },
  });
  await prisma.order.update({ where: { id: order.id }, data: { giftMessage: MESSAGE, giftWrapPrice: 89_99 } });
  await prisma.address.update({
    where: { orderId: order.id },
    data: { interiorNumber: "4B", references: "Portón verde, junto a la farmacia" },
  });
  return { order, customer };
}

/** A staff member of `role` logged in over HTTP, as the browser does. */
async function staffCookie(role: "worker" | "admin") {
  const email = `${role}-${crypto.randomUUID().slice(0, 8)}@example.test`;
  await createUser({ email, role });
  return loginOverHttp(shop.url, email);
}

/**
 * The slip's own markup (the root's header and footer are the shop's, not the slip's), without the
 * comments React puts between adjacent texts.
 */
function slipMarkup(body: string): string {
  const start = body.indexOf('data-testid="packing-slip"');
  expect(start, "the packing slip is on the page").toBeGreaterThan(0);
  return body.slice(start, body.indexOf("</article>", start)).replaceAll("<!-- -->", "");
}

describe("the packing slip", () => {
  it("gives staff the pieces, the address and the gift options, and no amount at all", async () => {
    const { order } = await giftOrder();
    const { cookie } = await staffSession("worker");
    const outcome = await settle(() =>
      slipLoader({
        request: getRequest(`/admin/pedidos/${order.number}/empaque`, cookie),
        params: { number: order.number.toLowerCase() },
        context: {},
      }),
    );
    expect(outcome.status).toBe(200);
    const { slip } = outcome.body as { slip: Record<string, unknown> };
    expect(slip).toMatchObject({
      number: order.number,
      giftWrap: true,
      giftMessage: MESSAGE,
      lines: [
        { name: "Anillo Trenza", model: "Oro blanco 14k", size: "Talla 7", quantity: 2 },
        { name: "Collar Gota", model: "Cadena larga · Plata .925", size: null, quantity: 1 },
      ],
    });
    // Nothing priced even reaches the page's data (it is serialized into the HTML).
    expect(JSON.stringify(outcome.body)).not.toMatch(/price|total|subtotal|tax|shipping/i);
  });

  it("prints the message as text inside the page, with the lines and without prices", async () => {
    const { order } = await giftOrder();
    const cookie = await staffCookie("worker");
    const page = await send(shop.url, { path: `/admin/pedidos/${order.number}/empaque`, headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    expect(page.headers["cache-control"]).toBe("private, no-store");
    // The markup a shopper typed never becomes markup: nowhere in the page, the loader's data included.
    expect(page.body).not.toContain('<script>alert("regalo")');
    expect(page.body).not.toContain("<b>con amor</b>");
    const slip = slipMarkup(page.body);
    expect(slip).toContain("Hoja de empaque");
    expect(slip).toContain(order.number);
    expect(slip).toContain("Mensaje de regalo");
    expect(slip).toContain(
      "&lt;script&gt;alert(&quot;regalo&quot;)&lt;/script&gt; &amp; &lt;b&gt;con amor&lt;/b&gt;, M.",
    );
    expect(slip).toContain("Envoltura de regalo: <strong>Sí</strong>");
    for (const text of ["Anillo Trenza", "Oro blanco 14k", "Talla 7", "Collar Gota"]) {
      expect(slip).toContain(text);
    }
    for (const text of ["Calle Durango 12, int. 4B, Roma Norte", "C.P. 06700", "Portón verde, junto a la farmacia"]) {
      expect(slip).toContain(text);
    }
    expect(slip).not.toMatch(/\$\s?\d|MXN|Total|Subtotal|IVA|68\.90|6,890|1,234/);
  });

  it("says so in Spanish for an unknown order, and links from the order page", async () => {
    const { order } = await giftOrder();
    const cookie = await staffCookie("worker");
    const missing = await send(shop.url, { path: "/admin/pedidos/LJ999999/empaque", headers: { Cookie: cookie } });
    expect(missing.status).toBe(404);
    expect(missing.body).toContain("Pedido no encontrado");
    const orderPage = await send(shop.url, { path: `/admin/pedidos/${order.number}`, headers: { Cookie: cookie } });
    expect(orderPage.status).toBe(200);
    expect(orderPage.body).toContain(`href="/admin/pedidos/${order.number}/empaque"`);
    expect(orderPage.body).toContain("Imprimir hoja de empaque");
  });

  it("says 'no' to packaging and shows no message box for an order that is no gift", async () => {
    const { order } = await giftOrder();
    await prisma.order.update({ where: { id: order.id }, data: { giftMessage: null, giftWrapPrice: null } });
    const cookie = await staffCookie("admin");
    const page = await send(shop.url, { path: `/admin/pedidos/${order.number}/empaque`, headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    const slip = slipMarkup(page.body);
    expect(slip).toContain("Envoltura de regalo: <strong>No</strong>");
    expect(slip).toContain("Sin mensaje de regalo.");
    expect(slip).not.toContain('data-testid="slip-gift-message"');
  });
});
