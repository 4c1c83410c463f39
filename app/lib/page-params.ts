import { SEARCH_PARAM_KEYS } from "./search";

/**
 * Which query parameters change a page (docs/decisions/047): the allow-list of each cached route,
 * read by the rendered-page cache's key (app/utils/rendered-pages.server.ts) and by every component
 * that writes the page's own address into the page (the header's login link, the cards' way back),
 * so a page rendered for `/?fbclid=A` is byte for byte the page of `/` and of `/?fbclid=B`.
 *
 * A route's list must name every parameter its loader or its components read: a parameter left out
 * would be served the page of the address without it.
 */

/** The filters the catalogue grid and the search understand, and the ones being added (metal, availability, occasion). */
const FILTERS = ["metal", "disponible", "ocasion"] as const;

/** The home page and its category grids (`routes/_index`, `__home.server.ts`). */
const HOME_PARAMS = ["categoria", "pagina", "orden", "min", "max", ...FILTERS] as const;
/** The search page (`routes/search`): parseSearchParams's keys and the filters. */
const SEARCH_PARAMS = [...SEARCH_PARAM_KEYS, ...FILTERS] as const;
/** A product page (`routes/producto.$id`): the chosen model, size and picture. */
const PRODUCT_PARAMS = ["modelo", "talla", "imagen"] as const;
/** Favoritos (`routes/favoritos`): the pieces its address names. */
const FAVORITES_PARAMS = ["piezas"] as const;
/** The cart (`routes/cart`): asked "¿Vaciar el carrito?" without JavaScript (docs/decisions/069). */
const CART_PARAMS = ["confirmar"] as const;

/**
 * Ad-click ids and campaign tags: never part of a page's identity on any route (a unique `fbclid` per
 * ad click would otherwise be a new page each time). `utm_*` are matched by prefix.
 */
export const TRACKING_PARAMS: ReadonlySet<string> = new Set([
  "fbclid",
  "gclid",
  "gclsrc",
  "dclid",
  "gbraid",
  "wbraid",
  "msclkid",
  "ttclid",
  "twclid",
  "li_fat_id",
  "mc_cid",
  "mc_eid",
  "_hsenc",
  "_hsmi",
  "igshid",
  "yclid",
  "epik",
  "srsltid",
  "_ga",
  "_gl",
]);

export function isTrackingParam(name: string): boolean {
  return TRACKING_PARAMS.has(name) || name.startsWith("utm_");
}

/** The route family of a path whose page the shop caches, or null for every other path. */
export type CachedRoute = "home" | "search" | "product" | "favorites" | "size-guide" | "cart";

const PRODUCT_PATH = /^\/producto\/[^/.]+$/;

export function cachedRouteOf(pathname: string): CachedRoute | null {
  if (pathname === "/") return "home";
  if (pathname === "/search") return "search";
  if (PRODUCT_PATH.test(pathname)) return "product";
  if (pathname === "/favoritos") return "favorites";
  if (pathname === "/guia-de-tallas") return "size-guide";
  if (pathname === "/cart") return "cart";
  return null;
}

const ALLOWED: Record<CachedRoute, readonly string[]> = {
  home: HOME_PARAMS,
  search: SEARCH_PARAMS,
  product: PRODUCT_PARAMS,
  favorites: FAVORITES_PARAMS,
  "size-guide": [],
  cart: CART_PARAMS,
};

/** The parameters `pathname`'s page reads, or null when it is not a cached route (then all but tracking ones count). */
export function pageParamsOf(pathname: string): readonly string[] | null {
  const route = cachedRouteOf(pathname);
  return route ? ALLOWED[route] : null;
}

/**
 * The query that tells `pathname`'s page apart: on a cached route only its allow-listed parameters,
 * elsewhere every parameter but the tracking ones; sorted by name (values of one name keep their
 * order), "" or "?…".
 */
export function pageSearch(pathname: string, search: string): string {
  const allowed = pageParamsOf(pathname);
  const params = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const [name, value] of params) {
    if (allowed ? allowed.includes(name) : !isTrackingParam(name)) kept.append(name, value);
  }
  kept.sort();
  const query = kept.toString();
  return query ? `?${query}` : "";
}

/** The page's own address as pages write it (a way back after logging in or adding to the cart). */
export function pageAddressOf(pathname: string, search: string): string {
  return `${pathname}${pageSearch(pathname, search)}`;
}
