import { beforeEach, describe, expect, it } from "vitest";
import { metalsOf, NO_FILTERS, parseCollectionFilters } from "~/lib/collection";
import { getCollection } from "~/models/collection.server";
import { loader as homeLoader } from "~/routes/_index";
import { prisma } from "~/utils/db.server";
import { createCategories, createProduct, resetDatabase } from "../db-utils";

/** Collections (issue 37): a category's grid with its count, the spec's orders and the shopper's filters. */

beforeEach(async () => {
  await resetDatabase();
  await createCategories();
});

type HomeData = { total: number | null; list: { products: { name: string }[]; hasNext: boolean }; canonical: string };

async function home(query: string): Promise<HomeData> {
  const result = await homeLoader({ request: new Request(`http://localhost/?${query}`), params: {}, context: {} });
  return result as unknown as HomeData;
}

const names = (data: HomeData) => data.list.products.map((p) => p.name);

describe("a category's collection", () => {
  it("counts its pieces and filters by metal (its models' too), price, availability and order", async () => {
    // Prices before IVA in centavos; the bounds are typed in shown pesos (with IVA by default).
    await createProduct({ name: "Anillo Rosa", material: "Oro rosa 14k", price: 8_000_00, stock: 2 });
    await createProduct({ name: "Anillo Blanco", material: "Oro blanco 14k", price: 12_000_00, stock: 0 });
    await createProduct({ name: "Anillo Plata", material: "Plata .925 con baño de oro", price: 800_00 });
    await createProduct({ name: "Collar Rosa", material: "Oro rosa 14k", categoryId: 2 });
    const models = await createProduct({ name: "Anillo Tres Oros", material: "Oro 14k", price: 5_000_00 });
    await prisma.variant.createMany({
      data: [
        { productId: models.id, name: "Oro", model: "Oro", price: 5_000_00, stock: 1, sortOrder: 1 },
        {
          productId: models.id,
          name: "Oro rosa",
          model: "Oro rosa",
          material: "Oro rosa 14k",
          price: 5_500_00,
          stock: 0,
          sortOrder: 2,
        },
      ],
    });

    const all = await home("categoria=rings");
    expect(all.total).toBe(4);
    expect(all.canonical).toBe("http://localhost/?categoria=rings");

    const rosa = await home("categoria=rings&metal=oro-rosa&orden=nombre");
    expect(names(rosa)).toEqual(["Anillo Rosa", "Anillo Tres Oros"]);
    expect(rosa.total).toBe(2);
    expect(rosa.canonical).toBe("http://localhost/?categoria=rings&metal=oro-rosa&orden=nombre");

    // Under $10,000 shown (8,000 + IVA = 9,280 is in; 12,000 + IVA is out).
    expect(names(await home("categoria=rings&metal=oro-rosa&max=9500&orden=precio-desc"))).toEqual([
      "Anillo Rosa",
      "Anillo Tres Oros",
    ]);
    expect(names(await home("categoria=rings&min=1000&max=9000&orden=precio-asc"))).toEqual(["Anillo Tres Oros"]);
    expect(names(await home("categoria=rings&metal=plata"))).toEqual(["Anillo Plata"]);
    expect(names(await home("categoria=rings&metal=oro-amarillo&orden=nombre"))).toEqual(["Anillo Tres Oros"]);
    expect(names(await home("categoria=rings&disponible=1&orden=precio-asc"))).toEqual([
      "Anillo Plata",
      "Anillo Tres Oros",
      "Anillo Rosa",
    ]);
    expect((await home("categoria=rings&metal=oro-blanco&disponible=1")).total).toBe(0);
  });

  it("filters the whole catalogue too, and the plain home grid shows no count", async () => {
    await createProduct({ name: "Anillo Rosa", material: "Oro rosa 14k" });
    await createProduct({ name: "Collar Rosa", material: "Oro rosa 14k", categoryId: 2 });
    await createProduct({ name: "Collar Plata", material: "Plata .925", categoryId: 2 });
    expect((await home("")).total).toBeNull();
    const rosa = await home("metal=oro-rosa&orden=nombre");
    expect(names(rosa)).toEqual(["Anillo Rosa", "Collar Rosa"]);
    expect(rosa.total).toBe(2);
  });

  it("pages with its filters, and answers 404 past the last page", async () => {
    for (let i = 0; i < 25; i += 1) await createProduct({ name: `Anillo ${String(i).padStart(2, "0")}` });
    const first = await home("categoria=rings&orden=nombre&disponible=1");
    expect(first.total).toBe(25);
    expect(first.list.hasNext).toBe(true);
    const second = await home("categoria=rings&orden=nombre&disponible=1&pagina=2");
    expect(names(second)).toEqual(["Anillo 24"]);
    await expect(home("categoria=rings&orden=nombre&disponible=1&pagina=3")).rejects.toMatchObject({ status: 404 });
  });

  it("applies the same metal rule in SQL as metalsOf", async () => {
    const materials = [
      "Oro 14k",
      "Oro amarillo 18k",
      "Oro blanco 14k",
      "ORO ROSA 10K",
      "Plata .925",
      "Plata .925 con baño de oro",
      "Perlas cultivadas y oro 14k",
      "Acero",
      "Oroplata",
    ];
    for (const material of materials) await createProduct({ name: material, material });
    for (const metal of ["oro-amarillo", "oro-blanco", "oro-rosa", "plata"] as const) {
      const found = await getCollection("rings", { ...NO_FILTERS, metal }, 1);
      const expected = materials.filter((m) => metalsOf(m).includes(metal));
      expect(found.products.map((p) => p.name).sort(), metal).toEqual(expected.sort());
    }
    expect(parseCollectionFilters(new URLSearchParams("metal=oro"))).toEqual(NO_FILTERS);
  });
});
