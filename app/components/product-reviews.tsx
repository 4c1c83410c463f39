import { formatDate } from "~/lib/dates";
import { StarIcon } from "./icons";

type ReviewView = { id: number; userName: string; rating: number; comment: string; createdAt: string | Date };

/** Reviews newest first, or the empty message. The review form comes with the reviews issue. */
export function ProductReviews({ reviews }: { reviews: readonly ReviewView[] }) {
  return (
    <section aria-labelledby="resenas-titulo" className="mx-auto max-w-3xl">
      <h2 id="resenas-titulo" className="font-serif text-3xl text-ink-900">
        Reseñas
      </h2>
      {reviews.length === 0 ? (
        <p className="mt-6 text-ink-700">Aún no hay reseñas para este producto</p>
      ) : (
        <ul className="mt-6 divide-y divide-ink-900/10">
          {reviews.map((r) => (
            <li key={r.id} className="py-6">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-medium text-ink-900">{r.userName}</p>
                <time dateTime={new Date(r.createdAt).toISOString()} className="text-sm text-ink-700">
                  {formatDate(r.createdAt)}
                </time>
              </div>
              <Stars rating={r.rating} />
              <p className="mt-3 leading-relaxed text-ink-800">{r.comment}</p>
            </li>
          ))}
        </ul>
      )}
      {/* ── Review form slot ── the reviews issue adds the form here when the shopper may review. */}
    </section>
  );
}

export function Stars({ rating }: { rating: number }) {
  return (
    <p className="mt-1 flex text-gold-600" role="img" aria-label={`${rating} de 5 estrellas`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <StarIcon key={n} filled={n <= rating} width={16} height={16} />
      ))}
    </p>
  );
}
