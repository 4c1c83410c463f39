import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { lowerModulePreloads, lowerModulePreloadsStream } from "./module-preloads.server";

const page =
  '<html><head><link rel="stylesheet" href="/build/a.css"/></head><body><p>Añillo — ✨</p>' +
  '<link rel="modulepreload" href="/build/entry.client.js"/><link rel="modulepreload" href="/build/_shared/chunk-A.js"/>' +
  '<script type="module" async="">import "/build/root.js";</script></body></html>';

const lowered = page.replaceAll('<link rel="modulepreload" ', '<link rel="modulepreload" fetchpriority="low" ');

async function throughStream(chunks: Buffer[]) {
  const out: Buffer[] = [];
  for await (const chunk of Readable.from(chunks).pipe(lowerModulePreloadsStream())) out.push(Buffer.from(chunk));
  return Buffer.concat(out).toString("utf8");
}

describe("module preloads at low priority", () => {
  it("marks every modulepreload link and nothing else", () => {
    const html = lowerModulePreloads(page);
    expect(html.match(/fetchpriority="low"/g)).toHaveLength(2);
    expect(html).toContain('<link rel="stylesheet" href="/build/a.css"/>');
    expect(html).toBe(lowered);
  });

  it("streams the same page whatever the chunks, a tag or a character split between two", async () => {
    const bytes = Buffer.from(page);
    // Every split point: tags cut anywhere, and the multi-byte characters cut mid-sequence.
    for (let cut = 1; cut < bytes.length; cut += 1) {
      expect(await throughStream([bytes.subarray(0, cut), bytes.subarray(cut)]), `cut at ${cut}`).toBe(lowered);
    }
    const bytewise = [...bytes].map((byte) => Buffer.from([byte]));
    expect(await throughStream(bytewise)).toBe(lowered);
  });
});
