import { beforeEach, describe, expect, it } from "vitest";
import { parseSearchParams } from "~/lib/search";
import { catalogChanged } from "~/models/catalog-cache.server";
import { addToCart } from "~/models/cart.server";
import { getProductCards, getProductDetail, getProductGrid } from "~/models/product.server";
import { searchCatalog } from "~/models/search.server";
import { loader as productLoader } from "~/routes/producto.$id";
import { loader as homeLoader } from "~/routes/_index";
import { prisma } from "~/utils/db.server";
import { expectConsoleError } from "../setup/fail-on-console-error";
import { createCategories, createProduct, createUser, resetDatabase } from "../db-utils";

beforeEach(async () => {
  await resetDatabase();
  await createCategories();
});

const search = async (query: string) => (await searchCatalog(parseSearchParams(new URLSearchParams(query)))).products;
const names = (rows: { name: string }[]) => rows.map((r) => r.name);

describe("home grid", () => {
  it("returns the category's name and description for its heading", async () => {
    await prisma.category.update({ where: { id: 2 }, data: { description: "Piezas que enmarcan tu rostro." } });
    await createProduct({ name: "Collar Luna", categoryId: 2 });
    const grid = await getProductGrid("necklaces");
    expect(grid.section).toEqual({
      category: "necklaces",
      name: "Collares",
      description: "Piezas que enmarcan tu rostro.",
    });
    expect(names(grid.products)).toEqual(["Collar Luna"]);
  });

  it("answers 503 with the connection error as data when the database fails", async () => {
    const original = prisma.product.findMany;
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    prisma.product.findMany = (() => Promise.reject(refused)) as unknown as typeof original;
    expectConsoleError(1); // the loader logs the failure once
    try {
      const result = (await homeLoader({
        request: new Request("http://localhost/"),
        params: {},
        context: {},
      })) as unknown as {
        data: { error: string; list: { products: unknown[] } };
        init: { status: number };
      };
      expect(result.init.status).toBe(503);
      expect(result.data.error).toBe("Error cargando productos");
      expect(result.data.list.products).toEqual([]);
    } finally {
      prisma.product.findMany = original;
    }
  });

  it("does not pass a bug off as an outage: it reaches the error boundary", async () => {
    const original = prisma.product.findMany;
    prisma.product.findMany = (() =>
      Promise.reject(new TypeError("x is not a function"))) as unknown as typeof original;
    try {
      await expect(homeLoader({ request: new Request("http://localhost/"), params: {}, context: {} })).rejects.toThrow(
        "x is not a function",
      );
    } finally {
      prisma.product.findMany = original;
    }
  });
});

describe("searchCatalog", () => {
  beforeEach(async () => {
    await createProduct({
      name: "Anillo Corazón",
      material: "Oro rosa 14k",
      price: 2_500_00,
      categoryId: 1,
      isFeatured: true,
    });
    await createProduct({
      name: "Collar Perla",
      material: "Plata .925",
      description: "Perla cultivada",
      price: 1_200_00,
      originalPrice: 1_500_00,
      categoryId: 2,
    });
    await createProduct({
      name: "Pulsera Tenis",
      material: "Oro blanco",
      price: 10_000_00,
      originalPrice: 20_000_00,
      categoryId: 3,
      isNew: true,
    });
    await createProduct({ name: "Arracadas 50%_off", material: "Plata .925", price: 800_00, categoryId: 4 });
    await createProduct({ name: "Solitario Gala", material: "Platino", price: 14_500_00, categoryId: 1 });
  });

  it("lists nothing until some text is typed", async () => {
    expect(await search("")).toEqual([]);
    expect(await search("q=%20%20%20")).toEqual([]);
  });

  it("ignores case and accents, trims, and matches name, material, description and category name", async () => {
    expect(names(await search("q=ANILLO%20CORAZON"))).toEqual(["Anillo Corazón"]);
    expect(names(await search("q=%20coraz%C3%B3n%20"))).toEqual(["Anillo Corazón"]);
    expect(names(await search("q=oro&orden=nombre"))).toEqual(["Anillo Corazón", "Pulsera Tenis"]);
    expect(names(await search("q=cultivada"))).toEqual(["Collar Perla"]);
    expect(names(await search("q=pendientes"))).toEqual(["Arracadas 50%_off"]);
  });

  it("treats % and _ literally", async () => {
    expect(names(await search("q=%25"))).toEqual(["Arracadas 50%_off"]);
    expect(names(await search("q=_"))).toEqual(["Arracadas 50%_off"]);
    expect(await search("q=%5C")).toEqual([]);
  });

  it("filters by category", async () => {
    expect(names(await search("q=plata&categoria=necklaces"))).toEqual(["Collar Perla"]);
  });

  it("filters by price in pesos as shown (with IVA, the default), inclusive of both bounds", async () => {
    // $1,200 and $2,500 before IVA show as $1,392 and $2,900.
    expect(names(await search("q=a&min=1392&max=2900&orden=precio-asc"))).toEqual(["Collar Perla", "Anillo Corazón"]);
    expect(names(await search("q=a&min=1393&max=2899"))).toEqual([]);
    expect(names(await search("q=a&min=9900&max=9900"))).toEqual([]);
  });

  it("reads the top of the range (10000) as 'and above'", async () => {
    expect(names(await search("q=a&min=10000&max=10000&orden=precio-asc"))).toEqual([
      "Pulsera Tenis",
      "Solitario Gala",
    ]);
    expect(names(await search("q=gala"))).toEqual(["Solitario Gala"]);
    expect(names(await search("q=gala&max=9900"))).toEqual([]);
  });

  it("lists only discounted products with Ofertas", async () => {
    expect(names(await search("q=a&ofertas=1&orden=nombre"))).toEqual(["Collar Perla", "Pulsera Tenis"]);
  });

  it("sorts by each option", async () => {
    const all = "q=a&max=9000";
    expect(names(await search(`${all}&orden=nombre`))).toEqual(["Anillo Corazón", "Arracadas 50%_off", "Collar Perla"]);
    expect(names(await search(`${all}&orden=precio-asc`))).toEqual([
      "Arracadas 50%_off",
      "Collar Perla",
      "Anillo Corazón",
    ]);
    expect(names(await search(`${all}&orden=precio-desc`))).toEqual([
      "Anillo Corazón",
      "Collar Perla",
      "Arracadas 50%_off",
    ]);
    expect(names(await search("q=a&orden=destacados")).slice(0, 2)).toEqual(["Anillo Corazón", "Pulsera Tenis"]);
    // 50 % off, then 20 % off, then no discount (by name).
    expect(names(await search("q=a&orden=descuento"))).toEqual([
      "Pulsera Tenis",
      "Collar Perla",
      "Anillo Corazón",
      "Arracadas 50%_off",
      "Solitario Gala",
    ]);
  });

  it("returns card data with variants", async () => {
    const [ring] = await search("q=corazon");
    await prisma.variant.create({
      data: { productId: ring!.id, name: "Talla 7", model: "Oro rosa", size: "7", price: 2_600_00, stock: 2 },
    });
    catalogChanged("everything"); // what a staff write does
    const [again] = await search("q=corazon");
    expect(again).toMatchObject({ name: "Anillo Corazón", price: 2_500_00, originalPrice: null, isFeatured: true });
    expect(again!.variants).toEqual([
      expect.objectContaining({
        model: "Oro rosa",
        size: "7",
        price: 2_600_00,
        stock: 2,
        originalPrice: null,
      }),
    ]);
  });
});

describe("a product staff hid from sale (En venta unticked)", () => {
  it("leaves the grid, search, related strips and its own page, and cannot be added to a cart", async () => {
    const hidden = await createProduct({ name: "Anillo Reservado", categoryId: 1, stock: 3 });
    const shown = await createProduct({ name: "Anillo Visible", categoryId: 1 });
    await prisma.product.update({ where: { id: hidden.id }, data: { inStock: false } });
    catalogChanged("everything"); // what the product form's save does

    expect(names((await getProductGrid("all")).products)).toEqual(["Anillo Visible"]);
    expect(names((await getProductGrid("rings")).products)).toEqual(["Anillo Visible"]);
    expect(names(await search("q=anillo"))).toEqual(["Anillo Visible"]);
    expect(await getProductDetail(hidden.id)).toBeNull();
    expect(names((await getProductDetail(shown.id))!.related)).toEqual([]);
    // Favourites and recently viewed (this browser's lists of ids) leave it out too.
    expect(names(await getProductCards([hidden.id, shown.id]))).toEqual(["Anillo Visible"]);
    const user = await createUser();
    await expect(addToCart(user.id, { productId: hidden.id, variantId: null, quantity: 1 })).rejects.toMatchObject({
      code: "product_not_found",
    });
  });
});

describe("the cards of a browser's list (/favoritos, recently viewed)", () => {
  it("keeps the list's order, skips unknown ids and follows a change of a listed product", async () => {
    const first = await createProduct({ name: "Collar Primero", categoryId: 2 });
    const second = await createProduct({ name: "Anillo Segundo", categoryId: 1 });
    expect(names(await getProductCards([second.id, 999_999, first.id]))).toEqual(["Anillo Segundo", "Collar Primero"]);
    await prisma.product.update({ where: { id: second.id }, data: { archivedAt: new Date() } });
    catalogChanged({ productIds: [second.id] });
    expect(names(await getProductCards([second.id, 999_999, first.id]))).toEqual(["Collar Primero"]);
  });
});

describe("product detail", () => {
  it("loads variants with images, reviews newest first, and up to 8 related products of the same category", async () => {
    const product = await createProduct({ name: "Anillo Aurora", categoryId: 1 });
    const variant = await prisma.variant.create({
      data: {
        productId: product.id,
        name: "Oro 6",
        model: "Oro",
        size: "6",
        price: 1_100_00,
        stock: 3,
        images: { create: [{ url: "/v.jpg" }] },
      },
    });
    for (let i = 0; i < 10; i += 1) await createProduct({ name: `Anillo ${i}`, categoryId: 1 });
    await createProduct({ name: "Collar ajeno", categoryId: 2 });
    const ana = await createUser({ name: "Ana" });
    const beto = await createUser({ name: "Beto" });
    await prisma.review.create({
      data: {
        productId: product.id,
        userId: ana.id,
        userName: "Ana",
        rating: 4,
        comment: "Muy bonito anillo",
        createdAt: new Date("2026-01-01"),
      },
    });
    await prisma.review.create({
      data: {
        productId: product.id,
        userId: beto.id,
        userName: "Beto",
        rating: 5,
        comment: "Llegó rapidísimo",
        createdAt: new Date("2026-02-01"),
      },
    });

    const detail = await getProductDetail(product.id);
    expect(detail?.variants).toEqual([
      expect.objectContaining({ id: variant.id, images: [{ url: "/v.jpg", alt: "" }] }),
    ]);
    expect(detail?.reviews.map((r) => r.userName)).toEqual(["Beto", "Ana"]);
    expect(detail?.related).toHaveLength(8);
    expect(detail?.related.map((r) => r.id)).not.toContain(product.id);
    expect(detail?.related.every((r) => r.name.startsWith("Anillo "))).toBe(true);
  });

  it("answers 404 for unknown and non-numeric ids", async () => {
    for (const id of ["999", "abc", "1.5", "-1", "99999999999"]) {
      const error = await productLoader({
        request: new Request(`http://localhost/producto/${id}`),
        params: { id },
        context: {},
      }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error, id).toBeInstanceOf(Response);
      expect((error as Response).status, id).toBe(404);
    }
  });

  it("reads one spelling of an id: /producto/007 is not product 7", async () => {
    let product = await createProduct();
    while (product.id < 7) product = await createProduct();
    const load = (id: string) =>
      productLoader({ request: new Request(`http://localhost/producto/${id}`), params: { id }, context: {} }).then(
        () => 200,
        (e: unknown) => (e instanceof Response ? e.status : 500),
      );
    expect(await load(String(product.id))).toBe(200);
    expect(await load(`00${product.id}`)).toBe(404);
  });

  it("returns the product and the URL's variant choice", async () => {
    const product = await createProduct({ name: "Anillo Sol" });
    const result = await productLoader({
      request: new Request(`http://localhost/producto/${product.id}?modelo=Oro&talla=7`),
      params: { id: String(product.id) },
      context: {},
    });
    expect(result.product.name).toBe("Anillo Sol");
    expect(result.selection).toEqual({ model: "Oro", size: "7" });
    expect(result.canonical).toBe(`http://localhost/producto/${product.id}`);
  });
});
