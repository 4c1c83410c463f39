import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { createCategories, createProduct, createUser, resetDatabase } from "../db-utils";
import { FORM, formBody, loginOverHttp, type RawResponse, send } from "./http-client";
import { type ShopServer, startShopServer } from "./http-server";
import { cookiesOf, nonceOf, partsOf } from "./page-parts";

/**
 * The signed-in /cart from the shared page (issue 35, docs/decisions/069): the anonymous /cart (an empty
 * cart and the way to sign in, the same for every visitor) is kept like a catalogue page, and a shopper's
 * /cart is that page with their cart put in — their lines, the discount code, the subtotal — and the same
 * values in the data the browser hydrates from, exactly as Remix renders it for them.
 */

let shop: ShopServer;
/** The same shop without its page cache (nothing stored, nothing assembled): Remix's own render. */
let remix: ShopServer;
beforeAll(async () => {
  [shop, remix] = await Promise.all([startShopServer(), startShopServer({ CATALOG_CACHE_TTL_MS: "0" })]);
});
afterAll(async () => {
  await Promise.all([shop?.stop(), remix?.stop()]);
});
beforeEach(async () => {
  await resetDatabase();
  await createCategories();
});

const get = (path: string, cookie?: string) => send(shop.url, { path, headers: cookie ? { Cookie: cookie } : {} });
const rendered = (path: string, cookie: string) => send(remix.url, { path, headers: { Cookie: cookie } });
async function signedIn(name: string): Promise<string> {
  const email = `${name.toLowerCase()}-${crypto.randomUUID().slice(0, 8)}@example.test`;
  await createUser({ email, name });
  return loginOverHttp(shop.url, email);
}

/** A post of the shop's forms: answered with data (a fetcher's, `_fetcher`) or a redirect (without JavaScript). */
async function post(path: string, cookie: string, fields: Record<string, string>): Promise<RawResponse> {
  const response = await send(shop.url, {
    method: "POST",
    path,
    body: formBody(fields),
    headers: { ...FORM, Origin: shop.url, Cookie: cookie },
  });
  expect(response.status, `${path} ${JSON.stringify(fields)}`).toBe(fields._fetcher ? 200 : 302);
  return response;
}

const add = (cookie: string, productId: number, quantity: number, variantId?: number) =>
  post("/cart", cookie, {
    intent: "add",
    productId: String(productId),
    quantity: String(quantity),
    ...(variantId ? { variantId: String(variantId) } : {}),
    redirectTo: "/",
    _fetcher: "1",
  });

/** The assembled /cart of `cookie` against Remix's render of it: the same HTML and the same data. */
async function expectAsRemixRenders(path: string, cookie: string): Promise<RawResponse> {
  const assembled = await get(path, cookie);
  expect(assembled.status).toBe(200);
  expect(assembled.headers["x-cache"], path).toBe("assembled");
  expect(assembled.headers["cache-control"]).toBe("private, no-store");
  const remixPage = await rendered(path, cookie);
  expect(remixPage.headers["x-cache"]).toBeUndefined();
  const [a, b] = [await partsOf(remixPage), await partsOf(assembled)];
  expect(b.html).toBe(a.html);
  expect(b.data).toEqual(a.data);
  expect(nonceOf(assembled)).not.toBe(nonceOf(remixPage));
  return assembled;
}

const linesOf = (body: string) => [...body.matchAll(/data-testid="cart-line"/g)].length;
const subtotalOf = (body: string) => /data-testid="cart-total"[^>]*>([^<]+)</.exec(body)?.[1] ?? null;

describe("the signed-in /cart from the shared page", () => {
  it("is exactly the page and the data Remix renders, for every kind of cart", async () => {
    const ring = await createProduct({ name: "Anillo Cielo", stock: 0, price: 3_000_00 });
    await prisma.variant.createMany({
      data: [
        { productId: ring.id, name: "6", size: "6", price: 3_000_00, stock: 2, sortOrder: 0 },
        { productId: ring.id, name: "7", size: "7", price: 3_100_00, stock: 1, sortOrder: 1 },
      ],
    });
    const sizes = await prisma.variant.findMany({ where: { productId: ring.id }, orderBy: { sortOrder: "asc" } });
    const chain = await createProduct({ name: 'Cadena <Aurora> & "Sol"', stock: 3, price: 1_250_50 });
    const code = await prisma.discountCode.create({
      data: { code: `CIELO${Date.now()}`, kind: "percentage", value: 10 },
    });

    // Empty, signed in: the empty cart without the way to sign in.
    const empty = await signedIn("Vacia");
    const emptyPage = await expectAsRemixRenders("/cart", empty);
    expect(emptyPage.body).toContain('data-testid="cart-empty"');
    expect(emptyPage.body).not.toContain("INICIAR SESIÓN PARA COMPRAR");

    // Lines with and without a size, a name that needs escaping, the last pieces of a size.
    const lines = await signedIn("Lineas");
    await add(lines, ring.id, 1, sizes[0]!.id);
    await add(lines, ring.id, 1, sizes[1]!.id);
    await add(lines, chain.id, 2);
    const withLines = await expectAsRemixRenders("/cart", lines);
    expect(linesOf(withLines.body)).toBe(3);
    expect(withLines.body).toContain("Cadena &lt;Aurora&gt; &amp; &quot;Sol&quot;");
    expect(withLines.body).toContain("FINALIZAR COMPRA");
    // An ad-click id changes nothing in the page: assembled too.
    await expectAsRemixRenders("/cart?fbclid=IwAR-cielo&utm_source=meta", lines);

    // A discount code applied (the code's box, its amount, the charge the meses sin intereses divide).
    await post("/cupon", lines, { intent: "apply", code: code.code, redirectTo: "/cart", _fetcher: "1" });
    const withCode = await expectAsRemixRenders("/cart", lines);
    expect(withCode.body).toContain('data-testid="coupon-applied"');
    // …and the code that stopped applying, with its reason.
    await prisma.discountCode.update({ where: { id: code.id }, data: { endsAt: new Date(Date.now() - 60_000) } });
    await expectAsRemixRenders("/cart", lines);

    // A staff account's cart (the header's admin menu is another hole).
    const staffEmail = `staff-${crypto.randomUUID().slice(0, 8)}@example.test`;
    await createUser({ email: staffEmail, name: "Staff", role: "admin" });
    const staff = await loginOverHttp(shop.url, staffEmail);
    await add(staff, chain.id, 1);
    const staffPage = await expectAsRemixRenders("/cart", staff);
    expect(staffPage.body).toContain("Panel Admin");
  });

  it("shows each of two interleaved shoppers only their own cart, and every change at once", async () => {
    const gold = await createProduct({ name: "Pulsera Dorada", stock: 10, price: 2_000_00 });
    const silver = await createProduct({ name: "Pulsera Plateada", stock: 10, price: 900_00 });
    const ana = await signedIn("Anabel");
    const beto = await signedIn("Bertoldo");
    await add(ana, gold.id, 2);
    await add(beto, silver.id, 1);
    await get("/cart");
    for (let round = 0; round < 2; round += 1) {
      const [a, b] = await Promise.all([get("/cart", ana), get("/cart", beto)]);
      for (const [page, own, other] of [
        [a, "Pulsera Dorada", "Pulsera Plateada"],
        [b, "Pulsera Plateada", "Pulsera Dorada"],
      ] as const) {
        expect(page.headers["x-cache"]).toBe("assembled");
        expect(page.body).toContain(own);
        expect(page.body).not.toContain(other);
      }
      expect(a.body).toContain("Anabel");
      expect(a.body).not.toContain("Bertoldo");
    }
    // Ana's changes show on her next page: one more piece, then a price the staff changed, then a removal.
    const before = subtotalOf((await get("/cart", ana)).body);
    await add(ana, gold.id, 1);
    const more = await expectAsRemixRenders("/cart", ana);
    expect(subtotalOf(more.body)).not.toBe(before);
    expect(more.body).toMatch(/data-testid="cart-count"[^>]*>3</);
    await prisma.product.update({ where: { id: gold.id }, data: { price: 2_500_00 } });
    const repriced = await expectAsRemixRenders("/cart", ana);
    expect(subtotalOf(repriced.body)).not.toBe(subtotalOf(more.body));
    const line = await prisma.cartItem.findFirstOrThrow({ where: { productId: gold.id } });
    await post("/cart", ana, { intent: "remove", lineKey: line.lineKey, current: "3" });
    const emptied = await expectAsRemixRenders("/cart", ana);
    expect(emptied.body).toContain('data-testid="cart-empty"');
    // Beto's cart is untouched.
    expect((await get("/cart", beto)).body).toContain("Pulsera Plateada");
  });

  it("renders a line once for what it shows: two carts with the same piece share it, a change of stock is a new line", async () => {
    // A name that spells the marker the cart's part is rendered with in each line's place.
    const piece = await createProduct({ name: 'Anillo <li data-cart-line-stand-in=""></li> $& $1', stock: 4 });
    const other = await createProduct({ name: "Broche Rocío", stock: 4 });
    const [ana, beto] = await Promise.all([signedIn("Anuar"), signedIn("Benita")]);
    await add(ana, piece.id, 2);
    await add(ana, other.id, 1);
    await add(beto, piece.id, 2);
    const first = await expectAsRemixRenders("/cart", ana);
    // Beto's line is Ana's first line, as it was rendered for her; the rest of his page is his.
    const second = await expectAsRemixRenders("/cart", beto);
    expect(linesOf(first.body)).toBe(2);
    expect(linesOf(second.body)).toBe(1);
    expect(second.body).toContain("Anillo &lt;li data-cart-line-stand-in=&quot;&quot;&gt;&lt;/li&gt; $&amp; $1");
    expect(second.body).not.toContain("Broche Rocío");
    // Someone else bought three: both lines now say so and can no longer grow, at once.
    await prisma.product.update({ where: { id: piece.id }, data: { stock: 1 } });
    for (const cookie of [ana, beto]) {
      const page = await expectAsRemixRenders("/cart", cookie);
      expect(page.body).toContain("Solo queda");
    }
    // The same line again for a third shopper, after the stock changed back: still what Remix renders.
    await prisma.product.update({ where: { id: piece.id }, data: { stock: 4 } });
    const carla = await signedIn("Carla");
    await add(carla, piece.id, 2);
    const third = await expectAsRemixRenders("/cart", carla);
    expect(third.body).not.toContain("Solo queda");
  });

  it("carries the previous post's message, and consumes it, as Remix does", async () => {
    const piece = await createProduct({ name: "Dije Luna", stock: 1 });
    const cookie = await signedIn("Mensaje");
    // More than the stock, without JavaScript: "Solo quedan…" waits in the session cookie for /cart.
    const added = await post("/cart", cookie, {
      intent: "add",
      productId: String(piece.id),
      quantity: "3",
      redirectTo: "/cart",
    });
    const withFlash = cookiesOf(added);
    const page = await expectAsRemixRenders("/cart", withFlash);
    expect(page.body).toContain('data-testid="flash-message"');
    const after = await get("/cart", cookiesOf(page));
    expect(after.headers["x-cache"]).toBe("assembled");
    expect(after.body).not.toContain('data-testid="flash-message"');
  });

  it("leaves the route's own pages alone: the question before clearing, and the code's answer beside its field", async () => {
    const piece = await createProduct({ name: "Arete Bruma", stock: 5 });
    const cookie = await signedIn("Pregunta");
    await add(cookie, piece.id, 1);
    const asking = await get("/cart?confirmar=vaciar", cookie);
    expect(asking.headers["x-cache"]).toBeUndefined();
    expect(asking.body).toContain("¿Vaciar el carrito?");
    // A wrong code without JavaScript: its answer is for the field, so the page renders it there.
    const typed = await post("/cupon", cookie, { intent: "apply", code: "NOEXISTE", redirectTo: "/cart" });
    const answered = await get("/cart", cookiesOf(typed));
    expect(answered.headers["x-cache"]).toBeUndefined();
    expect(answered.body).toContain('data-testid="coupon-message"');
  });

  it("gives every visitor without the shop's cookies the one shared page, and a stale session that page too", async () => {
    const first = await get("/cart");
    expect(first.headers["cache-control"]).toMatch(/^public/);
    expect(first.body).toContain("INICIAR SESIÓN PARA COMPRAR");
    const again = await get("/cart", "_fbp=fb.1.1764200000000.1234567890");
    expect(again.headers["x-cache"]).toBe("hit");
    // Signed out since (or a forged cookie): the logged-out page, privately.
    const cookie = await signedIn("Salida");
    await prisma.session.deleteMany({});
    const stale = await get("/cart", cookie);
    expect(stale.headers["x-cache"]).toBe("assembled");
    expect(stale.headers["cache-control"]).toBe("private, no-store");
    expect(stale.body).toContain("INICIAR SESIÓN PARA COMPRAR");
    expect((await partsOf(stale)).html).toBe((await partsOf(await rendered("/cart", cookie))).html);
  });
});
