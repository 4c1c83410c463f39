import { getEnv } from "./env.server";
import { msToNextSaleBoundary } from "./sale-boundary.server";
import { keysShownFor, setSurrogateKeys } from "./surrogate-keys.server";

/**
 * What a public catalogue page tells the caches in front of the shop (docs/decisions/049). A route
 * declares itself public (PUBLIC_REVALIDATE in its `headers` export) and applyCachePolicy keeps that only
 * for a request that cannot be personal; such a page then gets:
 * - `Cache-Control: public, max-age=0, s-maxage=…, stale-while-revalidate=…`: a browser asks again every
 *   time (a cheap 304 with the page's ETag), a shared cache (Varnish, a CDN) keeps it for s-maxage —
 *   SHARED_MAX_AGE_S when a purger is configured (CACHE_PURGE_URL: every change purges exactly the pages
 *   it makes stale), else no longer than this process keeps its own copy (CATALOG_CACHE_TTL_MS);
 * - its surrogate keys in `xkey` and `Surrogate-Key` (the products it shows, and `all`).
 * Anything else (private, no-store) is left as it is and gets no keys.
 */

/** How long a shared cache that is purged on every change keeps a page. */
export const SHARED_MAX_AGE_S = 300;
/** How long past that it may still answer with the kept page while fetching a new one. */
export const SHARED_STALE_S = 30;

/**
 * The Cache-Control of a public page for the configured purging, never kept past the next start or end
 * of a sale event (docs/decisions/057: no purge announces it), and then without serving it stale.
 */
export function sharedCacheControl(): string {
  const untilSale = msToNextSaleBoundary();
  const usual = usualCacheControl();
  if (untilSale === null) return usual;
  const maxAge = Number(/s-maxage=(\d+)/.exec(usual)?.[1] ?? 0);
  const capped = Math.floor(untilSale / 1000);
  return capped < maxAge ? `public, max-age=0, s-maxage=${capped}` : usual;
}

function usualCacheControl(): string {
  const env = getEnv();
  if (env.CACHE_PURGE_URL.length > 0) {
    return `public, max-age=0, s-maxage=${SHARED_MAX_AGE_S}, stale-while-revalidate=${SHARED_STALE_S}`;
  }
  return `public, max-age=0, s-maxage=${Math.floor(env.CATALOG_CACHE_TTL_MS / 1000)}`;
}

/** Turns a public page's headers into the shared-cache form above, with the keys of `context`'s request. */
export function markForSharedCaches(headers: Headers, context: unknown): void {
  if (!/\bpublic\b/.test(headers.get("Cache-Control") ?? "")) return;
  headers.set("Cache-Control", sharedCacheControl());
  setSurrogateKeys(headers, keysShownFor(context));
}
