import { cachePurges } from "./cache-metrics.server";
import { getEnv } from "./env.server";
import { logger } from "./logger.server";
import { type Purger, varnishXkeyPurger } from "./varnish-purger.server";

/**
 * Purging the shared HTTP cache in front of the shop (docs/decisions/049): every catalogue change
 * purges the surrogate keys it makes stale (surrogate-keys.server.ts: `p<id>` per product, `all` for
 * everything), so an anonymous page kept by Varnish or a CDN for its `s-maxage` is fetched again at
 * once instead.
 *
 * A purger takes keys, which is what every CDN's purge API takes (Fastly's surrogate keys, Cloudflare's
 * and Akamai's cache tags, Bunny's tags): another provider is one more implementation of `Purger`. The
 * first one is Varnish with the xkey vmod (deploy/varnish/default.vcl): one `PURGE` request per
 * address of CACHE_PURGE_URL with the keys in its `xkey-purge` header.
 *
 * A purge never blocks nor fails a sale or an edit: it is sent after the commit, not awaited, bounded
 * by PURGE_TIMEOUT_MS, and a failure is logged and counted (joyeria_cache_purges_total{outcome="failed"});
 * the page then stays in the shared cache until its s-maxage (shared-cache.server.ts).
 */

let configured: Purger | null | undefined;
const inFlight = new Set<Promise<void>>();

/** The purger CACHE_PURGE_URL configures, or null when it is unset. */
function purger(): Purger | null {
  if (configured === undefined) {
    const urls = getEnv().CACHE_PURGE_URL;
    configured = urls.length > 0 ? varnishXkeyPurger(urls) : null;
  }
  return configured;
}

/** Purges `keys` from the shared caches, if any are configured; never throws, never awaited by a write. */
export function purgeSharedCaches(keys: readonly string[]): void {
  const target = purger();
  if (!target || keys.length === 0) return;
  const sent = target
    .purge(keys)
    .then(() => cachePurges().inc({ outcome: "sent" }))
    .catch((error: unknown) => {
      cachePurges().inc({ outcome: "failed" });
      logger.warn(
        { reason: error instanceof Error ? error.message : String(error), keys: keys.slice(0, 20) },
        "shared cache not purged (CACHE_PURGE_URL): its copy stays until s-maxage",
      );
    })
    .finally(() => inFlight.delete(sent));
  inFlight.add(sent);
}

/** Resolves once the purges under way have ended (a test, or a command before it exits). */
export async function sharedCachePurgesSent(): Promise<void> {
  await Promise.all([...inFlight]);
}
