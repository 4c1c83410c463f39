import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import {
  compactRemixManifest,
  finishRenderedPage,
  finishRenderedPageStream,
  lowerModulePreloads,
} from "./module-preloads.server";

const manifest = {
  entry: { module: "/build/entry.client.js", imports: ["/build/_shared/chunk-A.js"] },
  routes: { root: { id: "root", path: "", module: "/build/root.js", imports: [], hasLoader: true } },
  version: "0b1748f0",
};

/** The end of a page as Remix's <Scripts> writes it (its manifest indented by two spaces). */
const page =
  '<html><head><link rel="stylesheet" href="/build/a.css"/></head><body><p>Añillo — ✨</p>' +
  '<link rel="modulepreload" href="/build/entry.client.js"/><link rel="modulepreload" href="/build/_shared/chunk-A.js"/>' +
  '<script type="module" async="">;\nimport * as route0 from "/build/root.js";\n' +
  `window.__remixManifest = ${JSON.stringify(manifest, null, 2)};\n` +
  'window.__remixRouteModules = {"root":route0};\n\nimport("/build/entry.client.js");</script></body></html>';

const finished = page
  .replaceAll('<link rel="modulepreload" ', '<link rel="modulepreload" fetchpriority="low" ')
  .replace(JSON.stringify(manifest, null, 2), JSON.stringify(manifest));

async function throughStream(chunks: Buffer[]) {
  const out: Buffer[] = [];
  for await (const chunk of Readable.from(chunks).pipe(finishRenderedPageStream())) out.push(Buffer.from(chunk));
  return Buffer.concat(out).toString("utf8");
}

describe("the rendered page's finish: module preloads at low priority, a compact manifest", () => {
  it("marks every modulepreload link and nothing else", () => {
    const html = lowerModulePreloads(page);
    expect(html.match(/fetchpriority="low"/g)).toHaveLength(2);
    expect(html).toContain('<link rel="stylesheet" href="/build/a.css"/>');
  });

  it("writes the manifest compact, the same object, and leaves one that does not parse alone", () => {
    const html = compactRemixManifest(page);
    expect(html.length).toBeLessThan(page.length);
    const json = html.slice(
      html.indexOf("window.__remixManifest = ") + "window.__remixManifest = ".length,
      html.indexOf(";\nwindow.__remixRouteModules"),
    );
    expect(JSON.parse(json)).toEqual(manifest);
    expect(json).not.toContain("\n");
    const broken = page.replace('"version"', "version");
    expect(compactRemixManifest(broken)).toBe(broken);
    expect(compactRemixManifest("<p>sin manifiesto</p>")).toBe("<p>sin manifiesto</p>");
    // A review quoting the words (JSON between them included) is left as it was written.
    const quoted = "<p>window.__remixManifest = [1,\n 2];\nwindow.__remixRouteModules</p>";
    expect(compactRemixManifest(quoted)).toBe(quoted);
    expect(finishRenderedPage(page)).toBe(finished);
  });

  it("streams the same page whatever the chunks, a tag, the manifest or a character split between two", async () => {
    const bytes = Buffer.from(page);
    // Every split point: tags and the manifest cut anywhere, and the multi-byte characters mid-sequence.
    for (let cut = 1; cut < bytes.length; cut += 1) {
      expect(await throughStream([bytes.subarray(0, cut), bytes.subarray(cut)]), `cut at ${cut}`).toBe(finished);
    }
    const bytewise = [...bytes].map((byte) => Buffer.from([byte]));
    expect(await throughStream(bytewise)).toBe(finished);
    // React writes Uint8Arrays (views of its own buffers), not Buffers.
    const third = Math.ceil(bytes.length / 3);
    const views = [0, third, 2 * third].map(
      (at) => new Uint8Array(bytes.buffer, bytes.byteOffset + at, Math.min(third, bytes.length - at)),
    );
    expect(await throughStream(views as Buffer[])).toBe(finished);
  });

  it("passes on what React writes in one turn as one piece, and a later piece on its own", async () => {
    const stream = finishRenderedPageStream();
    const pieces: string[] = [];
    stream.on("data", (chunk: Buffer) => pieces.push(chunk.toString("utf8")));
    const bytes = Buffer.from(page);
    for (let at = 0; at < bytes.length; at += 7) stream.write(bytes.subarray(at, at + 7));
    await new Promise((resolve) => setImmediate(resolve));
    stream.end("<p>después</p>");
    await new Promise((resolve) => stream.on("end", resolve));
    expect(pieces).toEqual([finished, "<p>después</p>"]);
  });
});
