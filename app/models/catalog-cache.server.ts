import { withSalePrices } from "~/lib/sale-prices";
import { withShownStock } from "~/lib/stock";
import { createTtlCache, type TtlCache } from "~/utils/cache.server";
import { getEnv } from "~/utils/env.server";
import { purgeSharedCaches } from "~/utils/cache-purge.server";
import { forgetRenderedPages } from "~/utils/rendered-pages.server";
import { keysOfChange, recordShown } from "~/utils/surrogate-keys.server";
import { type CatalogListener, publishCatalogChange, startCatalogListener } from "./catalog-notify.server";
import { forgetSaleSchedule, saleSchedule } from "./sale-events.server";

/**
 * The one catalogue cache (docs/decisions/013-catalogue-cache.md): grid pages, product pages and
 * search results are read through `readCatalog`, and every write that changes what a catalogue page
 * shows reports to `catalogChanged` once its transaction has committed: staff edits, stock edits,
 * photos, reviews, returns, and sales (a reservation, its release, a late payment's new reservation).
 *
 * A change names the products it touched, and only the cached pages that show one of them are
 * forgotten (a sale does not empty the cache of every other page); a change that may move products in
 * or out of pages, or reorder them (a new product, a price, a category, a product hidden or archived)
 * forgets everything.
 *
 * Other instances on the same PostgreSQL server hear of each change through LISTEN/NOTIFY
 * (catalog-notify.server.ts), so it shows there within a second too; the TTL is their safety net.
 *
 * Rendered pages follow the same rule (docs/decisions/048): every read reports the products it returned
 * as the request's surrogate keys, so a change forgets only the pages showing a product it names, here
 * and, through the purger (CACHE_PURGE_URL), in the shared HTTP cache in front.
 */

export type CatalogChange = { productIds: readonly number[] } | "everything";

let cache: TtlCache<unknown> | undefined;

/** Created on first use, so importing this module starts nothing and reads no settings. */
function catalogCache(): TtlCache<unknown> {
  cache ??= createTtlCache<unknown>({ ttlMs: getEnv().CATALOG_CACHE_TTL_MS, maxEntries: 2_000 });
  return cache;
}

/**
 * A catalogue read, served from memory for CATALOG_CACHE_TTL_MS; `productIdsOf` names what it shows,
 * which is also recorded as the surrogate keys of the page being rendered (a hit's as much as a miss's).
 * What is cached carries the regular prices; the sale events running at the moment of each read are
 * applied on the way out (docs/decisions/057), so a cached read never outlives a sale's start or end.
 */
export async function readCatalog<V>(
  key: string,
  load: () => Promise<V>,
  productIdsOf: (value: V) => Iterable<number>,
): Promise<V> {
  const [value, schedule] = await Promise.all([
    // The counts a page does not show stay out of it (decision 067): see `catalogChanged`.
    catalogCache().get(
      key,
      async () => withShownStock(await load()),
      productIdsOf as (value: unknown) => Iterable<number>,
    ) as Promise<V>,
    saleSchedule(),
  ]);
  recordShown(productIdsOf(value));
  return withSalePrices(value, schedule, Date.now());
}

/**
 * Reports a committed change: forgets the cached catalogue reads it makes stale in this process, and
 * tells the other instances (which forget them in theirs). Sales and their releases name only the
 * products whose shown stock changed (`changesShownStock`): pages carry no count above LOW_STOCK_MAX.
 */
export function catalogChanged(change: CatalogChange): void {
  // A sale that changed no shown stock (decision 067) names no product: nothing to forget or tell.
  if (change !== "everything" && change.productIds.length === 0) return;
  forgetCatalog(change);
  publishCatalogChange(change);
  purgeSharedCaches(keysOfChange(change));
  for (const listener of changeListeners) listener();
}

const changeListeners = new Set<() => void>();

/** Work to start after every committed change here (the server's back-in-stock sweep); returns its removal. */
export function afterCatalogChange(listener: () => void): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

/**
 * Forgets the cached catalogue reads that `change` makes stale, in this process only. For a writer no
 * other instance must hear: the test fixtures, which write the database directly while a test's own
 * shop server runs — a notification reaching that server at a moment no test can predict would empty
 * a page between a test's two requests (and on the embedded database it never arrives at all).
 */
export function forgetCatalogHere(change: CatalogChange): void {
  forgetCatalog(change);
}

function forgetCatalog(change: CatalogChange): void {
  // The rendered pages showing one of its products, or all of them (decision 048).
  forgetRenderedPages(keysOfChange(change));
  if (change === "everything") forgetSaleSchedule();
  if (!cache) return;
  if (change === "everything") cache.clear();
  else if (change.productIds.length > 0) cache.invalidate(change.productIds);
}

/**
 * Starts applying the other instances' changes here (the server's start-up does; a no-op on the embedded
 * database). A change heard from another instance is only forgotten locally, never published again.
 */
export function listenForCatalogChanges(): CatalogListener {
  const listener = startCatalogListener(forgetCatalog);
  // The shared cache is purged again once this instance has forgotten the change: until then it may have
  // fetched this instance's stale page again after the first purge, by the instance that made it.
  listener.events.on("change", (change: CatalogChange) => purgeSharedCaches(keysOfChange(change)));
  return listener;
}
