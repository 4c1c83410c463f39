import { remember } from "@epic-web/remember";
import client from "prom-client";
import { PAGE_KINDS } from "~/lib/page-kind";
import { getMetrics } from "./metrics.server";
import type { LookupOutcome } from "./rendered-pages.server";

/**
 * The metrics of the page caches (docs/decisions/048 and 049), on the shop's registry:
 * `joyeria_page_cache_lookups_total{kind,outcome}` — catalogue requests answered by the
 * rendered-page cache (`hit`), rendered because no page was kept (`miss`) or because the kept one had
 * expired (`stale`), or assembled from the kept page for a signed-in shopper (`assembled`, decision 046),
 * by kind of page — and `joyeria_cache_purges_total{outcome}`, the purges sent to
 * the shared caches in front (CACHE_PURGE_URL). Every label starts at 0, so `rate()` sees the first one.
 */

const LOOKUP_OUTCOMES = ["hit", "miss", "stale", "assembled"] as const satisfies readonly LookupOutcome[];
const PURGE_OUTCOMES = ["sent", "failed"] as const;

export function pageCacheLookups() {
  return remember("metrics-page-cache-lookups", () => {
    const counter = new client.Counter({
      name: "joyeria_page_cache_lookups_total",
      help: "Catalogue page requests the rendered-page cache answered (hit), rendered for lack of a page (miss) or because the kept one had expired (stale), or assembled from the kept page for a signed-in shopper (assembled), by kind of page.",
      labelNames: ["kind", "outcome"] as const,
      registers: [getMetrics().registry],
    });
    for (const kind of PAGE_KINDS) for (const outcome of LOOKUP_OUTCOMES) counter.inc({ kind, outcome }, 0);
    return counter;
  });
}

export function cachePurges() {
  return remember("metrics-cache-purges", () => {
    const counter = new client.Counter({
      name: "joyeria_cache_purges_total",
      help: "Purge requests sent to the shared caches of CACHE_PURGE_URL (sent), or that failed (failed: the page stays there until its s-maxage).",
      labelNames: ["outcome"] as const,
      registers: [getMetrics().registry],
    });
    for (const outcome of PURGE_OUTCOMES) counter.inc({ outcome }, 0);
    return counter;
  });
}
