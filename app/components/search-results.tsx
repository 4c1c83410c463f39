import { groupThousands } from "~/lib/numbers";
import { type SearchParams, searchHref } from "~/lib/search";
import type { SearchPage } from "~/models/search.server";
import { MoreLink, useLoadMore } from "./load-more";
import { Spinner } from "./product-grid";
import { SearchCards } from "./search-cards";
import { SearchEmpty } from "./search-empty";

/**
 * Search results: nothing before a term, a loading line, the empty state, or the count, the
 * "¿Quisiste decir …?" link when words were corrected, and cards with "Ver más".
 */
export function SearchResults({
  params,
  list,
  loading,
  loggedIn,
  onSuggestion,
}: {
  params: SearchParams;
  list: SearchPage;
  loading: boolean;
  /** Logged out, a card's add button opens the product page instead of the quantity prompt. */
  loggedIn: boolean;
  /** The overlay searches a suggestion in place; without it the suggestion is a link to /search. */
  onSuggestion?: (q: string) => void;
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
  const suggestion = list.suggestion ? (
    <Suggestion params={params} suggestion={list.suggestion} onSuggestion={onSuggestion} />
  ) : null;
  if (products.length === 0) {
    return <SearchEmpty params={params} suggestion={suggestion} featured={list.featured} loggedIn={loggedIn} />;
  }
  const nextHref = last.hasNext ? searchHref(params, last.page + 1) : null;
  return (
    <div>
      <h2 className="sr-only">Resultados</h2>
      <div className="mb-8 space-y-2 border-b border-ink-700/10 pb-4">
        {suggestion}
        <p role="status" className="text-sm text-ink-700">
          <span className="font-medium text-ink-900">{resultsCount(list.total)}</span> para «{params.q}»
        </p>
      </div>
      <SearchCards products={products} loggedIn={loggedIn} label="Resultados de búsqueda" />
      <MoreLink
        href={nextHref}
        previousHref={list.page > 1 ? searchHref(params, list.page - 1) : null}
        busy={busy}
        onMore={() => nextHref && load(nextHref)}
      />
    </div>
  );
}

/** "1 resultado", "24 resultados". */
export function resultsCount(total: number): string {
  return total === 1 ? "1 resultado" : `${groupThousands(total)} resultados`;
}

/** "¿Quisiste decir «anillo»?", a link to the same search (filters kept) with the suggested text. */
function Suggestion({
  params,
  suggestion,
  onSuggestion,
}: {
  params: SearchParams;
  suggestion: string;
  onSuggestion?: (q: string) => void;
}) {
  return (
    <p className="font-serif text-xl text-ink-800">
      ¿Quisiste decir «
      <a
        href={searchHref({ ...params, q: suggestion }, 1)}
        className="italic text-gold-700 underline decoration-gold-500/50 underline-offset-4 hover:text-ink-900"
        onClick={(event) => {
          if (!onSuggestion || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
          event.preventDefault();
          onSuggestion(suggestion);
        }}
      >
        {suggestion}
      </a>
      »?
    </p>
  );
}
