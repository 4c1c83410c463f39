import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

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
  let manifest: unknown;
  try {
    manifest = JSON.parse(html.slice(from, end));
  } catch {
    return html;
  }
  // Only Remix's manifest (a page's own text could hold the same words, never this object).
  if (typeof manifest !== "object" || manifest === null || !("entry" in manifest) || !("routes" in manifest)) {
    return html;
  }
  return html.slice(0, from) + JSON.stringify(manifest) + html.slice(end);
}

/** What a production page gets after React rendered it: low-priority module preloads, a compact manifest. */
export function finishRenderedPage(html: string): string {
  return compactRemixManifest(lowerModulePreloads(html));
}

/**
 * The same for a page streamed as React renders it: a tag may be split between two chunks, so the end
 * of each chunk that could be the start of one waits for the next chunk (and a character split
 * between chunks, for the decoder); the manifest, from its start, waits for its end.
 *
 * React hands over a page in pieces (up to 2 KB, and many of a few bytes), all in the same turn of the
 * event loop for what is ready. Passed on one by one, each became a chunk of the chunked response, and
 * Node's `writev` of them was a tenth of a signed-in cart page's time under load. What arrives in one
 * turn now leaves as one piece at the end of that turn: the page is still streamed (a deferred part
 * follows when it is ready). Signed-in `/cart`, autocannon at 10 connections: 258 → 270 req/s.
 */
export function finishRenderedPageStream(): Transform {
  const decoder = new StringDecoder("utf8");
  let pending = "";
  let batch = "";
  let scheduled = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const text = pending + decoder.write(chunk);
      const keep = heldLength(text);
      pending = text.slice(text.length - keep);
      batch += finishRenderedPage(text.slice(0, text.length - keep));
      if (!scheduled) {
        scheduled = true;
        setImmediate(() => {
          scheduled = false;
          if (batch === "") return;
          this.push(batch);
          batch = "";
        });
      }
      done();
    },
    flush(done) {
      const rest = batch + finishRenderedPage(pending + decoder.end());
      batch = "";
      done(null, rest);
    },
  });
}

/** How many characters at the end of `text` must wait for the next chunk. */
function heldLength(text: string): number {
  const manifest = text.lastIndexOf(MANIFEST_START);
  if (manifest >= 0 && text.indexOf(MANIFEST_END, manifest) < 0) return text.length - manifest;
  return Math.max(partialLength(text, PRELOAD), partialLength(text, MANIFEST_START));
}

/** How many characters at the end of `text` could begin `marker`. */
function partialLength(text: string, marker: string): number {
  for (let length = Math.min(marker.length - 1, text.length); length > 0; length -= 1) {
    if (marker.startsWith(text.slice(text.length - length))) return length;
  }
  return 0;
}
