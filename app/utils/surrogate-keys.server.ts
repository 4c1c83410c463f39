import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Surrogate keys (docs/decisions/048-invalidate-pages-by-product.md): what a rendered catalogue page
 * shows, named so a change can find exactly the pages it makes stale — in this process's rendered-page
 * cache and in a shared HTTP cache in front (Varnish xkey, a CDN's surrogate keys / cache tags).
 *
 * Every loader of a request runs inside `collectingKeys(context, …)` (entry.server.tsx's prepareBuild,
 * keyed on the request's load context, the one object all its loaders and its render share); every
 * catalogue read (`readCatalog`) reports the products it returned with `recordShown`; the render sets
 * the keys on a public page's `xkey` and `Surrogate-Key` headers (`setSurrogateKeys`). Every public page
 * also carries ALL_PAGES, so a change that may move products between pages purges everything.
 */

/** The key every public page carries: purged by a change that forgets everything. */
export const ALL_PAGES = "all";

/** The key of the pages that show product `id` (its page, grids and search pages listing it, related). */
export const productKey = (id: number) => `p${id}`;

/** The headers a shared cache reads the keys from: Varnish's xkey vmod, Fastly and others. */
export const KEY_HEADERS = ["xkey", "Surrogate-Key"] as const;

const collecting = new AsyncLocalStorage<Set<string>>();
const keysByContext = new WeakMap<object, Set<string>>();

/** Runs `run` (a loader) so the catalogue reads it makes are recorded for the request of `context`. */
export function collectingKeys<R>(context: unknown, run: () => R): R {
  if (typeof context !== "object" || context === null) return run();
  let keys = keysByContext.get(context);
  if (!keys) keysByContext.set(context, (keys = new Set()));
  return collecting.run(keys, run);
}

/** Reports that the current request shows these products (called by every catalogue read). */
export function recordShown(productIds: Iterable<number>): void {
  const keys = collecting.getStore();
  if (!keys) return;
  for (const id of productIds) keys.add(productKey(id));
}

/** The keys recorded for the request of `context`, ALL_PAGES first. */
export function keysShownFor(context: unknown): string[] {
  const keys = typeof context === "object" && context !== null ? keysByContext.get(context) : undefined;
  return [ALL_PAGES, ...[...(keys ?? [])].sort(byNumber)];
}

const byNumber = (a: string, b: string) => Number(a.slice(1)) - Number(b.slice(1));

/** The keys a catalogue change purges: its products', or ALL_PAGES for a change to everything. */
export function keysOfChange(change: { productIds: readonly number[] } | "everything"): string[] {
  return change === "everything" ? [ALL_PAGES] : change.productIds.map(productKey);
}

/** The keys of a stored response, read back from its headers (the rendered-page cache does). */
export function keysOfHeaders(headers: readonly (readonly [string, string])[]): Set<string> {
  const value = headers.find(([name]) => name.toLowerCase() === "xkey")?.[1] ?? "";
  return new Set(value.split(/[\s,]+/).filter(Boolean));
}

/** Sets the keys of a public page on the headers shared caches read. */
export function setSurrogateKeys(headers: Headers, keys: readonly string[]): void {
  const value = keys.join(" ");
  for (const name of KEY_HEADERS) headers.set(name, value);
}
