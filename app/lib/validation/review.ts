import { z } from "zod";
import { RATING_DEFAULT, RATING_MAX, RATING_MIN, REVIEW_MIN_LENGTH } from "~/lib/constants";
import { REVIEW_MAX_LENGTH, REVIEW_MESSAGES } from "~/lib/reviews";
import { text } from "./text";

/**
 * A review: a rating of 1 to 5 stars (5 when none is chosen) and a comment of at least 10
 * characters, counted after trimming so that spaces alone never pass.
 */
export const ReviewSchema = z.object({
  rating: z
    .string({ invalid_type_error: REVIEW_MESSAGES.ratingInvalid })
    .regex(new RegExp(`^[${RATING_MIN}-${RATING_MAX}]$`), REVIEW_MESSAGES.ratingInvalid)
    .optional()
    .transform((value) => (value === undefined ? RATING_DEFAULT : Number(value))),
  comment: text({ required: REVIEW_MESSAGES.commentRequired, multiline: true }).pipe(
    z
      .string()
      .min(REVIEW_MIN_LENGTH, REVIEW_MESSAGES.commentTooShort)
      .max(REVIEW_MAX_LENGTH, REVIEW_MESSAGES.commentTooLong),
  ),
});

export type ReviewInput = z.output<typeof ReviewSchema>;
