import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as rootLoader } from "~/root";
import { loader as homeLoader } from "~/routes/_index";
import { action as cartAction, loader as cartLoader } from "~/routes/cart";
import { loader as productLoader } from "~/routes/producto.$id";
import { loader as searchLoader } from "~/routes/search";
import { loader as sitemapLoader } from "~/routes/sitemap[.]xml";
import { catalogChanged } from "~/models/catalog-cache.server";
import { saleSchedule } from "~/models/sale-events.server";
import { prisma } from "~/utils/db.server";
import { createUserSession } from "~/utils/session.server";
import { createCategories, createProduct, createUser, resetDatabase } from "../db-utils";
import { catalogChangesPublished } from "~/models/catalog-notify.server";

/**
 * Measures database round trips per catalogue page: every statement the app sends goes through
 * `pg.Client#query` (Prisma's driver adapter), so counting those calls counts round trips.
 * A page costs its root loader plus its route loader (Remix runs them in parallel).
 * Budget: at most 3 per page, logged in or not, on a catalogue cache miss; on a hit the catalogue
 * costs nothing and only the root loader's session and cart reads remain.
 */
let count = 0;
const originalQuery = pg.Client.prototype.query;

beforeAll(() => {
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    count += 1;
    return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof originalQuery;
});

afterAll(() => {
  pg.Client.prototype.query = originalQuery;
});

type Loader = (args: { request: Request; params: Record<string, string>; context: object }) => unknown;

async function roundTrips(path: string, loader: Loader, params: Record<string, string>, cookie?: string) {
  const request = () => new Request(`http://localhost${path}`, cookie ? { headers: { Cookie: cookie } } : {});
  // Catalogue changes of the setup are still being published to other instances (server pass).
  await catalogChangesPublished();
  await prisma.$queryRaw`SELECT 1`; // connection open before counting
  count = 0;
  // One load context per request, shared by its loaders, as Remix passes it.
  const context = {};
  await Promise.all([
    rootLoader({ request: request(), params: {}, context }),
    loader({ request: request(), params, context }),
  ]);
  return count;
}

/** Stands in for a route loader that reads nothing: what is left is the root loader's cost. */
const noRouteLoader: Loader = () => null;

/** Round trips of the route loader alone. */
async function routeRoundTrips(path: string, loader: Loader, params: Record<string, string>) {
  await catalogChangesPublished();
  await prisma.$queryRaw`SELECT 1`;
  count = 0;
  await loader({ request: new Request(`http://localhost${path}`), params, context: {} });
  return count;
}

/** The sale schedule's one statement after a change to everything (docs/decisions/057-sale-events.md). */
const SALE_SCHEDULE = 1;

describe("database round trips per catalogue page", () => {
  it("stays within 3 for every page, logged out and logged in", async () => {
    await resetDatabase();
    await createCategories();
    const product = await createProduct({ name: "Anillo Corazón", categoryId: 1 });
    for (let i = 0; i < 12; i += 1) {
      const p = await createProduct({ name: `Anillo ${i}`, categoryId: 1 + (i % 4) });
      await prisma.variant.createMany({
        data: [
          { productId: p.id, name: "Oro 6", model: "Oro", size: "6", price: 1_000_00, stock: 3 },
          { productId: p.id, name: "Plata 7", model: "Plata", size: "7", price: 800_00, stock: 0 },
        ],
      });
    }
    const user = await createUser();
    const cookie = (await createUserSession(new Request("http://localhost/login"), user.id)).split(";")[0]!;

    const pages: [string, string, Loader, Record<string, string>][] = [
      ["home", "/", homeLoader as Loader, {}],
      ["category", "/?categoria=rings", homeLoader as Loader, {}],
      ["product", `/producto/${product.id}`, productLoader as Loader, { id: String(product.id) }],
      ["search", "/search?q=anillo&orden=precio-asc&ofertas=0&min=0&max=10000", searchLoader as Loader, {}],
      ["sitemap", "/sitemap.xml", sitemapLoader as Loader, {}],
    ];
    const table: Record<string, { loggedOut: number; loggedIn: number }> = {};
    for (const [name, path, loader, params] of pages) {
      table[name] = {
        loggedOut: await roundTrips(path, loader, params),
        loggedIn: await roundTrips(path, loader, params, cookie),
      };
    }
    console.info("Database round trips per page (root + route loader):");
    console.table(table);
    for (const [name, { loggedOut, loggedIn }] of Object.entries(table)) {
      expect(loggedOut, `${name} logged out`).toBeLessThanOrEqual(3);
      expect(loggedIn, `${name} logged in`).toBeLessThanOrEqual(3);
    }

    // Catalogue pages on a cache hit: no round trip for the catalogue; a visitor without a
    // session costs nothing at all, a logged-in one only the session and the cart badge.
    for (const [name, path, loader, params] of pages.slice(0, 4)) {
      catalogChanged("everything");
      // Two statements at once on a miss for the home (the grid and its first screen: best sellers, the
      // season's gifts) and a category (its page with the count, and its heading); one for the others.
      // Plus the sale schedule (docs/decisions/057), forgotten with everything and read again once for
      // every page of the process: one statement after a change to everything, none on later misses.
      const onAMiss = (name === "home" || name === "category" ? 2 : 1) + SALE_SCHEDULE;
      expect(await routeRoundTrips(path, loader, params), `${name} on a miss`).toBe(onAMiss);
      expect(await routeRoundTrips(path, loader, params), `${name} on a hit`).toBe(0);
      expect(await roundTrips(path, loader, params), `${name} on a hit, logged out`).toBe(0);
      // The product page also asks, uncached, whether this viewer may review the piece.
      const personal = name === "product" ? 1 : 0;
      expect(await roundTrips(path, loader, params, cookie), `${name} on a hit, logged in`).toBe(
        (await roundTrips(path, noRouteLoader, {}, cookie)) + personal,
      );
    }

    // A search that finds nothing asks once more, for its suggestion and the featured pieces.
    catalogChanged("everything");
    expect(await routeRoundTrips("/search?q=anillo%20xqzw", searchLoader as Loader, {}), "empty search").toBe(
      2 + SALE_SCHEDULE,
    );
    expect(await routeRoundTrips("/search?q=anillo%20xqzw", searchLoader as Loader, {}), "empty search, hit").toBe(0);
    // A typo: found through its correction in the one statement.
    catalogChanged("everything");
    expect(await routeRoundTrips("/search?q=anilo", searchLoader as Loader, {}), "typo").toBe(1 + SALE_SCHEDULE);
  });
});

describe("a signed-in shopper's cart", () => {
  const addRequest = (cookie: string, productId: number, quantity: number) =>
    new Request("http://localhost/cart", {
      method: "POST",
      body: new URLSearchParams({
        intent: "add",
        productId: String(productId),
        quantity: String(quantity),
        _fetcher: "1",
      }),
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    });

  /** The cart page as Remix loads it: root and cart loaders in parallel, one load context. */
  async function cartPage(cookie: string) {
    const context = {};
    const request = () => new Request("http://localhost/cart", { headers: { Cookie: cookie } });
    const [root, cart] = await Promise.all([
      rootLoader({ request: request(), params: {}, context }),
      cartLoader({ request: request(), params: {}, context }),
    ]);
    return { root: root as { user: { email: string } | null; cartCount: number }, cart };
  }

  async function shopperWithCart(items: [number, number][]) {
    const user = await createUser();
    const cookie = (await createUserSession(new Request("http://localhost/login"), user.id)).split(";")[0]!;
    for (const [productId, quantity] of items) {
      await cartAction({ request: addRequest(cookie, productId, quantity), params: {}, context: {} });
    }
    return { user, cookie };
  }

  it("costs one round trip: the session, its user and role, and the cart's lines", async () => {
    await resetDatabase();
    await createCategories();
    const ring = await createProduct({ name: "Anillo Solitario", categoryId: 1, price: 1_500_00, stock: 5 });
    const chain = await createProduct({ name: "Cadena Oro", categoryId: 2, price: 900_00, stock: 5 });
    const { user, cookie } = await shopperWithCart([
      [ring.id, 2],
      [chain.id, 2],
    ]);

    // The sale schedule is a catalogue read (decision 057): read once per process and change, not per cart.
    await saleSchedule();
    const trips = await roundTrips("/cart", cartLoader as Loader, {}, cookie);
    console.info(`Signed-in /cart (root + cart loader): ${trips} round trip(s)`);
    expect(trips).toBeLessThanOrEqual(1);
    // Every other signed-in page pays the same one statement in its root loader.
    expect(await roundTrips("/cart", noRouteLoader, {}, cookie)).toBe(1);

    const { root, cart } = await cartPage(cookie);
    expect(root.user?.email).toBe(user.email);
    expect(root.cartCount).toBe(4);
    expect(cart.cart).toMatchObject({ count: 4, total: 2 * 1_500_00 + 2 * 900_00 });
    expect(cart.cart.lines.map((l) => l.name)).toEqual(["Cadena Oro", "Anillo Solitario"]);
  });

  it("shows each shopper their own cart, a price edit and a sale at once, and nothing after logout", async () => {
    await resetDatabase();
    await createCategories();
    const ring = await createProduct({ name: "Anillo Solitario", categoryId: 1, price: 1_500_00, stock: 5 });
    const earrings = await createProduct({ name: "Aretes Perla", categoryId: 4, price: 700_00, stock: 5 });
    const ana = await shopperWithCart([[ring.id, 1]]);
    const bea = await shopperWithCart([[earrings.id, 3]]);

    // Two shoppers at the same moment: each request reads its own session.
    const [pageOfAna, pageOfBea] = await Promise.all([cartPage(ana.cookie), cartPage(bea.cookie)]);
    expect(pageOfAna.root.user?.email).toBe(ana.user.email);
    expect(pageOfAna.cart.cart.lines.map((l) => l.name)).toEqual(["Anillo Solitario"]);
    expect(pageOfBea.root).toMatchObject({ user: { email: bea.user.email }, cartCount: 3 });
    expect(pageOfBea.cart.cart.lines.map((l) => l.name)).toEqual(["Aretes Perla"]);

    // A staff price edit and a sale that leaves one piece, as their writes commit.
    await prisma.product.update({ where: { id: ring.id }, data: { price: 1_200_00, stock: 1 } });
    catalogChanged({ productIds: [ring.id] });
    const after = await cartPage(ana.cookie);
    expect(after.cart.cart.lines[0]).toMatchObject({ unitPrice: 1_200_00, stock: 1, lineTotal: 1_200_00 });
    expect(after.cart.cart.total).toBe(1_200_00);

    // A logout elsewhere (the session row gone) shows on the next request.
    await prisma.session.deleteMany({ where: { userId: ana.user.id } });
    const loggedOut = await cartPage(ana.cookie);
    expect(loggedOut.root).toMatchObject({ user: null, cartCount: 0 });
    expect(loggedOut.cart).toMatchObject({ loggedIn: false, cart: { lines: [] } });
  });
});
