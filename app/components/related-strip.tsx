import { useRef } from "react";
import type { CardProduct } from "~/lib/catalog";
import { ArrowLeftIcon } from "./icons";
import { ProductCard } from "./product-card";
import { cardAddToCart } from "./product-grid";
import { useHydrated } from "./use-hydrated";

/**
 * "También te puede gustar": the related pieces in a horizontal strip that starts on the page's
 * gutter and snaps each card to it (never to the screen edge). A phone swipes it; a wide screen also
 * gets arrows (with JavaScript) that scroll it by most of its width.
 */
export function RelatedStrip({ products }: { products: readonly CardProduct[] }) {
  const listRef = useRef<HTMLUListElement>(null);
  const hydrated = useHydrated();
  const scroll = (direction: -1 | 1) => {
    const list = listRef.current;
    if (list) list.scrollBy({ left: direction * list.clientWidth * 0.8, behavior: "smooth" });
  };
  return (
    <section aria-labelledby="relacionados-titulo" id="relacionados" className="mt-24 scroll-mt-[4.5rem]">
      <div className="flex items-end justify-between gap-4">
        <h2 id="relacionados-titulo" className="font-serif text-3xl text-ink-900">
          También te puede gustar
        </h2>
        {hydrated ? (
          <div className="hidden gap-2 lg:flex">
            <button type="button" className="strip-arrow" aria-label="Ver anteriores" onClick={() => scroll(-1)}>
              <ArrowLeftIcon />
            </button>
            <button type="button" className="strip-arrow" aria-label="Ver siguientes" onClick={() => scroll(1)}>
              <ArrowLeftIcon className="rotate-180" />
            </button>
          </div>
        ) : null}
      </div>
      <ul ref={listRef} className="related-strip" aria-label="Productos relacionados">
        {products.map((p) => (
          <li key={p.id} className="flex w-56 shrink-0 snap-start sm:w-64">
            <ProductCard product={p} titleAs="h3" addToCartSlot={cardAddToCart} />
          </li>
        ))}
      </ul>
    </section>
  );
}
