import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sortForGrid } from "~/lib/catalog";
import { GRID_PAGE_SIZE, HOME_GRID_PAGE_SIZE } from "~/lib/constants";
import { catalogChanged } from "~/models/catalog-cache.server";
import { getProductDetail, getProductGrid } from "~/models/product.server";
import { prisma } from "~/utils/db.server";
import { createUserSession } from "~/utils/session.server";
import { createCategories, createUser, resetDatabase } from "../db-utils";
import { send } from "./http-client";
import { type ShopServer, startShopServer } from "./http-server";

/**
 * The catalogue at the size a real shop has (600 products, most with variants), through the real
 * server on the production build: what a page weighs and links to must not depend on that size.
 */
const PRODUCTS = 600;
const METALS = ["Oro amarillo 14k", "Oro blanco 14k", "Oro rosa 14k", "Plata .925"];

let shop: ShopServer;

async function seedLargeCatalogue() {
  await resetDatabase();
  await createCategories();
  const base = Date.parse("2026-06-01T12:00:00Z");
  await prisma.product.createMany({
    data: Array.from({ length: PRODUCTS }, (_, i) => ({
      name: `Anillo Solitario Constelación Aurora ${i + 1}`,
      description: "Una pieza hecha a mano en la Ciudad de México, con piedras elegidas una por una.",
      material: METALS[i % METALS.length]!,
      price: 1_000_00 + (i % 50) * 250_00,
      originalPrice: i % 5 === 0 ? 2_000_00 + (i % 50) * 250_00 : null,
      image: `/images/products/anillo-corazon.webp`,
      categoryId: 1 + (i % 4),
      stock: i % 9 === 0 ? 0 : 3 + (i % 40),
      isNew: i % 7 === 0,
      isFeatured: i % 11 === 0,
      createdAt: new Date(base - i * 3_600_000),
    })),
  });
  const ids = (await prisma.product.findMany({ select: { id: true }, orderBy: { id: "asc" } })).map((p) => p.id);
  await prisma.variant.createMany({
    data: ids.flatMap((productId, i) =>
      i % 3 === 0
        ? []
        : ["Oro amarillo", "Oro blanco", "Oro rosa"].flatMap((model, m) =>
            ["5", "6", "7", "8"].map((size, s) => ({
              productId,
              name: `${model} talla ${size}`,
              model,
              size,
              price: 1_500_00 + m * 100_00,
              stock: (i + s) % 4,
              image: `/images/products/anillo-corazon-oro.webp`,
              sortOrder: m * 10 + s,
            })),
          ),
    ),
  });
  catalogChanged("everything");
}

beforeAll(async () => {
  await seedLargeCatalogue();
  shop = await startShopServer();
}, 120_000);

afterAll(async () => {
  await shop?.stop();
});

const get = (path: string, headers: Record<string, string> = {}) => send(shop.url, { method: "GET", path, headers });
const cards = (html: string) => html.match(/data-testid="product-card"/g)?.length ?? 0;
const link = (html: string, rel: string) =>
  new RegExp(`<link rel="${rel}" href="([^"]+)"`).exec(html)?.[1]?.replaceAll("&amp;", "&") ?? null;

describe("a page of the grid at any catalogue size", () => {
  // Issue 37's target, 60 KB: the home's grid pages hold HOME_GRID_PAGE_SIZE cards (decision 060),
  // its first screen's rows show more (tests/integration/home-first-screen.test.ts weighs the home with
  // them). The bound keeps the page from growing with the catalogue.
  it("weighs at most 60 KB with its grid page of cards of 1,600 bytes at most", async () => {
    const home = await get("/");
    expect(home.status).toBe(200);
    expect(cards(home.body)).toBe(HOME_GRID_PAGE_SIZE);
    expect(Buffer.byteLength(home.body)).toBeLessThanOrEqual(60 * 1024);
    const cardHtml = home.body.match(/<article class="card"[\s\S]*?<\/article>/g) ?? [];
    const average = cardHtml.reduce((sum, c) => sum + Buffer.byteLength(c), 0) / cardHtml.length;
    expect(average).toBeLessThanOrEqual(1600);
  });

  it("links the next and previous pages with plain links (no JavaScript needed)", async () => {
    const first = await get("/");
    expect(link(first.body, "canonical")).toBe("https://tienda.example/");
    expect(link(first.body, "next")).toBe("https://tienda.example/?pagina=2");
    expect(link(first.body, "prev")).toBeNull();
    // Page links land on the grid (#productos), not on the hero (issue 22).
    expect(first.body).toContain('<a href="/?pagina=2#productos" rel="next"');

    const rings = await get("/?categoria=rings&pagina=2");
    expect(rings.status).toBe(200);
    expect(link(rings.body, "canonical")).toBe("https://tienda.example/?categoria=rings&pagina=2");
    expect(link(rings.body, "prev")).toBe("https://tienda.example/?categoria=rings");
    expect(link(rings.body, "next")).toBe("https://tienda.example/?categoria=rings&pagina=3");
    expect(rings.body).toContain('<a href="/?categoria=rings#productos" rel="prev"');
    expect(rings.body).toContain('<a href="/?categoria=rings&amp;pagina=3#productos" rel="next"');

    // 150 rings: page 7 is the last (6 × 24 + 6), with no next link.
    const last = await get("/?categoria=rings&pagina=7");
    expect(cards(last.body)).toBe(150 - 6 * GRID_PAGE_SIZE);
    expect(link(last.body, "next")).toBeNull();
    expect(last.body).not.toContain('rel="next"');
  });

  it("answers 404 past the last page and reads junk as page 1, never a 5xx", async () => {
    expect((await get("/?categoria=rings&pagina=8")).status).toBe(404);
    expect((await get("/?pagina=999999")).status).toBe(404);
    for (const junk of ["abc", "-1", "0", "1e3", "%00", "2.5"]) {
      const page = await get(`/?pagina=${junk}`);
      expect(page.status, junk).toBe(200);
      expect(link(page.body, "canonical"), junk).toBe("https://tienda.example/");
    }
    expect((await get("/search?q=anillo&pagina=abc")).status).toBe(200);
  });

  it("orders the pages as the grid rule says: new and featured, new, featured, the rest, newest first", async () => {
    const pages = await Promise.all([1, 2, 3, 4, 5].map((p) => getProductGrid("all", p)));
    const shown = pages.flatMap((p) => p.products.map((c) => c.id));
    const newestFirst = await prisma.product.findMany({
      select: { id: true, isNew: true, isFeatured: true },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    });
    expect(shown).toEqual(
      sortForGrid(newestFirst)
        .slice(0, 5 * HOME_GRID_PAGE_SIZE)
        .map((p) => p.id),
    );
    expect(pages.every((p) => p.hasNext)).toBe(true);
  });

  it("paginates search results the same way", async () => {
    const first = await get("/search?q=constelacion");
    expect(cards(first.body)).toBe(GRID_PAGE_SIZE);
    expect(first.body).toContain('<a href="/search?q=constelacion&amp;pagina=2" rel="next"');
    const second = await get("/search?q=constelacion&pagina=2");
    expect(cards(second.body)).toBe(GRID_PAGE_SIZE);
    expect(second.body).toContain('href="/search?q=constelacion" rel="prev"');
  });
});

describe("HTTP caching of catalogue pages", () => {
  it("lets anonymous visitors revalidate with an ETag and answers 304 without a body", async () => {
    for (const path of ["/", "/?categoria=rings&pagina=2", "/producto/1", "/search?q=oro"]) {
      const first = await get(path);
      // Browsers revalidate every time; a shared cache without a purger keeps it as long as the shop does.
      expect(first.headers["cache-control"], path).toMatch(/^public, max-age=0, s-maxage=\d+$/);
      const etag = first.headers.etag as string;
      expect(etag, path).toMatch(/^W\/"[\w-]+"$/);
      const again = await get(path, { "If-None-Match": etag });
      expect(again.status, path).toBe(304);
      expect(again.body, path).toBe("");
      // The browser keeps the policy stored with the page: a new nonce would block its scripts.
      expect(again.headers["content-security-policy"], path).toBeUndefined();
    }
    const stale = await get("/", { "If-None-Match": 'W/"otra-version"' });
    expect(stale.status).toBe(200);
  });

  it("keeps a request with one of the shop's cookies private and untagged; other cookies change nothing", async () => {
    const user = await createUser();
    const cookie = (await createUserSession(new Request("http://localhost/login"), user.id)).split(";")[0]!;
    const page = await get("/", { Cookie: cookie });
    expect(page.status).toBe(200);
    expect(page.headers["cache-control"]).toBe("private, no-store");
    expect(page.headers.etag).toBeUndefined();
    const device = await get("/producto/1", { Cookie: "__Host-joyeria_device=x" });
    expect(device.headers["cache-control"]).toBe("private, no-store");
    // A cookie the shop does not own (an owner's analytics, the pixel's) personalises nothing (decision 047).
    const foreign = await get("/producto/1", { Cookie: "preferencia=1; _fbp=fb.1.2.3" });
    expect(foreign.headers["cache-control"]).toMatch(/^public, max-age=0, s-maxage=\d+$/);
    expect(foreign.headers.etag).toBeTruthy();
  });
});

describe("catalogue cache", () => {
  it("serves reads from memory until catalogChanged(), which every catalogue write calls", async () => {
    const product = (await getProductGrid("rings", 1)).products[0]!;
    const before = await getProductDetail(product.id);
    await prisma.product.update({ where: { id: product.id }, data: { name: "Anillo Renombrado", price: 999_00 } });

    // Still the cached rows: what a shopper sees may be a few seconds old…
    expect((await getProductGrid("rings", 1)).products[0]!.name).toBe(product.name);
    expect((await getProductDetail(product.id))?.name).toBe(before?.name);

    // …until the write invalidates the catalogue.
    catalogChanged("everything");
    expect((await getProductGrid("rings", 1)).products[0]).toMatchObject({ name: "Anillo Renombrado", price: 999_00 });
    expect((await getProductDetail(product.id))?.price).toBe(999_00);
  });

  it("forgets only the pages that show the products a sale or a stock edit touched", async () => {
    const [first, second] = (await getProductGrid("rings", 1)).products;
    const other = (await getProductGrid("necklaces", 1)).products[0]!;
    await getProductDetail(first!.id);
    // A product with variants holds their sum (a trigger keeps it, decision 018): edit a plain one's.
    await setShelfStock(first!.id, 1);
    await setShelfStock(other.id, 2);

    catalogChanged({ productIds: [first!.id] });
    // Every page showing the changed product reads it again…
    expect((await getProductGrid("rings", 1)).products.find((p) => p.id === first!.id)?.stock).toBe(1);
    expect((await getProductDetail(first!.id))?.stock).toBe(1);
    expect((await getProductGrid("rings", 1)).products.find((p) => p.id === second!.id)).toBeDefined();
    // …and a page that does not show it stays cached.
    expect((await getProductGrid("necklaces", 1)).products[0]!.stock).toBe(other.stock);
  });
});

/** Puts `stock` pieces on the shelf: on the product, or all on its first variant when it has any. */
async function setShelfStock(productId: number, stock: number) {
  const variants = await prisma.variant.findMany({
    where: { productId },
    orderBy: { id: "asc" },
    select: { id: true },
  });
  if (variants.length === 0) {
    await prisma.product.update({ where: { id: productId }, data: { stock } });
    return;
  }
  await prisma.variant.updateMany({ where: { productId }, data: { stock: 0 } });
  await prisma.variant.update({ where: { id: variants[0]!.id }, data: { stock } });
}
