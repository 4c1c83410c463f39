import { describe, expect, it } from "vitest";
import { finishRenderedPage } from "./module-preloads.server";

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

/** The page finished, as text. */
const finish = (html: string) => finishRenderedPage(Buffer.from(html)).toString("utf8");

/** `html` with only its module preloads marked (what the finish does to a page without Remix's manifest). */
const lowered = (html: string) =>
  html.replaceAll('<link rel="modulepreload" ', '<link rel="modulepreload" fetchpriority="low" ');

describe("the rendered page's finish: module preloads at low priority, a compact manifest", () => {
  it("marks every modulepreload link and nothing else", () => {
    const html = finish(page);
    expect(html.match(/fetchpriority="low"/g)).toHaveLength(2);
    expect(html).toContain('<link rel="stylesheet" href="/build/a.css"/>');
  });

  it("writes the manifest compact, the same object, and leaves one that does not parse alone", () => {
    const html = finish(page);
    expect(html.length).toBeLessThan(page.length);
    const json = html.slice(
      html.indexOf("window.__remixManifest = ") + "window.__remixManifest = ".length,
      html.indexOf(";\nwindow.__remixRouteModules"),
    );
    expect(JSON.parse(json)).toEqual(manifest);
    expect(json).not.toContain("\n");
    const broken = page.replace('"version"', "version");
    expect(finish(broken)).toBe(lowered(broken));
    expect(finish("<p>sin manifiesto</p>")).toBe("<p>sin manifiesto</p>");
    // A review quoting the words (JSON between them included) is left as it was written.
    const quoted = "<p>window.__remixManifest = [1,\n 2];\nwindow.__remixRouteModules</p>";
    expect(finish(quoted)).toBe(quoted);
    expect(finish(page)).toBe(finished);
  });

  it("keeps multi-byte characters whole, in the page and in the manifest", () => {
    expect(finish(page)).toContain("<p>Añillo — ✨</p>");
    const plain = "<p>sin precargas — ✨</p>";
    expect(finish(plain)).toBe(plain);
  });
});
