import { invariantResponse } from "@epic-web/invariant";
import { data, type HeadersFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { packCard, parsePage, type PackedCard, type ProductPage } from "~/lib/catalog";
import { collectionHref, isFiltered, parseCollectionFilters } from "~/lib/collection";
import { isCategoryId } from "~/lib/constants";
import { giftSeason } from "~/lib/seasons";
import { getCollection } from "~/models/collection.server";
import { getHomeSections } from "~/models/home-sections.server";
import { getProductGrid, type GridSection } from "~/models/product.server";
import type { SearchResult } from "~/models/search.server";
import { whenDatabaseUnavailable } from "~/utils/db.server";
import { absoluteUrl } from "~/utils/origin.server";
import { PUBLIC_REVALIDATE } from "~/utils/security.server";

/** A page of the plain grid, or of a collection (with its count). */
type GridRead = ProductPage<SearchResult> & { section: GridSection; total?: number };

/** The home page's (and each category grid's) loader and headers; the route `_index.tsx` re-exports them. */
export async function loader({ request }: LoaderFunctionArgs) {
  const searchParams = new URL(request.url).searchParams;
  const param = searchParams.get("categoria");
  const category = isCategoryId(param) ? param : "all";
  const filters = parseCollectionFilters(searchParams);
  // A category, or the whole catalogue narrowed, is a collection: its count and filters are shown.
  const collection = category !== "all" || isFiltered(filters);
  const page = parsePage(searchParams.get("pagina"));
  // Past the deepest page served, or past the last page of the catalogue: 404, never an empty 200.
  invariantResponse(page !== null, "Página no encontrada", { status: 404 });
  const links = (p: number, hasNext: boolean) => ({
    canonical: absoluteUrl(request, collectionHref(category, filters, p)),
    prev: p > 1 ? absoluteUrl(request, collectionHref(category, filters, p - 1)) : null,
    next: hasNext ? absoluteUrl(request, collectionHref(category, filters, p + 1)) : null,
  });
  // The plain home's first screen is read beside the grid (two statements at once, one wait).
  const firstScreenRead = firstScreen(collection);
  const grid = await whenDatabaseUnavailable<GridRead, null>(
    () => (collection ? getCollection(category, filters, page) : getProductGrid(category, page)),
    () => null,
  );
  if (!grid) {
    await firstScreenRead.catch(() => null);
    // The database is down: the page still renders, with the "Error de Conexión" panel.
    const section: GridSection = { category, name: null, description: null };
    const list: ProductPage<PackedCard> = { products: [], page, hasNext: false };
    return data(
      {
        section,
        list,
        filters,
        total: collection ? 0 : null,
        error: "Error cargando productos",
        home: null,
        ...links(page, false),
      },
      { status: 503, headers: { "Retry-After": "30" } },
    );
  }
  invariantResponse(page === 1 || grid.products.length > 0, "Página no encontrada", { status: 404 });
  const { section, products, page: shown, hasNext } = grid;
  const list: ProductPage<PackedCard> = { page: shown, hasNext, products: products.map(packCard) };
  // The count of a collection (null: the home's plain grid, which shows none).
  const total = grid.total ?? null;
  return {
    section,
    list,
    filters,
    total,
    error: null,
    home: await firstScreenRead,
    ...links(page, list.hasNext),
  };
}

/** Anonymous visitors may get the page from a cache that revalidates it (ETag); see applyCachePolicy. */
export const headers: HeadersFunction = () => ({ "Cache-Control": PUBLIC_REVALIDATE });

/**
 * The home's first screen (decision 055): its rows, on every page of the plain home — "Ver más" keeps
 * them above the pieces it adds, so `?pagina=2` (Back from a piece) must show them too, or the page
 * comes back shorter and the shopper lands away from the piece they left.
 */
async function firstScreen(collection: boolean) {
  if (collection) return null;
  const season = giftSeason(new Date());
  const rows = await whenDatabaseUnavailable(
    () => getHomeSections(season.occasion),
    () => ({ bestSellers: [], gift: [] }),
  );
  return { season, ...rows };
}
