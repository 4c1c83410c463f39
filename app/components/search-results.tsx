import type { ProductPage } from "~/lib/catalog";
import { type SearchParams, searchHref } from "~/lib/search";
import type { SearchResult } from "~/models/product.server";
import { MoreLink, useLoadMore } from "./load-more";
import { Spinner } from "./product-grid";
import { AddToCartPrompt } from "./add-to-cart-prompt";
import { ProductCard } from "./product-card";

/** Search results: nothing before a term, a loading line, the empty state, or cards with "Ver más". */
export function SearchResults({
  params,
  list,
  loading,
  loggedIn,
}: {
  params: SearchParams;
  list: ProductPage<SearchResult>;
  loading: boolean;
  /** Logged out, a card's add button opens the product page instead of the quantity prompt. */
  loggedIn: boolean;
}) {
  const { products, last, busy, load } = useLoadMore(list, JSON.stringify(params));
  if (loading) return <Spinner label="Cargando productos..." />;
  if (params.q === "") {
    return (
      <p className="py-10 text-center text-sm text-ink-700">
        Escribe el nombre de una pieza, un material o una categoría.
      </p>
    );
  }
  if (products.length === 0) {
    return (
      <p role="status" className="py-10 text-center font-serif text-2xl text-ink-700">
        No se encontraron productos
      </p>
    );
  }
  const nextHref = last.hasNext ? searchHref(params, last.page + 1) : null;
  const count = `${products.length}${last.hasNext ? "+" : ""}`;
  return (
    <div>
      <h2 className="sr-only">Resultados</h2>
      <p role="status" className="sr-only">
        {count === "1" ? "1 producto encontrado" : `${count} productos encontrados`}
      </p>
      <ul
        className="grid grid-cols-2 gap-x-4 gap-y-8 sm:gap-x-6 md:grid-cols-3 lg:grid-cols-4"
        aria-label="Resultados de búsqueda"
      >
        {products.map((p) => (
          <li key={p.id} className="flex">
            <ProductCard
              product={p}
              badgeStyle="search"
              addToCartSlot={(s) => <AddToCartPrompt selection={s} loggedOutHref={loggedIn ? null : s.href} />}
            />
          </li>
        ))}
      </ul>
      <MoreLink
        href={nextHref}
        previousHref={list.page > 1 ? searchHref(params, list.page - 1) : null}
        busy={busy}
        onMore={() => nextHref && load(nextHref)}
      />
    </div>
  );
}
