import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as rootLoader } from "~/root";
import { loader as homeLoader } from "~/routes/_index";
import { action as cartAction, loader as cartLoader } from "~/routes/cart";
import { loader as productLoader } from "~/routes/producto.$id";
import { loader as searchLoader } from "~/routes/search";
import { loader as sitemapLoader } from "~/routes/sitemap[.]xml";
import { catalogChanged } from "~/models/catalog-cache.server";
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
      expect(await routeRoundTrips(path, loader, params), `${name} on a miss`).toBe(1);
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
    expect(await routeRoundTrips("/search?q=anillo%20xqzw", searchLoader as Loader, {}), "empty search").toBe(2);
    expect(await routeRoundTrips("/search?q=anillo%20xqzw", searchLoader as Loader, {}), "empty search, hit").toBe(0);
    // A typo: found through its correction in the one statement.
    catalogChanged("everything");
    expect(await routeRoundTrips("/search?q=anilo", searchLoader as Loader, {}), "typo").toBe(1);
  });
});

describe("database round trips of a signed-in shopper's cart", () => {
  it("costs two: the session with its user and cart badge, then the cart's lines", async () => {
    await resetDatabase();
    await createCategories();
    const ring = await createProduct({ name: "Anillo Solitario", categoryId: 1, price: 1_500_00, stock: 5 });
    const chain = await createProduct({ name: "Cadena Oro", categoryId: 2, price: 900_00, stock: 5 });
    const user = await createUser();
    const cookie = (await createUserSession(new Request("http://localhost/login"), user.id)).split(";")[0]!;
    for (const product of [ring, chain]) {
      const body = new URLSearchParams({ intent: "add", productId: String(product.id), quantity: "2" });
      body.set("_fetcher", "1");
      const request = new Request("http://localhost/cart", {
        method: "POST",
        body,
        headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      });
      await cartAction({ request, params: {}, context: {} });
    }

    const trips = await roundTrips("/cart", cartLoader as Loader, {}, cookie);
    console.info(`Signed-in /cart (root + cart loader): ${trips} round trips`);
    expect(trips).toBeLessThanOrEqual(2);
    // The root alone: one statement for the session, the user, the role and the badge.
    expect(await roundTrips("/cart", noRouteLoader, {}, cookie)).toBe(1);

    // What the shared statement read is this shopper's, and the badge agrees with the lines.
    const context = {};
    const request = () => new Request("http://localhost/cart", { headers: { Cookie: cookie } });
    const [root, cart] = (await Promise.all([
      rootLoader({ request: request(), params: {}, context }),
      cartLoader({ request: request(), params: {}, context }),
    ])) as [{ user: { email: string }; cartCount: number }, Awaited<ReturnType<typeof cartLoader>>];
    expect(root.user.email).toBe(user.email);
    expect(root.cartCount).toBe(4);
    expect(cart.cart.count).toBe(4);
    expect(cart.cart.lines.map((l) => l.name)).toEqual(["Cadena Oro", "Anillo Solitario"]);
  });
});
