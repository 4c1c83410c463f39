import { pageSearch } from "~/lib/page-params";
import { getEnv } from "./env.server";
import { getPublicOrigin } from "./origin.server";
import { msToNextSaleBoundary } from "./sale-boundary.server";
import { hasShopCookie } from "./shop-cookies.server";
import { ALL_PAGES } from "./surrogate-keys.server";
import {
  type AnswerEncoding,
  answerOf,
  type CachedAnswer,
  type Captured,
  isStorable,
  type Page,
  pageOf,
  type StoredPage,
} from "./stored-page.server";

export type { AnswerEncoding, CachedAnswer, Captured, StoredPage };

/**
 * The rendered-page cache (docs/decisions/023-rendered-html-cache.md): what Remix answered to an
 * anonymous GET that a shared cache may keep (a request without cookies, answered 200 with
 * `Cache-Control: public` and no Set-Cookie — the rule of applyCachePolicy), kept in memory per
 * address, so the next anonymous visitor of that address gets it without loaders or rendering.
 *
 * The HTTP server (server/app.mjs) asks `renderedPages()` before handing a request to Remix and
 * stores what Remix answered. Each response gets a new CSP nonce: the cached page is kept split at
 * the nonce it was rendered with, and joined with a new one per response (in the page and in its
 * Content-Security-Policy), so the policy is exactly as strict as for a page rendered for the request.
 *
 * Each page is kept with its surrogate keys (the `xkey` header its render set: the products it shows,
 * surrogate-keys.server.ts), and a catalogue change forgets exactly the pages showing a product it names,
 * or every page for a change to everything (`forgetRenderedPages`, called by catalogChanged and for the
 * other instances' changes; docs/decisions/048).
 */

/** Pages beyond this many bytes in total push the least recently used ones out. */
const MAX_BYTES = 32 * 1024 * 1024;
/** Search terms are unbounded: beyond this many addresses the least recently used one goes. */
const MAX_ENTRIES = 2_000;
/** Changes remembered for the renderings under way; one begun before the oldest of them is not stored. */
const RECENT_CHANGES = 256;
export type RenderedPages = {
  /**
   * The cache key of a request that may use the cache, or null (not GET/HEAD, or it has one of the
   * shop's own cookies: any other cookie changes nothing, decision 047).
   * `url` is the URL Remix renders for it (server/request-target.mjs's renderedUrl), never one built
   * from the raw Host header.
   */
  keyOf(request: { method: string; url: string; cookie: string | undefined }): string | null;
  /** The page stored under `key` while it is fresh, or null (signed-in pages are assembled from it, decision 046). */
  stored(key: string): StoredPage | null;
  /**
   * A cached answer for `key` with a fresh nonce (a 304 when `ifNoneMatch` names its ETag), or null;
   * gzip-encoded when `encoding` says the client takes it (decision 072).
   */
  answer(key: string, ifNoneMatch: string | undefined, encoding?: AnswerEncoding): CachedAnswer | null;
  /**
   * Called before Remix renders `key`; the returned function stores its answer, if it may be stored
   * (null: the response ended without one). Until then `rendering(key)` lets other requests wait for it.
   * It returns the page it made of a storable answer even when a change during the rendering kept it
   * out of the cache: read after the requests waiting for it arrived, it is still their answer.
   */
  begin(key: string): (captured: Captured | null) => StoredPage | null;
  /**
   * Settles when the rendering of `key` in progress ends, or null when none is: concurrent misses share
   * it. It settles with that rendering's page unless a change came between its start and this call.
   */
  rendering(key: string): Promise<StoredPage | null> | null;
  /** The answer of a page `rendering` gave (a hit: this request rendered nothing), with a fresh nonce. */
  answerFrom(key: string, page: StoredPage, ifNoneMatch: string | undefined, encoding?: AnswerEncoding): CachedAnswer;
  /** Forgets the pages carrying any of these surrogate keys (and stores no rendering under way). */
  invalidate(keys: Iterable<string>): void;
  clear(): void;
  readonly size: number;
};

/**
 * The address a rendered page is kept under: the origin the page is rendered for — the configured one,
 * APP_ORIGIN (without it, getPublicOrigin's localhost or ALLOWED_HOSTS origin, else http://localhost:PORT)
 * — and the path and query Remix renders, the query sorted, no fragment. Nothing of the request's own
 * Host: two requests get one key only if Remix renders them the same page (docs/decisions/029). The
 * query is the one the route reads (app/lib/page-params.ts: its allow-list; tracking parameters never
 * count), sorted: `/?fbclid=…` is the page of `/` (decision 047).
 */
export function pageAddress(renderedUrl: string, originOf: (url: URL) => string = publicOriginOf): string {
  const url = new URL(renderedUrl);
  return `${originOf(url)}${url.pathname}${pageSearch(url.pathname, url.search)}`;
}

const publicOriginOf = (url: URL) => getPublicOrigin({ url: url.href });

export function createRenderedPages({
  ttlMs,
  now = Date.now,
  originOf = publicOriginOf,
  count = () => {},
}: {
  ttlMs: number;
  now?: () => number;
  /** Told each lookup's outcome: a hit, a miss rendered, or a stale page rendered again (the metrics). */
  count?: (key: string, outcome: LookupOutcome) => void;
  /** The origin a rendered URL's page is rendered for (getPublicOrigin; a fixed one in unit tests). */
  originOf?: (url: URL) => string;
}): RenderedPages {
  const pages = new Map<string, Page>();
  const renderings = new Map<string, { page: Promise<StoredPage | null>; startedIn: number }>();
  let bytes = 0;
  // Bumped by every change: a page whose rendering began before a change to one of its products (or a
  // clear) is not stored. The recent changes' keys, oldest first, tell which ones those were.
  let generation = 0;
  let clearedIn = 0;
  const changes: { generation: number; keys: Set<string> }[] = [];
  const changedSince = (startedIn: number, keys: Set<string>) =>
    startedIn < clearedIn ||
    (changes[0] !== undefined && changes[0].generation > startedIn + 1) ||
    changes.some((change) => change.generation > startedIn && [...keys].some((key) => change.keys.has(key)));
  // Keys whose page had expired when asked for: their next rendering counts as stale, not as a miss.
  const expired = new Set<string>();

  const drop = (key: string) => {
    const page = pages.get(key);
    if (!page) return;
    pages.delete(key);
    bytes -= page.bytes;
  };

  return {
    keyOf({ method, url, cookie }) {
      if (ttlMs <= 0 || (method !== "GET" && method !== "HEAD") || hasShopCookie(cookie)) return null;
      return pageAddress(url, originOf);
    },
    stored(key) {
      const page = pages.get(key);
      if (!page || page.expires <= now()) return null;
      return page;
    },
    answer(key, ifNoneMatch, encoding) {
      const page = pages.get(key);
      if (!page) return null;
      if (page.expires <= now()) {
        drop(key);
        if (expired.size >= MAX_ENTRIES) expired.clear();
        expired.add(key);
        return null;
      }
      // Most recently used last: the first key of the map is the one eviction drops.
      pages.delete(key);
      pages.set(key, page);
      return this.answerFrom(key, page, ifNoneMatch, encoding);
    },
    answerFrom(key, page, ifNoneMatch, encoding) {
      count(key, "hit");
      return answerOf(page, ifNoneMatch, encoding);
    },
    begin(key) {
      count(key, expired.delete(key) ? "stale" : "miss");
      const startedIn = generation;
      let settle: (page: StoredPage | null) => void = () => {};
      const rendering = new Promise<StoredPage | null>((resolve) => (settle = resolve));
      renderings.set(key, { page: rendering, startedIn });
      return (captured) => {
        if (renderings.get(key)?.page === rendering) renderings.delete(key);
        // The cache off (a TTL of 0): nothing is kept, nor handed to anyone to assemble from.
        if (!captured || ttlMs <= 0 || !isStorable(captured)) {
          settle(null);
          return null;
        }
        // Never past a sale event's next start or end (docs/decisions/057).
        const page = pageOf(captured, now() + Math.min(ttlMs, msToNextSaleBoundary(now()) ?? ttlMs));
        settle(page);
        if (page.bytes > MAX_BYTES / 8) return page;
        if (startedIn !== generation && changedSince(startedIn, page.keys)) return page;
        drop(key);
        pages.set(key, page);
        bytes += page.bytes;
        while (bytes > MAX_BYTES || pages.size > MAX_ENTRIES) drop(pages.keys().next().value as string);
        return page;
      };
    },
    rendering(key) {
      const rendering = renderings.get(key);
      if (!rendering) return null;
      // A change since it began came before this request: its page may be older than what was asked.
      return rendering.startedIn === generation ? rendering.page : rendering.page.then(() => null);
    },
    invalidate(keys) {
      const changed = new Set(keys);
      if (changed.size === 0) return;
      if (changed.has(ALL_PAGES)) return this.clear();
      // A rendering under way that shows one of these products may have read it before the change.
      generation += 1;
      changes.push({ generation, keys: changed });
      if (changes.length > RECENT_CHANGES) changes.shift();
      for (const [key, page] of pages) if ([...page.keys].some((k) => changed.has(k))) drop(key);
    },
    clear() {
      generation += 1;
      clearedIn = generation;
      changes.length = 0;
      expired.clear();
      pages.clear();
      bytes = 0;
    },
    get size() {
      return pages.size;
    },
  };
}

let instance: RenderedPages | undefined;

/**
 * What each lookup of a rendered-page cache can be, as `count` is told; "assembled": a signed-in
 * shopper's page made from the stored one (decision 046), counted by `countAssembled`.
 */
export type LookupOutcome = "hit" | "miss" | "stale" | "assembled";
let countLookup: (key: string, outcome: LookupOutcome) => void = () => {};

/** Where the process's cache reports each lookup (the metrics; entry.server.tsx sets it). */
export function countPageLookups(count: (key: string, outcome: LookupOutcome) => void): void {
  countLookup = count;
}

/** Counts a signed-in page assembled from the stored page of `key` (a hit for the catalogue's hit rate). */
export function countAssembled(key: string): void {
  countLookup(key, "assembled");
}

/** The process's cache, created on first use (CATALOG_CACHE_TTL_MS; 0 turns it off with the catalogue cache). */
export function renderedPages(): RenderedPages {
  instance ??= createRenderedPages({
    ttlMs: getEnv().CATALOG_CACHE_TTL_MS,
    count: (key, outcome) => countLookup(key, outcome),
  });
  return instance;
}

/**
 * Forgets the rendered pages a catalogue change makes stale (catalogChanged and the other instances'
 * changes call it): those carrying one of `keys` (surrogate-keys.server.ts's keysOfChange), every page
 * for ALL_PAGES, which every page carries.
 */
export function forgetRenderedPages(keys: readonly string[]): void {
  instance?.invalidate(keys);
}
