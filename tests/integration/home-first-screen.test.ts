import { beforeEach, describe, expect, it } from "vitest";
import { getHomeSections } from "~/models/home-sections.server";
import { loader as homeLoader } from "~/routes/_index";
import { prisma } from "~/utils/db.server";
import { createCategories, createProduct, createUser, resetDatabase } from "../db-utils";
import { createOrder } from "./admin-fixtures";

/** The home's first screen (issue 37): Más vendidos by paid orders, with ratings; the season's gift edit. */

beforeEach(async () => {
  await resetDatabase();
  await createCategories();
});

describe("the home's rows", () => {
  it("ranks Más vendidos by paid orders kept, with ratings, and shows the pieces tagged for the season", async () => {
    const user = await createUser();
    const [a, b, c, hidden] = await Promise.all(
      ["Anillo A", "Collar B", "Pulsera C", "Anillo Oculto"].map((name) => createProduct({ name })),
    );
    await createOrder({ userId: user.id, status: "entregado", items: [{ productId: b!.id, quantity: 1 }] });
    await createOrder({ userId: user.id, status: "procesando", items: [{ productId: b!.id, quantity: 1 }] });
    await createOrder({ userId: user.id, status: "enviado", items: [{ productId: a!.id, quantity: 3 }] });
    await createOrder({ userId: user.id, status: "pendiente", items: [{ productId: c!.id, quantity: 5 }] });
    await createOrder({ userId: user.id, status: "devuelto", items: [{ productId: c!.id, quantity: 5 }] });
    await createOrder({ userId: user.id, status: "entregado", items: [{ productId: hidden!.id, quantity: 9 }] });
    await prisma.product.update({ where: { id: hidden!.id }, data: { inStock: false } });
    await prisma.review.create({
      data: { productId: b!.id, userId: user.id, userName: "Ana", rating: 4, comment: "Bonito" },
    });
    await prisma.product.update({ where: { id: c!.id }, data: { occasions: ["navidad"] } });

    const sections = await getHomeSections("navidad");
    expect(sections.bestSellers.map((p) => p.name)).toEqual(["Collar B", "Anillo A"]);
    expect(sections.bestSellers[0]!.rating).toMatchObject({ average: 4, count: 1 });
    expect(sections.gift.map((p) => p.name)).toEqual(["Pulsera C"]);

    const home = (await homeLoader({
      request: new Request("http://localhost/"),
      params: {},
      context: {},
    })) as unknown as {
      home: { season: { title: string } } | null;
    };
    expect(home.home?.season.title).toMatch(/Navidad|Día de las Madres/);
    const category = (await homeLoader({
      request: new Request("http://localhost/?categoria=rings"),
      params: {},
      context: {},
    })) as unknown as { home: unknown };
    expect(category.home).toBeNull();
  });
});
