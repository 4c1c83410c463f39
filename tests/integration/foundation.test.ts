import { beforeEach, describe, expect, it } from "vitest";
import { loader as healthz } from "~/routes/healthz";
import { getProductGrid } from "~/models/product.server";
import { prisma } from "~/utils/db.server";
import { createUserSession, getOptionalUser } from "~/utils/session.server";
import { createCategories, createProduct, createUser, resetDatabase } from "../db-utils";

beforeEach(async () => {
  await resetDatabase();
  await createCategories();
});

describe("database", () => {
  it("answers the health check", async () => {
    const response = await healthz();
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("OK");
  });

  it("keeps an accent-free, lower-case search text on products, including the category name", async () => {
    const product = await createProduct({ name: "Anillo Corazón", material: "Oro Rosa 14k", categoryId: 1 });
    const row = await prisma.product.findUniqueOrThrow({ where: { id: product.id }, select: { searchText: true } });
    expect(row.searchText).toContain("anillo corazon");
    expect(row.searchText).toContain("oro rosa 14k");
    expect(row.searchText).toContain("anillos");

    await prisma.category.update({ where: { id: 1 }, data: { name: "Sortijas" } });
    const renamed = await prisma.product.findUniqueOrThrow({ where: { id: product.id }, select: { searchText: true } });
    expect(renamed.searchText).toContain("sortijas");
  });

  it("enforces one cart line per user and item key", async () => {
    const user = await createUser();
    const product = await createProduct();
    const line = {
      userId: user.id,
      productId: product.id,
      lineKey: `${product.id}-base`,
      quantity: 1,
      price: product.price,
    };
    await prisma.cartItem.create({ data: line });
    await expect(prisma.cartItem.create({ data: line })).rejects.toMatchObject({ code: "P2002" });
  });
});

describe("getProductGrid", () => {
  it("lists new and featured first, then new, then featured, then the rest, newest first within each", async () => {
    const day = (d: number) => new Date(Date.UTC(2026, 10, d));
    await createProduct({ name: "Viejo", createdAt: day(1) });
    await createProduct({ name: "Destacado", isFeatured: true, createdAt: day(2) });
    await createProduct({ name: "Nuevo", isNew: true, createdAt: day(3) });
    await createProduct({ name: "Nuevo y destacado", isNew: true, isFeatured: true, createdAt: day(4) });
    await createProduct({ name: "Reciente", createdAt: day(5) });
    const names = (await getProductGrid()).products.map((p) => p.name);
    expect(names).toEqual(["Nuevo y destacado", "Nuevo", "Destacado", "Reciente", "Viejo"]);
  });

  it("filters by category slug", async () => {
    await createProduct({ name: "Collar Luna", categoryId: 2 });
    await createProduct({ name: "Anillo Sol", categoryId: 1 });
    expect((await getProductGrid("necklaces")).products.map((p) => p.name)).toEqual(["Collar Luna"]);
  });
});

describe("sessions", () => {
  it("reads the user and role of a database session from the signed cookie", async () => {
    const user = await createUser({ name: null, email: "marta@example.test", role: "worker" });
    const setCookie = await createUserSession(new Request("http://localhost/login"), user.id);
    const cookie = setCookie.split(";")[0]!;
    const sessionUser = await getOptionalUser(new Request("http://localhost/", { headers: { Cookie: cookie } }));
    expect(sessionUser).toMatchObject({ id: user.id, displayName: "marta", role: "worker" });

    await prisma.session.deleteMany({ where: { userId: user.id } });
    expect(await getOptionalUser(new Request("http://localhost/", { headers: { Cookie: cookie } }))).toBeNull();
  });
});
