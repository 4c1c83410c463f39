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
 * The same for a page streamed as React renders it: a tag may be split between two chunks, so the end
 * of each chunk that could be the start of one waits for the next chunk (and a character split
 * between chunks, for the decoder).
 */
export function lowerModulePreloadsStream(): Transform {
  const decoder = new StringDecoder("utf8");
  let pending = "";
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const text = lowerModulePreloads(pending + decoder.write(chunk));
      const keep = partialTagLength(text);
      pending = text.slice(text.length - keep);
      done(null, text.slice(0, text.length - keep));
    },
    flush(done) {
      done(null, lowerModulePreloads(pending + decoder.end()));
    },
  });
}

/** How many characters at the end of `text` could begin a modulepreload tag. */
function partialTagLength(text: string): number {
  for (let length = Math.min(PRELOAD.length - 1, text.length); length > 0; length -= 1) {
    if (PRELOAD.startsWith(text.slice(text.length - length))) return length;
  }
  return 0;
}
