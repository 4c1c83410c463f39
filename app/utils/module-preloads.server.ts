import { memoizeBounded } from "./memoize";

/**
 * Remix's `<Scripts>` writes a `<link rel="modulepreload">` for every module of the entry, the root and
 * the page's routes (37 on the home page, 42 on a product page). Chrome fetches those at High
 * priority, the same as the stylesheet, the fonts and the largest picture, so on a phone's link they
 * share the bandwidth the first paint needs, and Lighthouse counts every one that arrives before the
 * first paint as render-blocking. Marked `fetchpriority="low"`, they are still all requested at once
 * (no import waterfall when the page hydrates) but after the stylesheet, fonts and pictures.
 * Remix gives no way to set the attribute, so the rendered HTML gets it.
 */
const PRELOAD = '<link rel="modulepreload" ';
const LOW_PRIORITY_PRELOAD = '<link rel="modulepreload" fetchpriority="low" ';

/**
 * Remix's `<Scripts>` inlines the page's part of the route manifest as JSON indented by two spaces
 * (`JSON.stringify(manifest, null, 2)`): on the home page 0.8 KB of the HTML is that indentation.
 * Written compact, it is the same object. The script is Remix's own, rendered with
 * `suppressHydrationWarning`, and hydration never compares a script's content. A manifest that does not
 * parse is left as it is.
 */
const MANIFEST_START = "window.__remixManifest = ";
const MANIFEST_END = ";\nwindow.__remixRouteModules";

/**
 * One manifest written compact, or as it was when it is not Remix's. Pages of one route share one
 * manifest text, so it is parsed once per route (and page of the path), not on every request.
 */
const compactManifest = memoizeBounded(
  (text: string): string => {
    let manifest: unknown;
    try {
      manifest = JSON.parse(text);
    } catch {
      return text;
    }
    // Only Remix's manifest (a page's own text could hold the same words, never this object).
    if (typeof manifest !== "object" || manifest === null || !("entry" in manifest) || !("routes" in manifest)) {
      return text;
    }
    return JSON.stringify(manifest);
  },
  { maxEntries: 200 },
);

/**
 * What a production page gets after React rendered it (whole-document.server.ts): low-priority module
 * preloads, a compact manifest. The markers are ASCII, so they are found and replaced in the page's
 * bytes; only the manifest is decoded (to write it compact), rather than decoding the page and encoding
 * it again.
 */
export function finishRenderedPage(page: Buffer): Buffer {
  const pieces: Buffer[] = [];
  const start = page.indexOf(MANIFEST_START_BYTES);
  const from = start + MANIFEST_START_BYTES.length;
  const end = start < 0 ? -1 : page.indexOf(MANIFEST_END_BYTES, from);
  if (end < 0) {
    lowerPreloads(page, pieces);
  } else {
    lowerPreloads(page.subarray(0, from), pieces);
    pieces.push(Buffer.from(compactManifest(page.toString("utf8", from, end))));
    lowerPreloads(page.subarray(end), pieces);
  }
  return Buffer.concat(pieces);
}

const PRELOAD_BYTES = Buffer.from(PRELOAD);
const LOW_PRIORITY_PRELOAD_BYTES = Buffer.from(LOW_PRIORITY_PRELOAD);
const MANIFEST_START_BYTES = Buffer.from(MANIFEST_START);
const MANIFEST_END_BYTES = Buffer.from(MANIFEST_END);

/** `bytes` with every module preload marked low priority, in pieces appended to `out`. */
function lowerPreloads(bytes: Buffer, out: Buffer[]): void {
  let at = 0;
  for (let found = bytes.indexOf(PRELOAD_BYTES); found >= 0; found = bytes.indexOf(PRELOAD_BYTES, at)) {
    if (found > at) out.push(bytes.subarray(at, found));
    out.push(LOW_PRIORITY_PRELOAD_BYTES);
    at = found + PRELOAD_BYTES.length;
  }
  if (at < bytes.length) out.push(at === 0 ? bytes : bytes.subarray(at));
}
