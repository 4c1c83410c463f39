import { type ReactNode, useId } from "react";
import { gridHref } from "~/lib/catalog";
import { CATEGORY_NAV, SEARCH_PRICE_MAX, SEARCH_PRICE_MIN, SHOP_NAME } from "~/lib/constants";
import { notSoldIn } from "~/lib/not-sold";
import { type SearchParams, searchHref } from "~/lib/search";
import type { SearchResult } from "~/models/search.server";
import { SearchCards } from "./search-cards";

/**
 * A search that found nothing never ends there: "No se encontraron productos" with the nearest search
 * that finds something (¿Quisiste decir …?), else the categories and a few featured pieces; with
 * filters on, a way to search without them.
 */
export function SearchEmpty({
  params,
  suggestion,
  featured,
  loggedIn,
}: {
  params: SearchParams;
  suggestion: ReactNode;
  featured: SearchResult[];
  loggedIn: boolean;
}) {
  const headingId = useId();
  const notSold = notSoldIn(params.q);
  const filtered =
    params.categoria !== null || params.ofertas || params.min !== SEARCH_PRICE_MIN || params.max !== SEARCH_PRICE_MAX;
  const unfiltered = searchHref(
    { ...params, categoria: null, ofertas: false, min: SEARCH_PRICE_MIN, max: SEARCH_PRICE_MAX },
    1,
  );
  return (
    <div>
      <div className="mx-auto max-w-xl py-6 text-center">
        <p role="status" className="font-serif text-2xl text-ink-700">
          No se encontraron productos
        </p>
        {notSold ? (
          <p className="mt-4 text-ink-800" data-testid="not-sold">
            En {SHOP_NAME} no vendemos {notSold}: solo joyería fina de oro y plata.
          </p>
        ) : null}
        {suggestion ? <div className="mt-4">{suggestion}</div> : null}
        {filtered && !notSold ? (
          <p className="mt-4 text-sm text-ink-700">
            Con los filtros elegidos no hay piezas.{" "}
            <a href={unfiltered} className="font-medium text-gold-700 underline underline-offset-2 hover:text-ink-900">
              Buscar «{params.q}» sin filtros
            </a>
          </p>
        ) : null}
        {suggestion ? null : (
          <nav aria-label="Explorar categorías" className="mt-8">
            <p className="text-sm text-ink-700">
              {notSold ? "Explora nuestras categorías:" : "Revisa cómo lo escribiste o explora nuestras categorías:"}
            </p>
            <ul className="mt-4 flex flex-wrap justify-center gap-3">
              {CATEGORY_NAV.filter((c) => c.id !== "all").map((c) => (
                <li key={c.id}>
                  <a href={gridHref(c.id, 1)} className="btn-secondary px-5 py-2.5 text-xs">
                    {c.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </div>
      {suggestion || featured.length === 0 ? null : (
        <section aria-labelledby={headingId} className="mt-10 border-t border-ink-700/10 pt-10">
          <h2 id={headingId} className="text-center font-serif text-2xl text-ink-900">
            Piezas destacadas
          </h2>
          <div className="mt-8">
            <SearchCards products={featured} loggedIn={loggedIn} />
          </div>
        </section>
      )}
    </div>
  );
}
