/** Review shapes and rules shared by the server and the browser. */

/** Whether the viewer may write a review of a product. */
export type ReviewEligibility = "not-purchased" | "can-review" | "already-reviewed";

/** A product's average rating (one decimal) and number of reviews. */
export type RatingSummary = { average: number; count: number };

/** The summary of a list of 1–5 ratings; null when there are none (no "0 stars" for an unreviewed piece). */
export function summarizeRatings(ratings: readonly number[]): RatingSummary | null {
  if (ratings.length === 0) return null;
  const sum = ratings.reduce((total, rating) => total + rating, 0);
  return { average: Math.round((sum / ratings.length) * 10) / 10, count: ratings.length };
}

/** From what the database says about the viewer: a review of theirs wins over a purchase. */
export function reviewEligibility({
  purchased,
  reviewed,
}: {
  purchased: boolean;
  reviewed: boolean;
}): ReviewEligibility {
  if (reviewed) return "already-reviewed";
  return purchased ? "can-review" : "not-purchased";
}
