import { RATING_MAX, RATING_MIN, REVIEW_MIN_LENGTH } from "./constants";

/**
 * Review shapes, rules and messages shared by the server and the browser. No zod here: the product
 * page's review form shows these messages without bringing the schema (`validation/review.ts`) to
 * the browser.
 */

/** Longest accepted comment: a review is a paragraph or two, and it bounds what a page renders. */
export const REVIEW_MAX_LENGTH = 2000;

export const REVIEW_MESSAGES = {
  commentRequired: "Escribe un comentario sobre el producto",
  commentTooShort: `El comentario debe tener al menos ${REVIEW_MIN_LENGTH} caracteres`,
  commentTooLong: `El comentario no puede tener más de ${REVIEW_MAX_LENGTH} caracteres`,
  ratingInvalid: `Elige una calificación de ${RATING_MIN} a ${RATING_MAX} estrellas`,
  notEligible: "Solo quienes compraron este producto pueden escribir una reseña.",
  duplicate: "Ya escribiste una reseña de este producto.",
  thanks: "¡Gracias por tu reseña!",
} as const;

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
