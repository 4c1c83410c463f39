import { beforeEach, describe, expect, it } from "vitest";
import { parseSearchParams } from "~/lib/search";
import { catalogChanged } from "~/models/catalog-cache.server";
import { searchCatalog } from "~/models/search.server";
import { prisma } from "~/utils/db.server";
import { createCategories, createProduct, resetDatabase } from "../db-utils";

/** The search's own rules on small catalogues (the seed catalogue's queries: search-shoppers.test.ts). */

beforeEach(async () => {
  await resetDatabase();
  await createCategories();
});

const search = (query: string) => searchCatalog(parseSearchParams(new URLSearchParams(query)));
const names = (rows: { name: string }[]) => rows.map((r) => r.name);

describe("what a product's text is", () => {
  it("includes its variants' models, following staff changes to them", async () => {
    const ring = await createProduct({ name: "Anillo Luna", material: "Plata .925" });
    expect((await search("q=oro%20rosa")).total).toBe(0);

    const variant = await prisma.variant.create({
      data: { productId: ring.id, name: "Oro rosa 6", model: "Oro rosa", size: "6", price: 1_000_00, stock: 2 },
    });
    catalogChanged("everything");
    expect(names((await search("q=anillo%20oro%20rosa")).products)).toEqual(["Anillo Luna"]);

    await prisma.variant.update({ where: { id: variant.id }, data: { model: "Oro blanco" } });
    catalogChanged("everything");
    expect((await search("q=oro%20rosa")).total).toBe(0);
    expect(names((await search("q=oro%20blanco")).products)).toEqual(["Anillo Luna"]);

    // A stock change is not a text change: nothing to rewrite.
    await prisma.variant.update({ where: { id: variant.id }, data: { stock: 1 } });
    await prisma.variant.delete({ where: { id: variant.id } });
    catalogChanged("everything");
    expect((await search("q=oro%20blanco")).total).toBe(0);
  });

  it("follows staff edits of the description and the category's name", async () => {
    const ring = await createProduct({ name: "Anillo Luna", categoryId: 1 });
    expect((await search("q=bisel")).total).toBe(0);
    await prisma.product.update({ where: { id: ring.id }, data: { description: "Piedra en bisel de plata." } });
    catalogChanged({ productIds: [ring.id] });
    expect(names((await search("q=biseles")).products)).toEqual(["Anillo Luna"]);

    await prisma.category.update({ where: { id: 1 }, data: { name: "Sortijas finas" } });
    catalogChanged("everything");
    expect(names((await search("q=finas%20luna")).products)).toEqual(["Anillo Luna"]);
  });
});

describe("what the shop sells", () => {
  it("never finds, suggests or features a piece staff hid ('En venta' off)", async () => {
    const hidden = await createProduct({ name: "Anillo Turquesa", isFeatured: true });
    await createProduct({ name: "Collar Luna", categoryId: 2, isFeatured: true });
    expect(names((await search("q=anillo%20turquesa")).products)).toEqual(["Anillo Turquesa"]);

    await prisma.product.update({ where: { id: hidden.id }, data: { inStock: false } });
    catalogChanged("everything");
    for (const q of ["anillo%20turquesa", "turquesa", "Anillo%20Turquesa", "anillos"]) {
      expect((await search(`q=${q}`)).total, q).toBe(0);
    }
    // Its words correct nothing and lead nowhere; the featured pieces are the ones on sale.
    const typo = await search("q=turqesa");
    expect(typo).toMatchObject({ total: 0, suggestion: null });
    expect(names(typo.featured)).toEqual(["Collar Luna"]);
    expect((await search("q=luna%20turquesa")).suggestion).toBe("luna");
  });
});

describe("the relevance order", () => {
  it("puts all words in the name first, then name and material, then the description; the grid's order within", async () => {
    await createProduct({ name: "Anillo Sol", description: "Con una perla al centro.", material: "Plata .925" });
    await createProduct({ name: "Anillo Gala", material: "Perla cultivada y plata" });
    await createProduct({ name: "Anillo de Perla", material: "Oro 14k" });
    await createProduct({ name: "Anillo Perla Nueva", material: "Oro 14k", isNew: true });
    await createProduct({ name: "Collar Perla", categoryId: 2 });
    const found = await search("q=perla%20anillo");
    expect(names(found.products)).toEqual(["Anillo Perla Nueva", "Anillo de Perla", "Anillo Gala", "Anillo Sol"]);
    // The spec's sorts win when chosen.
    expect(names((await search("q=perla%20anillo&orden=nombre")).products)).toEqual([
      "Anillo de Perla",
      "Anillo Gala",
      "Anillo Perla Nueva",
      "Anillo Sol",
    ]);
  });

  it("puts what contains the typed text before what a correction found", async () => {
    await createProduct({ name: "Collar Riviera", categoryId: 2 });
    await createProduct({ name: "Estuche Escolar", description: "Para guardar tus piezas.", categoryId: 2 });
    const found = await search("q=colar");
    expect(names(found.products)).toEqual(["Estuche Escolar", "Collar Riviera"]);
    expect(found.suggestion).toBe("collar");
  });
});

describe("counts and pages", () => {
  it("counts every result, not only the page's", async () => {
    for (let i = 0; i < 30; i += 1) await createProduct({ name: `Anillo ${i}` });
    const first = await search("q=anillos");
    expect(first.total).toBe(30);
    expect(first.products).toHaveLength(24);
    expect(first.hasNext).toBe(true);
    const second = await search("q=anillos&pagina=2");
    expect(second).toMatchObject({ total: 30, hasNext: false });
    expect(second.products).toHaveLength(6);
    expect(await search("q=anillos&pagina=3")).toMatchObject({ total: 0, products: [], suggestion: null });
  });
});

describe("when nothing is found", () => {
  beforeEach(async () => {
    await createProduct({ name: "Anillo Luna", categoryId: 1, isFeatured: true });
    await createProduct({ name: "Pulsera Sol", categoryId: 3, isFeatured: true, isNew: true });
    await createProduct({ name: "Collar Estrella", categoryId: 2 });
  });

  it("offers the nearest search that finds something, with the shopper's filters", async () => {
    const found = await search("q=anillo%20de%20pulsera");
    expect(found).toMatchObject({ total: 0, products: [], suggestion: "anillo", featured: [] });
    expect((await search("q=anillo%20pulsera&categoria=bracelets")).suggestion).toBe("pulsera");
    expect((await search("q=anilo%20de%20pulcera")).suggestion).toBe("anillo");
  });

  it("shows featured pieces, newest first, when no search is near", async () => {
    const found = await search("q=xqzw");
    expect(found).toMatchObject({ total: 0, suggestion: null });
    expect(names(found.featured)).toEqual(["Pulsera Sol", "Anillo Luna"]);
    expect(found.featured[0]!.variants).toEqual([]);
    // No word at all (punctuation, stop words): the same.
    for (const q of ["%25%25", "de%20la%20con", "%C2%BF%3F"]) {
      expect(names((await search(`q=${q}`)).featured), q).toEqual(["Pulsera Sol", "Anillo Luna"]);
    }
  });

  it("weighs up to four words for the nearest search, keeping the most and the earliest", async () => {
    expect((await search("q=anillo%20sol%20luna%20estrella")).suggestion).toBe("anillo luna");
    expect((await search("q=sol%20estrella%20pulsera%20collar")).suggestion).toBe("sol pulsera");
    const longer = await search("q=anillo%20sol%20luna%20estrella%20collar");
    expect(longer.suggestion).toBe(null);
    expect(names(longer.featured)).toEqual(["Pulsera Sol", "Anillo Luna"]);
  });
});

describe("corrections", () => {
  it("use the catalogue's words, spelt as the catalogue spells them", async () => {
    await createProduct({ name: "Anillo Corazón" });
    const found = await search("q=anillo%20corazn");
    expect(names(found.products)).toEqual(["Anillo Corazón"]);
    expect(found.suggestion).toBe("anillo corazón");
  });

  it("never use a word no product has any more", async () => {
    const necklace = await createProduct({ name: "Collar Turquesa", categoryId: 2 });
    expect((await search("q=turqesa")).suggestion).toBe("turquesa");
    await prisma.product.update({ where: { id: necklace.id }, data: { name: "Collar Ámbar" } });
    catalogChanged("everything");
    const found = await search("q=turqesa");
    expect(found).toMatchObject({ total: 0, suggestion: null });
  });

  it("are not made for a word that some product has", async () => {
    await createProduct({ name: "Anillo Colibrí" });
    await createProduct({ name: "Anillo Colibri Dorado" });
    expect(await search("q=colibri")).toMatchObject({ total: 2, suggestion: null });
  });
});
