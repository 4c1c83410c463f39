import { catalogChanged } from "./catalog-cache.server";
import { Prisma } from "~/generated/prisma/client";
import { reviewEligibility, type ReviewEligibility } from "~/lib/reviews";
import type { ReviewInput } from "~/lib/validation/review";
import { prisma } from "~/utils/db.server";

/**
 * Reviews come only from buyers: a user may review a product once they have a paid order containing
 * it that was not called off. Paid orders in progress, shipped or delivered count; so does a
 * returned one (the buyer had the piece in hand, and why they returned it is worth reading). Unpaid
 * (pendiente), cancelled and refunded orders do not: a refund can come before anything shipped.
 */
export const REVIEWABLE_ORDER = {
  paidAt: { not: null },
  status: { in: ["procesando", "enviado", "entregado", "devuelto"] },
} as const satisfies Prisma.OrderWhereInput;

/**
 * What the product page asks about its viewer, in the product's own statement: how many reviewable
 * order lines of theirs hold it and whether they reviewed it (`viewer` filters users).
 */
export function viewerReviewCounts(viewer: Prisma.UserWhereInput) {
  return {
    reviews: { where: { user: viewer } },
    orderItems: { where: { order: { ...REVIEWABLE_ORDER, user: viewer } } },
  } as const satisfies Prisma.ProductCountOutputTypeSelect;
}

export function eligibilityFromCounts(counts: { reviews: number; orderItems: number }): ReviewEligibility {
  return reviewEligibility({ purchased: counts.orderItems > 0, reviewed: counts.reviews > 0 });
}

/** Whether `userId` may review `productId` now (one statement). */
export async function getReviewEligibility(userId: string, productId: number): Promise<ReviewEligibility> {
  const product = await prisma.product.findUnique({
    where: { id: productId },
    select: { _count: { select: viewerReviewCounts({ id: userId }) } },
  });
  return product ? eligibilityFromCounts(product._count) : "not-purchased";
}

export type CreateReviewOutcome = "created" | "not-eligible" | "duplicate";

/**
 * Stores a buyer's review. The database keeps one review per user and product (a unique index), so
 * two submissions racing each other still leave one; the second is "duplicate", not an error.
 */
export async function createReview(
  user: { id: string; displayName: string },
  productId: number,
  review: ReviewInput,
): Promise<CreateReviewOutcome> {
  const eligibility = await getReviewEligibility(user.id, productId);
  if (eligibility === "already-reviewed") return "duplicate";
  if (eligibility !== "can-review") return "not-eligible";
  try {
    await prisma.review.create({
      data: { productId, userId: user.id, userName: user.displayName, rating: review.rating, comment: review.comment },
    });
    // The product's page (its reviews and average) is cached: show the new review at once.
    catalogChanged({ productIds: [productId] });
    return "created";
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") return "duplicate";
    // The product was deleted meanwhile: nothing left to review.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2003") return "not-eligible";
    throw error;
  }
}
