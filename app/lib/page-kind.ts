/** The kinds of catalogue page the cache metrics count apart (joyeria_page_cache_lookups_total). */
export const PAGE_KINDS = ["home", "category", "product", "search", "other"] as const;
export type PageKind = (typeof PAGE_KINDS)[number];

/** The kind of catalogue page at `address` (an absolute URL, such as a rendered-page cache key). */
export function pageKindOf(address: string): PageKind {
  const url = new URL(address);
  if (url.pathname === "/") return url.searchParams.has("categoria") ? "category" : "home";
  if (url.pathname.startsWith("/producto/")) return "product";
  if (url.pathname === "/search") return "search";
  return "other";
}
