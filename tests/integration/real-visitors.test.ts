import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { createCategories, createProduct, createUser, resetDatabase } from "../db-utils";
import { createOrder } from "./admin-fixtures";
import { FORM, formBody, loginOverHttp, send } from "./http-client";
import { until } from "../support/wait";
import { type ShopServer, startShopServer } from "./http-server";
import { cookiesOf, nonceOf, partsOf } from "./page-parts";

/**
 * The visitors a shop really gets (issue 35, decisions 046 and 047) through the real HTTP server:
 * marketing cookies and ad-click ids share the anonymous page, the shop's own cookies always make a
 * request personal, and a signed-in catalogue page is the cached anonymous page with that shopper's
 * parts — never another shopper's — exactly as Remix would have rendered it.
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

const FBP = "_fbp=fb.1.1764200000000.1234567890; _ga=GA1.1.99";
const get = (path: string, cookie?: string) => send(shop.url, { path, headers: cookie ? { Cookie: cookie } : {} });
const rendered = (path: string, cookie: string) => send(remix.url, { path, headers: { Cookie: cookie } });

/** A new shopper, signed in over HTTP, with `pieces` of `productId` in the cart. */
async function shopper(name: string, productId: number, pieces: number): Promise<string> {
  const email = `${name.toLowerCase()}-${crypto.randomUUID().slice(0, 8)}@example.test`;
  await createUser({ email, name });
  const cookie = await loginOverHttp(shop.url, email);
  const add = await send(shop.url, {
    method: "POST",
    path: "/cart",
    body: formBody({ intent: "add", productId: String(productId), quantity: String(pieces), redirectTo: "/cart" }),
    headers: { ...FORM, Origin: shop.url, Cookie: cookie },
  });
  expect(add.status).toBe(302);
  return cookie;
}

/** A new account registered over HTTP, made staff: its cookie carries the pixel's one-shot registration event. */
async function registeredStaff(): Promise<{ fresh: string; email: string }> {
  const email = `alta-${crypto.randomUUID().slice(0, 8)}@example.test`;
  const password = "bruma-de-plata-7";
  const registered = await send(shop.url, {
    method: "POST",
    path: "/register",
    body: formBody({ name: "Elena Staff", email, password, confirmPassword: password }),
    headers: { ...FORM, Origin: shop.url },
  });
  expect(registered.status).toBe(302);
  const user = await prisma.user.findUniqueOrThrow({ where: { email } });
  await prisma.userRole.upsert({
    where: { userId: user.id },
    create: { userId: user.id, role: "admin" },
    update: { role: "admin" },
  });
  return { fresh: cookiesOf(registered), email };
}

const cartBadge = (body: string) => /data-testid="cart-count"[^>]*>([^<]+)</.exec(body)?.[1] ?? null;

/** A search card's add control: logged out a link to the product page, signed in the form posting to /cart. */
const loggedOutAdd = (id: number) => `href="/producto/${id}">Agregar<span> al carrito</span></a>`;
const signedInAdd = (id: number) => `<input type="hidden" name="productId" value="${id}"/>`;

/**
 * Search cards of every kind, all found by `word`: a piece to add (featured, so an empty search shows it
 * too), one with models (its variant travels with the form), one with sizes (chosen on its page) and
 * one sold out (the same for everybody).
 */
async function searchablePieces(word: string) {
  const models = await createProduct({ name: `Pulsera ${word} Modelos`, stock: 0 });
  await prisma.variant.createMany({
    data: [
      { productId: models.id, name: "Oro", model: "Oro", price: 2_000_00, stock: 4, sortOrder: 0 },
      { productId: models.id, name: "Plata", model: "Plata", price: 1_500_00, stock: 4, sortOrder: 1 },
    ],
  });
  const sizes = await createProduct({ name: `Anillo ${word} Tallas`, stock: 0 });
  await prisma.variant.createMany({
    data: [
      { productId: sizes.id, name: "6", size: "6", price: 3_000_00, stock: 2, sortOrder: 0 },
      { productId: sizes.id, name: "7", size: "7", price: 3_000_00, stock: 2, sortOrder: 1 },
    ],
  });
  await createProduct({ name: `Arete ${word} Agotado`, stock: 0 });
  // Created last: it forgets the catalogue cache, variants included.
  return createProduct({ name: `Collar ${word}`, stock: 20, isFeatured: true });
}

describe("marketing cookies and ad-click ids", () => {
  it("a cookie the shop does not own neither personalises nor turns off the cache", async () => {
    const product = await createProduct({ name: "Anillo Marea" });
    for (const path of ["/", "/?categoria=rings", `/producto/${product.id}`, "/search?q=anillo"]) {
      await get(path);
      const withPixel = await get(path, FBP);
      expect(withPixel.status, path).toBe(200);
      expect(withPixel.headers["x-cache"], path).toBe("hit");
      expect(withPixel.headers["cache-control"], path).toMatch(/\bpublic\b/);
      expect(withPixel.headers.etag, path).toBeTruthy();
    }
  });

  it("a page first asked for with a marketing cookie is stored for everybody", async () => {
    const product = await createProduct({ name: "Collar Brisa" });
    // An address no earlier test asked for (product ids start again after each reset).
    const path = `/producto/${product.id}?talla=${crypto.randomUUID().slice(0, 8)}`;
    const first = await get(path, FBP);
    expect(first.headers["x-cache"]).toBe("miss");
    expect((await get(path)).headers["x-cache"]).toBe("hit");
  });

  it("an ad-click id or a campaign tag never makes a page of its own, nor shows in the page", async () => {
    const product = await createProduct({ name: "Pulsera Ola" });
    const path = `/producto/${product.id}?modelo=${crypto.randomUUID().slice(0, 8)}`;
    const first = await get(`${path}&fbclid=IwAR-first&utm_source=anuncio`);
    expect(first.headers["x-cache"]).toBe("miss");
    for (const query of ["&fbclid=IwAR-second", "&gclid=Cj0-x&utm_campaign=navidad", "", "&msclkid=1&ttclid=2"]) {
      const again = await get(`${path}${query}`);
      expect(again.headers["x-cache"], query).toBe("hit");
      expect(again.body.replaceAll(nonceOf(again)!, ""), query).toBe(first.body.replaceAll(nonceOf(first)!, ""));
    }
    for (const tracking of ["IwAR", "utm_", "fbclid", "anuncio"]) expect(first.body).not.toContain(tracking);
    const home = await get("/?categoria=rings&fbclid=IwAR-home");
    expect(home.body).toContain(`redirectTo=${encodeURIComponent("/?categoria=rings")}"`);
    expect(home.body).not.toContain("IwAR");
  });

  it("a parameter the page reads still makes its own page", async () => {
    await get("/?categoria=rings");
    expect((await get("/?categoria=necklaces")).headers["x-cache"]).toBe("miss");
    expect((await get("/?categoria=rings&pagina=1")).headers["x-cache"]).toBe("miss");
  });
});

describe("the shop's own cookies", () => {
  it("always make a request personal, even a logged-out device cookie", async () => {
    const product = await createProduct({ name: "Arete Coral" });
    for (const path of [`/producto/${product.id}`, "/search?q=coral"]) {
      await get(path);
      for (const cookie of [
        "__Host-joyeria_device=x",
        `${FBP}; __Host-joyeria_session=forged`,
        "__joyeria_session=y",
      ]) {
        const response = await get(path, cookie);
        expect(response.status, cookie).toBe(200);
        expect(response.headers["cache-control"], cookie).toBe("private, no-store");
        expect(response.headers.etag, cookie).toBeUndefined();
        expect(response.headers["x-cache"], cookie).not.toBe("hit");
        expect(response.body, cookie).toContain("Iniciar Sesión");
        // Nobody signed in: a search card still sends to the product page.
        if (path.startsWith("/search")) expect(response.body, cookie).toContain(loggedOutAdd(product.id));
      }
    }
  });
});

describe("signed-in catalogue pages from the shared page", () => {
  it("two shoppers interleaved on the same cached pages each see only their own name and count", async () => {
    const product = await createProduct({ name: "Anillo Aurora", stock: 20 });
    const ana = await shopper("Anabel", product.id, 2);
    const beto = await shopper("Bertoldo", product.id, 5);
    for (const path of ["/", "/?categoria=rings", `/producto/${product.id}`, "/search?q=aurora"]) {
      await get(path);
      for (let round = 0; round < 2; round += 1) {
        const [a, b] = await Promise.all([get(path, `${FBP}; ${ana}`), get(path, beto)]);
        for (const [response, own, other, count] of [
          [a, "Anabel", "Bertoldo", "2"],
          [b, "Bertoldo", "Anabel", "5"],
        ] as const) {
          expect(response.headers["x-cache"], path).toBe("assembled");
          expect(response.headers["cache-control"], path).toBe("private, no-store");
          expect(response.body, path).toContain(own);
          expect(response.body, path).not.toContain(other);
          expect(response.body, path).not.toContain("Iniciar Sesión");
          expect(cartBadge(response.body), path).toBe(count);
          const { data } = await partsOf(response);
          const root = (data as { loaderData: { root: { user: { displayName: string }; cartCount: number } } })
            .loaderData.root;
          expect(root.user.displayName).toBe(own);
          expect(root.cartCount).toBe(Number(count));
          if (path.startsWith("/search")) {
            expect(response.body).toContain(signedInAdd(product.id));
            expect(response.body).not.toContain(loggedOutAdd(product.id));
          }
        }
      }
      // The anonymous page stays anonymous.
      const anonymous = await get(path);
      expect(anonymous.headers["x-cache"]).toBe("hit");
      expect(anonymous.body).not.toMatch(/Anabel|Bertoldo/);
      expect(cartBadge(anonymous.body)).toBeNull();
      if (path.startsWith("/search")) expect(anonymous.body).toContain(loggedOutAdd(product.id));
    }
  });

  it("assembles exactly the page and the hydration data Remix renders for that shopper", async () => {
    const product = await searchablePieces("Luna");
    // Per page, what it must show: search results with every kind of card, a page with a tracking id
    // (left out of the forms' way back), and a search that finds nothing (the featured pieces).
    const cards = ['name="variantId"', 'data-needs-size=""', ">Agotado</button>"];
    const pages: Record<string, string[]> = {
      "/?categoria=bracelets": [],
      [`/producto/${product.id}?talla=${crypto.randomUUID().slice(0, 6)}`]: [],
      "/search?q=luna": [...cards, signedInAdd(product.id)],
      "/search?q=luna&orden=precio-asc&fbclid=IwAR-luna": [
        ...cards,
        'name="redirectTo" value="/search?orden=precio-asc&amp;q=luna"',
      ],
      "/search?q=zzxqwv": ["Piezas destacadas", signedInAdd(product.id)],
    };
    for (const [path, shown] of Object.entries(pages)) {
      const { fresh } = await registeredStaff();
      // The first page after registering consumes the pixel's event (no pixel configured here), then
      // the page with the cookie the server set again: Remix's own render of each, and the assembled one.
      const first = await get(path, fresh);
      expect(first.headers["x-cache"], path).toBe("assembled");
      expect((await partsOf(first)).html).toBe((await partsOf(await rendered(path, fresh))).html);
      const cookie = cookiesOf(first);
      expect(cookie).toContain("joyeria_session");
      const remixPage = await rendered(path, cookie);
      expect(remixPage.headers["x-cache"]).toBeUndefined();
      const assembled = await get(path, cookie);
      expect(assembled.headers["x-cache"], path).toBe("assembled");
      expect(assembled.body).toContain("Panel Admin");
      for (const part of shown) expect(assembled.body, path).toContain(part);
      expect(assembled.body, path).not.toContain(loggedOutAdd(product.id));
      const [a, b] = [await partsOf(remixPage), await partsOf(assembled)];
      expect(b.html).toBe(a.html);
      expect(b.data).toEqual(a.data);
      expect(nonceOf(assembled)).not.toBe(nonceOf(remixPage));
      expect(assembled.body).toContain(`nonce="${nonceOf(assembled)}"`);
    }
  });

  it("gives a product page the shopper's review notice, and renders the review form as before", async () => {
    const product = await createProduct({ name: "Broche Alba", stock: 5 });
    const email = `compradora-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const buyer = await createUser({ email, name: "Compradora" });
    const cookie = await loginOverHttp(shop.url, email);
    const path = `/producto/${product.id}?imagen=${crypto.randomUUID().slice(0, 4)}`;
    await get(path);
    const notBought = await get(path, cookie);
    expect(notBought.headers["x-cache"]).toBe("assembled");
    expect(notBought.body).toContain("Solo quienes compraron este producto pueden escribir una reseña.");
    expect(notBought.body).not.toContain("Inicia sesión</a>");

    await createOrder({ userId: buyer.id, status: "entregado", items: [{ productId: product.id, quantity: 1 }] });
    const mayReview = await get(path, cookie);
    expect(mayReview.headers["x-cache"]).toBeUndefined();
    expect(mayReview.body).toContain('data-testid="review-form"');

    await prisma.review.create({
      data: { userId: buyer.id, userName: "Compradora", productId: product.id, rating: 5, comment: "Preciosa pieza." },
    });
    await get(path);
    const reviewed = await get(path, cookie);
    expect(reviewed.headers["x-cache"]).toBe("assembled");
    expect(reviewed.body).toContain("Ya escribiste una reseña de este producto");
  });

  it("renders the anonymous page first when none is cached, so signed-in-only pages are assembled too", async () => {
    const product = await createProduct({ name: "Cadena Nube", stock: 5 });
    const cookie = await shopper("Dalia", product.id, 1);
    const path = `/producto/${product.id}?talla=${crypto.randomUUID().slice(0, 6)}`;
    const first = await get(path, cookie);
    expect(first.headers["x-cache"]).toBe("assembled");
    expect(first.body).toContain("Dalia");
    const anonymous = await get(path);
    expect(anonymous.headers["x-cache"]).toBe("hit");
    expect(anonymous.body).not.toContain("Dalia");
  });

  it("puts the previous post's message in the assembled page, as Remix does, and consumes it", async () => {
    const product = await createProduct({ name: "Dije Sol", stock: 1 });
    const cookie = await shopper("Carmela", product.id, 1);
    // An address of this test's own; the shop hears of the new catalogue through the database, a moment
    // after it was written (its cache may still hold an earlier test's product of the same id).
    const path = `/producto/${product.id}?imagen=${crypto.randomUUID().slice(0, 6)}`;
    await until(async () => (await get(path)).body.includes("Dije Sol"), "the shop to show the new product");
    // More than the stock: a notice waits in the session cookie for the next page.
    const add = await send(shop.url, {
      method: "POST",
      path: "/cart",
      body: formBody({ intent: "add", productId: String(product.id), quantity: "3", redirectTo: path }),
      headers: { ...FORM, Origin: shop.url, Cookie: cookie },
    });
    const withFlash = cookiesOf(add);
    expect(withFlash).toContain("joyeria_session");
    const page = await get(path, withFlash);
    expect(page.headers["x-cache"]).toBe("assembled");
    expect(page.body).toContain('data-testid="flash-message"');
    expect(page.body).toContain("Carmela");
    const remixPage = await rendered(path, withFlash);
    const [a, b] = [await partsOf(remixPage), await partsOf(page)];
    expect(b.html).toBe(a.html);
    expect(b.data).toEqual(a.data);
    // The response's cookie has no message left: the next page shows none.
    const after = await get(path, cookiesOf(page));
    expect(after.headers["x-cache"]).toBe("assembled");
    expect(after.body).not.toContain('data-testid="flash-message"');
  });

  it("renders the page as before for a message the page shows beside a field (the sizes)", async () => {
    const ring = await createProduct({ name: "Anillo Brisa", stock: 0 });
    await prisma.variant.createMany({
      data: [
        { productId: ring.id, name: "6", size: "6", price: 3_000_00, stock: 2, sortOrder: 0 },
        { productId: ring.id, name: "7", size: "7", price: 3_000_00, stock: 2, sortOrder: 1 },
      ],
    });
    const email = `brisa-${crypto.randomUUID().slice(0, 8)}@example.test`;
    await createUser({ email, name: "Brisa" });
    const cookie = await loginOverHttp(shop.url, email);
    const path = `/producto/${ring.id}`;
    await get(path);
    // No size chosen: "Elige tu talla" waits for the product page, beside its sizes.
    const add = await send(shop.url, {
      method: "POST",
      path: "/cart",
      body: formBody({ intent: "add", productId: String(ring.id), quantity: "1", redirectTo: path }),
      headers: { ...FORM, Origin: shop.url, Cookie: cookie },
    });
    expect(add.status).toBe(302);
    const page = await get(path, cookiesOf(add));
    expect(page.headers["x-cache"]).toBeUndefined();
    expect(page.body).toContain("Elige tu talla");
  });
});
