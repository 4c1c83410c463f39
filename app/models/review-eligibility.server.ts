import type { ReviewEligibility } from "~/lib/reviews";
import { preparedStatement, readRows } from "~/utils/db.server";
import { eligibilityFromCounts, REVIEWABLE_ORDER } from "./review.server";

/**
 * Whether a signed-in shopper may review a product, for a product page assembled from the cache
 * (decision 046): the same counts as `viewerReviewCounts` (their review of it; their reviewable order
 * lines holding it) in one prepared statement through the pool, beside the viewer's own, instead of a
 * Prisma query compiled per request. Only assembled pages ask, so it goes ahead as their viewer's does.
 */
const ELIGIBILITY_SQL = preparedStatement(
  "review_eligibility",
  `
  SELECT
    (SELECT count(*) FROM "reviews" r WHERE r."product_id" = $1 AND r."user_id" = $2::uuid)::int AS "reviews",
    (SELECT count(*) FROM "order_items" i JOIN "orders" o ON o."id" = i."order_id"
      WHERE i."product_id" = $1 AND o."user_id" = $2::uuid AND o."paid_at" IS NOT NULL
        AND o."status"::text = ANY($3::text[]))::int AS "orderItems"`,
);

export async function reviewEligibilityOf(userId: string, productId: number): Promise<ReviewEligibility> {
  const [counts] = await readRows<{ reviews: number; orderItems: number }>(
    ELIGIBILITY_SQL,
    [productId, userId, [...REVIEWABLE_ORDER.status.in]],
    { ahead: true },
  );
  return eligibilityFromCounts(counts ?? { reviews: 0, orderItems: 0 });
}
