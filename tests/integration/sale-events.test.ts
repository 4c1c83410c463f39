import { describe, expect, it } from "vitest";
import { formatShopTimeInput } from "~/lib/shop-time";
import { SALE_EVENT_MESSAGES } from "~/lib/validation/sale-event";
import { parseCollectionFilters } from "~/lib/collection";
import { parseSearchParams } from "~/lib/search";
import { forgetCatalogHere } from "~/models/catalog-cache.server";
import { getCollection } from "~/models/collection.server";
import { searchCatalog } from "~/models/search.server";
import { addToCart, getCart } from "~/models/cart.server";
import { startCheckout } from "~/models/payment.server";
import { listSaleEvents } from "~/models/sale-event-admin.server";
import { loader as checkoutLoader } from "~/routes/checkout";
import { prisma } from "~/utils/db.server";
import { createUserSession } from "~/utils/session.server";
import { createProduct, createUser } from "../db-utils";
import { httpLoginCookie } from "./admin-fixtures";
import { callLoader, getRequest } from "./auth-helpers";
import { FORM, formBody, send } from "./http-client";
import { shopServerForFile } from "./http-server";
import { eventually, SHIPPING, SHOP_ORIGIN, setUpPayments, settledCardRefund } from "./payment-helpers";

/**
 * Sale events (issue 37, docs/decisions/057-sale-events.md) through the real server and the shop's own
 * modules: an event starts and ends by itself, the cached pages following at the boundary with no write;
 * an admin creates one with the plain form (Spanish errors, values kept); the product page, its card,
 * the search, the cart, the checkout and a placed and paid order all use the one sale price.
 */
const payments = setUpPayments();
const shop = shopServerForFile();

const untilInstant = (at: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now()) + 20));

describe("a sale event's boundaries", () => {
  // First in the file: the server has read no sale schedule yet, so it sees the event as written here.
  it("starts and ends by itself: cached pages are never served across a start or an end", async () => {
    const ring = await createProduct({ name: "Anillo Relámpago", price: 1_000_00 });
    const startsAt = Date.now() + 3_000;
    const endsAt = startsAt + 2_000;
    await prisma.saleEvent.create({
      data: {
        name: "Venta relámpago",
        percentOff: 20,
        startsAt: new Date(startsAt),
        endsAt: new Date(endsAt),
        products: { create: [{ productId: ring.id }] },
      },
    });
    const path = `/producto/${ring.id}`;
    // $1,000 before IVA is $1,160.00 shown; 20 % off: $800 → $928.00.
    const before = await send(shop.url, { path });
    expect(before.body).toContain("$1,160.00");
    expect(before.body).not.toContain("$928.00");
    // The shared cache may keep it only until the start, and not serve it stale past it.
    const control = String(before.headers["cache-control"]);
    expect(Number(/s-maxage=(\d+)/.exec(control)?.[1])).toBeLessThanOrEqual(3);
    expect(control).not.toContain("stale-while-revalidate");
    const again = await send(shop.url, { path });
    if (Date.now() < startsAt - 200) expect(again.headers["x-cache"]).toBe("hit");

    await untilInstant(startsAt);
    const during = await send(shop.url, { path });
    expect(during.headers["x-cache"]).not.toBe("hit");
    expect(during.body).toContain("$928.00");
    expect(during.body).toMatch(/-(<!-- -->)?20(<!-- -->)?%/);
    expect(during.body).toMatch(/<s[^>]*>.*?\$1,160\.00/s); // the regular price, struck
    expect(during.body).toContain('"price":"928.00"'); // Product JSON-LD
    const grid = await send(shop.url, { path: "/" });
    expect(grid.body).toContain("$928.00");
    expect(grid.body).toContain("OFERTA");

    await untilInstant(endsAt);
    const after = await send(shop.url, { path });
    expect(after.body).toContain("$1,160.00");
    expect(after.body).not.toContain("$928.00");
    expect((await send(shop.url, { path: "/" })).body).not.toContain("$928.00");
  });
});

describe("an event staff create in /admin/promociones", () => {
  it("is refused in Spanish with the values kept, then prices the page, the cart and a paid order", async () => {
    const ring = await createProduct({ name: "Anillo Buen Fin", price: 1_234_57, stock: 5, categoryId: 1 });
    const necklace = await createProduct({ name: "Collar Fuera", price: 500_00, categoryId: 2 });
    const admin = await httpLoginCookie(shop.url, "admin");
    const post = (
      cookie: string,
      fields: Record<string, string | string[]>,
      path = "/admin/promociones/eventos/nuevo",
    ) =>
      send(shop.url, {
        method: "POST",
        path,
        body: formBody(fields),
        headers: { ...FORM, Origin: shop.url, Cookie: cookie },
      });

    const refused = await post(admin, {
      name: "Buen Fin",
      percentOff: "95",
      startsAt: "2026-11-17T00:00",
      endsAt: "2026-11-13T00:00",
      productIds: "",
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toContain(SALE_EVENT_MESSAGES.percentInvalid);
    expect(refused.body).toContain('value="Buen Fin"');
    expect(refused.body).toContain('value="2026-11-17T00:00"');
    const reversed = await post(admin, {
      name: "Buen Fin",
      percentOff: "20",
      startsAt: "2026-11-17T00:00",
      endsAt: "2026-11-13T00:00",
      productIds: "",
    });
    expect(reversed.status).toBe(400);
    expect(reversed.body).toContain(SALE_EVENT_MESSAGES.endBeforeStart);
    expect(reversed.body).toContain(SALE_EVENT_MESSAGES.scopeRequired);
    const unknown = await post(admin, {
      name: "Buen Fin",
      percentOff: "20",
      startsAt: "2026-11-13T00:00",
      endsAt: "2026-11-17T00:00",
      productIds: "999999",
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toContain(`${SALE_EVENT_MESSAGES.productsUnknown}999999`);
    const worker = await httpLoginCookie(shop.url, "worker");
    const valid = {
      name: "Buen Fin",
      percentOff: "20",
      startsAt: formatShopTimeInput(Date.now() - 60_000),
      endsAt: formatShopTimeInput(Date.now() + 86_400_000),
      categoryIds: "1",
    };
    expect((await post(worker, valid)).status).toBe(403);
    expect(await prisma.saleEvent.count()).toBe(0);

    const created = await post(admin, valid);
    expect(created.status, created.body.slice(0, 300)).toBe(302);
    expect(created.headers.location).toBe("/admin/promociones");
    const event = await prisma.saleEvent.findFirstOrThrow({ include: { categories: true } });
    expect(event).toMatchObject({ name: "Buen Fin", percentOff: 20, categories: [{ categoryId: 1 }] });
    expect(await prisma.auditEntry.count({ where: { action: "sale_event" } })).toBe(1);

    // $1,234.57 − 20 % = $987.656 → $987.66 before IVA (half up to the centavo); shown with IVA $1,145.69,
    // the regular $1,432.10 struck.
    const page = await send(shop.url, { path: `/producto/${ring.id}` });
    expect(page.body).toContain("$1,145.69");
    expect(page.body).toContain("$1,432.10");
    expect(page.body).toMatch(/-(<!-- -->)?20(<!-- -->)?%/);
    expect((await send(shop.url, { path: `/producto/${necklace.id}` })).body).toContain("$580.00");
    const search = await send(shop.url, { path: "/search?q=anillo" });
    expect(search.body).toContain("$1,145.69");
    const list = await send(shop.url, { path: "/admin/promociones", headers: { Cookie: worker } });
    expect(list.status).toBe(200);
    expect(list.body).toContain("Buen Fin");
    expect(list.body).toContain("Activo");
    expect(list.body).toContain('href="/admin/promociones/cupones"');
    expect(list.body).not.toContain("Nuevo evento de ofertas"); // workers see, admins manage

    // The cart, the checkout and the order, in this process (its own schedule: forget what it had read).
    forgetCatalogHere("everything");
    const shopper = await createUser();
    await addToCart(shopper.id, { productId: ring.id, variantId: null, quantity: 2 });
    await addToCart(shopper.id, { productId: necklace.id, variantId: null, quantity: 1 });
    const cart = await getCart(shopper.id);
    expect(cart.lines.map((l) => [l.name, l.unitPrice, l.lineTotal])).toEqual([
      ["Collar Fuera", 500_00, 500_00],
      ["Anillo Buen Fin", 987_66, 2 * 987_66],
    ]);
    const cookie = (await createUserSession(new Request(`${SHOP_ORIGIN}/login`), shopper.id)).split(";")[0]!;
    const summary = await callLoader(checkoutLoader, getRequest("/checkout", cookie));
    const shownRing = 987_66 + 158_03; // 16 % of 987.66 = 158.0256
    expect(summary.body).toMatchObject({
      lines: expect.arrayContaining([expect.objectContaining({ quantity: 2, lineTotal: 2 * shownRing })]),
      totals: { subtotal: 2 * 987_66 + 500_00, total: 2 * shownRing + 580_00 + 15_00 },
    });

    const outcome = await startCheckout(new Request(`${SHOP_ORIGIN}/checkout`, { method: "POST" }), shopper, SHIPPING);
    if (!outcome.ok) throw new Error(outcome.message);
    const order = await prisma.order.findUniqueOrThrow({ where: { id: outcome.orderId }, include: { items: true } });
    expect(order.items.map((i) => [i.productName, i.price, i.saleEventId]).sort()).toEqual([
      ["Anillo Buen Fin", 987_66, event.id],
      ["Collar Fuera", 500_00, null],
    ]);
    expect(order.total).toBe(2 * shownRing + 580_00 + 15_00);
    const session = await payments.stripe.checkout.sessions.retrieve(order.stripeSessionId!);
    expect(session.amount_total).toBe(order.total);
    expect((await payments.pay(outcome.url)).status).toBe(303);
    await eventually(
      async () => (await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status === "procesando",
      "the order paid",
    );
    const [row] = await listSaleEvents();
    expect(row).toMatchObject({ state: "activo", revenue: 2 * 987_66, pieces: 2, orders: 1 });

    // One ring given back (the order kept, the other ring paid): the event sold one.
    const ringLine = order.items.find((i) => i.saleEventId === event.id)!;
    await settledCardRefund(order.id, { [ringLine.id]: 1 });
    expect((await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("procesando");
    expect((await listSaleEvents())[0]).toMatchObject({ revenue: 987_66, pieces: 1, orders: 1 });

    // Archived: the regular price at once (a staff write forgets the cached pages).
    const archived = await post(admin, { intent: "archive", eventId: String(event.id) }, "/admin/promociones");
    expect(archived.status).toBe(302);
    const regular = await send(shop.url, { path: `/producto/${ring.id}` });
    expect(regular.body).toContain("$1,432.10");
    expect(regular.body).not.toContain("$1,145.69");
    expect(await prisma.auditEntry.count({ where: { action: "sale_event_archive" } })).toBe(1);
  });
});

describe("filters and orders during a sale", () => {
  it("compare the price the cards show: a ring on sale is under $600 and first by price, and is an offer", async () => {
    const word = `Lucero${Date.now().toString(36)}`;
    // Shown with IVA: on sale $1,160.00 → $580.00 (50 %); $812.00; $1,044.00.
    const onSale = await createProduct({ name: `Anillo ${word} Rebajado`, price: 1_000_00, categoryId: 1 });
    const middle = await createProduct({ name: `Anillo ${word} Medio`, price: 700_00, categoryId: 1 });
    const dear = await createProduct({ name: `Anillo ${word} Caro`, price: 900_00, categoryId: 1 });
    const event = await prisma.saleEvent.create({
      data: {
        name: "Mitad de precio",
        percentOff: 50,
        startsAt: new Date(Date.now() - 3_600_000),
        endsAt: new Date(Date.now() + 3_600_000),
        products: { create: [{ productId: onSale.id }] },
      },
    });
    forgetCatalogHere("everything");
    const ids = (products: { id: number }[]) =>
      products.map((p) => p.id).filter((id) => [onSale.id, middle.id, dear.id].includes(id));
    const search = (query: string) => searchCatalog(parseSearchParams(new URLSearchParams(`q=${word}&${query}`)));
    const rings = (query: string) => getCollection("rings", parseCollectionFilters(new URLSearchParams(query)), 1);

    const under = await search("max=600");
    expect(ids(under.products)).toEqual([onSale.id]);
    expect(under.products[0]!.price).toBe(500_00); // the card's price is the sale price too
    expect(ids((await search("orden=precio-asc")).products)).toEqual([onSale.id, middle.id, dear.id]);
    expect(ids((await search("orden=precio-desc")).products)).toEqual([dear.id, middle.id, onSale.id]);
    expect(ids((await search("orden=descuento")).products)[0]).toBe(onSale.id);
    expect(ids((await search("ofertas=1")).products)).toEqual([onSale.id]);
    expect(ids((await search("min=600&max=900")).products)).toEqual([middle.id]);

    expect(ids((await rings("max=600&orden=precio-asc")).products)).toEqual([onSale.id]);
    expect(ids((await rings("min=500&max=1100&orden=precio-asc")).products)).toEqual([onSale.id, middle.id, dear.id]);

    // Over: the regular price again, for the filters as for the cards.
    await prisma.saleEvent.update({ where: { id: event.id }, data: { endsAt: new Date(Date.now() - 1) } });
    forgetCatalogHere("everything");
    expect(ids((await search("max=600")).products)).toEqual([]);
    expect(ids((await search("orden=precio-asc")).products)).toEqual([middle.id, dear.id, onSale.id]);
    expect(ids((await rings("min=1100&max=1200")).products)).toEqual([onSale.id]);
  });
});
