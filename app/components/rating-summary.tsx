import type { RatingSummary as Summary } from "~/lib/reviews";
import { StarIcon } from "./icons";

/** "4.3": the average has one decimal already (`summarizeRatings`); es-MX writes it with a point. */
const average = { format: (value: number) => value.toFixed(1) };

/** "★★★★☆ 4.3 (12 reseñas)": a product's average rating and review count, on cards and the detail page. */
export function RatingSummary({ rating, size = "sm" }: { rating: Summary; size?: "sm" | "md" }) {
  const label = `${average.format(rating.average)} de 5 estrellas, ${rating.count} ${rating.count === 1 ? "reseña" : "reseñas"}`;
  return (
    <p
      className={`flex items-center gap-1.5 text-ink-700 ${size === "md" ? "text-sm" : "text-xs"}`}
      data-testid="rating-summary"
    >
      <span className="sr-only">{label}</span>
      <Stars rating={Math.round(rating.average)} size={size === "md" ? 18 : 14} decorative />
      <span aria-hidden="true">
        {average.format(rating.average)} ({rating.count})
      </span>
    </p>
  );
}

/** 1–5 stars; `decorative` when the text next to it already says the rating. */
export function Stars({
  rating,
  size = 16,
  decorative = false,
}: {
  rating: number;
  size?: number;
  decorative?: boolean;
}) {
  const stars = [1, 2, 3, 4, 5].map((n) => <StarIcon key={n} filled={n <= rating} width={size} height={size} />);
  if (decorative) {
    return (
      <span className="flex text-gold-600" aria-hidden="true">
        {stars}
      </span>
    );
  }
  return (
    <p className="mt-1 flex text-gold-600" role="img" aria-label={`${rating} de 5 estrellas`}>
      {stars}
    </p>
  );
}
