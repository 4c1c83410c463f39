import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import type { loader as piecesLoader } from "~/routes/favoritos";
import { piecesHref, putFirst, RECENTLY_VIEWED_KEPT, RECENTLY_VIEWED_KEY } from "./browser-pieces";
import { ProductCard } from "./product-card";
import { cardAddToCart } from "./product-grid";

/**
 * "Vistos recientemente": the other pieces this browser opened lately, newest first (kept in this
 * browser only, like the favourites). The visit to this piece is recorded first; the cards come from
 * the /favoritos loader, which lists any pieces by id. JavaScript only: without it there is no list.
 */
export function RecentlyViewed({ productId }: { productId: number }) {
  const fetcher = useFetcher<typeof piecesLoader>();
  const { load } = fetcher;
  useEffect(() => {
    const others = putFirst(RECENTLY_VIEWED_KEY, productId, RECENTLY_VIEWED_KEPT + 1).filter((id) => id !== productId);
    if (others.length > 0) load(piecesHref(others.slice(0, RECENTLY_VIEWED_KEPT)));
  }, [productId, load]);

  const products = (fetcher.data?.products ?? []).filter((p) => p.id !== productId);
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="recientes-titulo" className="mt-20" data-testid="recently-viewed">
      <h2 id="recientes-titulo" className="font-serif text-3xl text-ink-900">
        Vistos recientemente
      </h2>
      <ul className="related-strip" aria-label="Piezas vistas recientemente">
        {products.map((p) => (
          <li key={p.id} className="flex w-44 shrink-0 snap-start sm:w-52">
            <ProductCard product={p} titleAs="h3" addToCartSlot={cardAddToCart} />
          </li>
        ))}
      </ul>
    </section>
  );
}
