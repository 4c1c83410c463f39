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

export function lowerModulePreloads(html: string): string {
  return html.replaceAll(PRELOAD, LOW_PRIORITY_PRELOAD);
}

/**
 * Remix's `<Scripts>` inlines the page's part of the route manifest as JSON indented by two spaces
 * (`JSON.stringify(manifest, null, 2)`): on the home page 0.8 KB of the HTML is that indentation.
 * Written compact, it is the same object. The script is Remix's own, rendered with
 * `suppressHydrationWarning`, and hydration never compares a script's content. A manifest that does not
 * parse is left as it is.
 */
const MANIFEST_START = "window.__remixManifest = ";
const MANIFEST_END = ";\nwindow.__remixRouteModules";

export function compactRemixManifest(html: string): string {
  const start = html.indexOf(MANIFEST_START);
  if (start < 0) return html;
  const from = start + MANIFEST_START.length;
  const end = html.indexOf(MANIFEST_END, from);
  if (end < 0) return html;
  return html.slice(0, from) + compactManifest(html.slice(from, end)) + html.slice(end);
}

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

/** What a production page gets after React rendered it: low-priority module preloads, a compact manifest. */
export function finishRenderedPage(html: string): string {
  return compactRemixManifest(lowerModulePreloads(html));
}

/**
 * The same on the page's bytes as React wrote them (whole-document.server.ts): the markers are ASCII, so
 * they are found and replaced in the bytes; only the manifest is decoded (to write it compact).
 * Decoding the page and encoding it again was 2–3 % of a signed-in cart page's server time in a
 * profile (decision 024, second revision of 2026-11-26).
 */
export function finishRenderedPageBytes(page: Buffer): Buffer {
  const pieces: Buffer[] = [];
  finishRenderedBytes(page, pieces);
  return Buffer.concat(pieces);
}

const PRELOAD_BYTES = Buffer.from(PRELOAD);
const LOW_PRIORITY_PRELOAD_BYTES = Buffer.from(LOW_PRIORITY_PRELOAD);
const MANIFEST_START_BYTES = Buffer.from(MANIFEST_START);
const MANIFEST_END_BYTES = Buffer.from(MANIFEST_END);

/** finishRenderedPage on bytes: its pieces, appended to `out`. */
function finishRenderedBytes(bytes: Buffer, out: Buffer[]): void {
  const start = bytes.indexOf(MANIFEST_START_BYTES);
  const from = start + MANIFEST_START_BYTES.length;
  const end = start < 0 ? -1 : bytes.indexOf(MANIFEST_END_BYTES, from);
  if (end < 0) {
    lowerPreloadBytes(bytes, out);
    return;
  }
  lowerPreloadBytes(bytes.subarray(0, from), out);
  out.push(Buffer.from(compactManifest(bytes.toString("utf8", from, end))));
  lowerPreloadBytes(bytes.subarray(end), out);
}

function lowerPreloadBytes(bytes: Buffer, out: Buffer[]): void {
  let at = 0;
  for (let found = bytes.indexOf(PRELOAD_BYTES); found >= 0; found = bytes.indexOf(PRELOAD_BYTES, at)) {
    if (found > at) out.push(bytes.subarray(at, found));
    out.push(LOW_PRIORITY_PRELOAD_BYTES);
    at = found + PRELOAD_BYTES.length;
  }
  if (at < bytes.length) out.push(at === 0 ? bytes : bytes.subarray(at));
}
