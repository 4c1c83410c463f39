import { beforeEach, describe, expect, it } from "vitest";
import { action as productAction, loader as productLoader } from "~/routes/producto.$id";
import type { OrderStatus } from "~/generated/prisma/client";
import { createReview, getReviewEligibility } from "~/models/review.server";
import { prisma } from "~/utils/db.server";
import { createUserSession } from "~/utils/session.server";
import { createCategories, createProduct, createUser, resetDatabase } from "../db-utils";
import { createOrder } from "../order-utils";
import { errorsOf, formRequest, getRequest, settle } from "./auth-helpers";

beforeEach(async () => {
  await resetDatabase();
  await createCategories();
});

async function sessionCookie(userId: string) {
  return (await createUserSession(new Request("http://localhost/login"), userId)).split(";")[0]!;
}

const postReview = (productId: number, fields: Record<string, string>, cookie?: string) =>
  settle(() =>
    productAction({
      request: formRequest(`/producto/${productId}`, fields, { cookie }),
      params: { id: String(productId) },
      context: {},
    }),
  );

const loadProduct = async (productId: number, cookie?: string) => {
  const outcome = await settle(() =>
    productLoader({
      request: getRequest(`/producto/${productId}`, cookie),
      params: { id: String(productId) },
      context: {},
    }),
  );
  return outcome.body as Awaited<ReturnType<typeof productLoader>>;
};

describe("review eligibility", () => {
  it("counts only paid orders in progress, shipped, delivered or returned", async () => {
    const product = await createProduct();
    const cases: [OrderStatus, boolean, string][] = [
      // (An unpaid order in progress cannot exist: the order lifecycle and the database refuse it.)
      ["pendiente", false, "not-purchased"],
      ["cancelado", true, "not-purchased"],
      ["reembolsado", true, "not-purchased"],
      ["procesando", true, "can-review"],
      ["enviado", true, "can-review"],
      ["entregado", true, "can-review"],
      ["devuelto", true, "can-review"],
    ];
    for (const [status, paid, expected] of cases) {
      const user = await createUser();
      await createOrder({ userId: user.id, productIds: [product.id], status, paid });
      expect(await getReviewEligibility(user.id, product.id), `${status}, paid: ${paid}`).toBe(expected);
    }
  });

  it("is about this product only, and already-reviewed once the buyer wrote one", async () => {
    const [bought, other] = [await createProduct(), await createProduct()];
    const user = await createUser({ name: "Lucía" });
    await createOrder({ userId: user.id, productIds: [bought.id] });
    expect(await getReviewEligibility(user.id, other.id)).toBe("not-purchased");
    expect(await getReviewEligibility(user.id, bought.id)).toBe("can-review");
    await createReview({ id: user.id, displayName: "Lucía" }, bought.id, { rating: 4, comment: "Muy bonito anillo" });
    expect(await getReviewEligibility(user.id, bought.id)).toBe("already-reviewed");
  });

  it("is on the product page for the viewer (null logged out), in the product's own query", async () => {
    const product = await createProduct();
    const buyer = await createUser();
    const visitor = await createUser();
    await createOrder({ userId: buyer.id, productIds: [product.id] });
    expect((await loadProduct(product.id)).product.reviewEligibility).toBeNull();
    expect((await loadProduct(product.id, await sessionCookie(visitor.id))).product.reviewEligibility).toBe(
      "not-purchased",
    );
    expect((await loadProduct(product.id, await sessionCookie(buyer.id))).product.reviewEligibility).toBe("can-review");
    // An expired session sees nothing of the buyer's.
    const cookie = await sessionCookie(buyer.id);
    await prisma.session.updateMany({ where: { userId: buyer.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await loadProduct(product.id, cookie)).product.reviewEligibility).toBe("not-purchased");
  });
});

describe("writing a review", () => {
  it("stores the buyer's review with their name, shows it first, and then the page says already-reviewed", async () => {
    const product = await createProduct();
    const older = await createUser({ name: "Ana" });
    await prisma.review.create({
      data: {
        productId: product.id,
        userId: older.id,
        userName: "Ana",
        rating: 2,
        comment: "No me gustó el cierre",
        createdAt: new Date(Date.now() - 86_400_000),
      },
    });
    const buyer = await createUser({ name: "Lucía Pérez" });
    await createOrder({ userId: buyer.id, productIds: [product.id] });
    const cookie = await sessionCookie(buyer.id);

    const outcome = await postReview(product.id, { rating: "5", comment: "  Hermoso, tal como en la foto " }, cookie);
    expect(outcome.status).toBe(302);
    expect(outcome.headers.get("Location")).toBe(`/producto/${product.id}#resenas`);
    expect(outcome.headers.get("Set-Cookie")).toBeTruthy();

    const page = await loadProduct(product.id, cookie);
    expect(page.product.reviewEligibility).toBe("already-reviewed");
    expect(page.product.reviews.map((r) => [r.userName, r.rating, r.comment])).toEqual([
      ["Lucía Pérez", 5, "Hermoso, tal como en la foto"],
      ["Ana", 2, "No me gustó el cierre"],
    ]);
    expect(page.product.rating).toEqual({ average: 3.5, count: 2 });
  });

  it("defaults the rating to 5", async () => {
    const product = await createProduct();
    const buyer = await createUser();
    await createOrder({ userId: buyer.id, productIds: [product.id] });
    await postReview(product.id, { comment: "Excelente calidad" }, await sessionCookie(buyer.id));
    expect((await prisma.review.findFirstOrThrow()).rating).toBe(5);
  });

  it("answers a second review with a clear message, not an error, and keeps one", async () => {
    const product = await createProduct();
    const buyer = await createUser();
    await createOrder({ userId: buyer.id, productIds: [product.id] });
    const cookie = await sessionCookie(buyer.id);
    const fields = { rating: "4", comment: "Muy buena compra" };
    const [first, second] = await Promise.all([
      postReview(product.id, fields, cookie),
      postReview(product.id, fields, cookie),
    ]);
    expect([first.status, second.status].sort()).toEqual([302, 409]);
    const refused = first.status === 409 ? first : second;
    expect(errorsOf(refused)).toEqual({ form: ["Ya escribiste una reseña de este producto."] });
    const third = await postReview(product.id, fields, cookie);
    expect(third.status).toBe(409);
    expect(await prisma.review.count()).toBe(1);
  });

  it("the database itself refuses a second review of the same product by the same user", async () => {
    const product = await createProduct();
    const user = await createUser();
    const review = { productId: product.id, userId: user.id, userName: "X", rating: 5, comment: "Muy bonito" };
    await prisma.review.create({ data: review });
    await expect(prisma.review.create({ data: review })).rejects.toMatchObject({ code: "P2002" });
  });

  it("refuses users who did not buy it (unpaid or cancelled orders included) and writes nothing", async () => {
    const product = await createProduct();
    const user = await createUser();
    await createOrder({ userId: user.id, productIds: [product.id], status: "pendiente", paid: false });
    await createOrder({ userId: user.id, productIds: [product.id], status: "cancelado" });
    const outcome = await postReview(
      product.id,
      { rating: "5", comment: "Nunca lo compré" },
      await sessionCookie(user.id),
    );
    expect(outcome.status).toBe(403);
    expect(errorsOf(outcome)).toEqual({ form: ["Solo quienes compraron este producto pueden escribir una reseña."] });
    expect(await prisma.review.count()).toBe(0);
  });

  it("validates with Spanish messages, keeping what was typed", async () => {
    const product = await createProduct();
    const buyer = await createUser();
    await createOrder({ userId: buyer.id, productIds: [product.id] });
    const outcome = await postReview(product.id, { rating: "9", comment: "corto" }, await sessionCookie(buyer.id));
    expect(outcome.status).toBe(400);
    expect(errorsOf(outcome)).toEqual({
      rating: ["Elige una calificación de 1 a 5 estrellas"],
      comment: ["El comentario debe tener al menos 10 caracteres"],
    });
    expect((outcome.body as { initialValue: Record<string, string> }).initialValue).toMatchObject({ comment: "corto" });
    expect(await prisma.review.count()).toBe(0);
  });

  it("sends logged-out visitors to log in and back", async () => {
    const product = await createProduct();
    const outcome = await postReview(product.id, { rating: "5", comment: "Quiero opinar" });
    expect(outcome.status).toBe(302);
    expect(outcome.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(`/producto/${product.id}`)}`);
  });
});

describe("ratings on the page", () => {
  it("puts the average and count in the JSON-LD source data and on related cards", async () => {
    const product = await createProduct({ categoryId: 1 });
    const related = await createProduct({ categoryId: 1 });
    const [a, b] = [await createUser(), await createUser()];
    await prisma.review.createMany({
      data: [
        { productId: related.id, userId: a.id, userName: "A", rating: 5, comment: "Precioso de verdad" },
        { productId: related.id, userId: b.id, userName: "B", rating: 4, comment: "Muy bonito también" },
      ],
    });
    const page = await loadProduct(product.id);
    expect(page.product.rating).toBeNull();
    expect(page.product.related.find((p) => p.id === related.id)?.rating).toEqual({ average: 4.5, count: 2 });
    expect((await loadProduct(related.id)).product.rating).toEqual({ average: 4.5, count: 2 });
  });
});
