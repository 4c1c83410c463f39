import type { ReactNode } from "react";
import { AddToCartPrompt } from "./add-to-cart-prompt";
import { type CardSelection, gridHref, type PackedCard, type ProductPage, unpackCard } from "~/lib/catalog";
import type { CategoryId } from "~/lib/constants";
import { MoreLink, useLoadMore } from "./load-more";
import { ProductCard } from "./product-card";

/** Cards in the first row on a wide screen: their images load at once, with high priority. */
const FIRST_ROW = 4;

/** The "Todo" section's own heading and subtitle (categories take theirs from the database). */
export const ALL_SECTION = {
  name: "Toda la colección",
  description: "Anillos, collares, pulseras y pendientes de oro y plata, elegidos pieza por pieza.",
} as const;

/**
 * The home grid: heading and subtitle, then a page of cards with "Ver más"; or the loading
 * spinner, the "Error de Conexión" panel, or the empty state.
 */
export function ProductGrid({
  heading,
  subtitle,
  category,
  list,
  loading = false,
  error = null,
  headingLevel = 2,
  pageHref = (page) => gridHref(category, page),
  toolbar = null,
  belowTheFold = false,
}: {
  heading: string;
  subtitle: string | null;
  category: CategoryId;
  list: ProductPage<PackedCard>;
  loading?: boolean;
  error?: string | null;
  /** 1 when the grid heading is the page's main heading (no hero above it). */
  headingLevel?: 1 | 2;
  /** The address of a page of this list (a collection's carries its filters). */
  pageHref?: (page: number) => string;
  /** Under the heading: a collection's count and filters. */
  toolbar?: ReactNode;
  /**
   * The grid starts below the first screen (the home's rows are above it): no picture of it is
   * fetched early, at high priority, against the fonts and the pictures the shopper sees first.
   */
  belowTheFold?: boolean;
}) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  // The address follows "Ver más" (`?pagina=N`), so Back from a product shows the same pieces, in place.
  const { products, firstPage, last, busy, load } = useLoadMore(list, `grid:${pageHref(1)}`, { followUrl: true });
  const nextHref = last.hasNext ? pageHref(last.page + 1) : null;
  return (
    <section
      id="productos"
      aria-labelledby="productos-titulo"
      // Scrolled to, the section starts right under the sticky header (as tall as it): no strip of hero.
      className="mx-auto max-w-7xl scroll-mt-[4.5rem] px-4 py-16 sm:px-6 lg:px-8"
    >
      <header className="mx-auto max-w-2xl text-center">
        <p className="eyebrow">Catálogo</p>
        <Heading id="productos-titulo" className="mt-3 font-serif text-4xl text-ink-900 sm:text-5xl">
          {heading}
        </Heading>
        {subtitle ? <p className="mt-4 text-ink-700">{subtitle}</p> : null}
        <div className="mx-auto mt-6 h-px w-16 bg-gold-500" aria-hidden="true" />
      </header>
      {toolbar}
      <div className="relative mt-12" aria-busy={loading}>
        {loading ? <LoadingOverlay /> : null}
        {error ? (
          <ConnectionError message={error} />
        ) : products.length === 0 ? (
          <p className="py-16 text-center font-serif text-2xl text-ink-700">No hay productos disponibles</p>
        ) : (
          <>
            <ul className={loading ? "card-grid opacity-40" : "card-grid"}>
              {products.map((p, i) => (
                // The card's place: an add that went through the login comes back to it.
                <li key={p.id} id={cardAnchor(p.id)}>
                  <ProductCard
                    product={unpackCard(p)}
                    eager={!belowTheFold && i < FIRST_ROW}
                    titleAs={headingLevel === 1 ? "h2" : "h3"}
                    addToCartSlot={gridAddToCart}
                  />
                </li>
              ))}
            </ul>
            <MoreLink
              href={nextHref}
              previousHref={firstPage > 1 ? pageHref(firstPage - 1) : null}
              busy={busy}
              // A page link lands on the grid, not on the hero above it.
              anchor="#productos"
              // `index` sends the fetcher to this route's loader rather than the root's.
              onMore={() => nextHref && load(nextHref, { index: true })}
            />
          </>
        )}
      </div>
    </section>
  );
}

/** The cart's quantity prompt in a card's add-to-cart slot, for the variant the card shows. */
export function cardAddToCart(selection: CardSelection) {
  return <AddToCartPrompt selection={selection} />;
}

/** The id of a product's card in the grid. */
function cardAnchor(productId: number): string {
  return `producto-${productId}`;
}

/** A grid card's prompt comes back to the card after a form post (and a login on the way). */
function gridAddToCart(selection: CardSelection) {
  return <AddToCartPrompt selection={selection} anchor={cardAnchor(selection.productId)} />;
}

export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-6 text-sm text-ink-700">
      <span
        className="h-5 w-5 animate-spin rounded-full border-2 border-gold-300 border-t-gold-700"
        aria-hidden="true"
      />
      {label}
    </div>
  );
}

function LoadingOverlay() {
  return (
    <div className="absolute inset-x-0 top-0 z-10 flex justify-center">
      <div className="rounded-full bg-white/90 px-5 shadow-md">
        <Spinner label="Cargando productos..." />
      </div>
    </div>
  );
}

function ConnectionError({ message }: { message: string }): ReactNode {
  return (
    <div role="alert" className="mx-auto max-w-xl border border-red-800/20 bg-white p-8 text-center">
      <h3 className="font-serif text-3xl text-red-800">Error de Conexión</h3>
      <p className="mt-3 text-ink-700">No pudimos cargar los productos. Por favor:</p>
      <ul className="mx-auto mt-3 max-w-sm list-disc space-y-1 pl-5 text-left text-sm text-ink-700">
        <li>Verifica tu conexión a internet.</li>
        <li>Recarga la página en unos momentos.</li>
        <li>Si el problema continúa, escríbenos o llámanos: con gusto te atendemos.</li>
      </ul>
      <p className="mt-4 rounded-sm bg-ivory-100 px-3 py-2 font-mono text-xs text-ink-700">{message}</p>
      <a href="/#productos" className="btn-secondary mt-6">
        Reintentar
      </a>
    </div>
  );
}
