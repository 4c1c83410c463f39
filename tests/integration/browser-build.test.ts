import fs from "node:fs";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCategories, createProduct, resetDatabase } from "../db-utils";
import { send } from "./http-client";
import { type ShopServer, startShopServer } from "./http-server";

/**
 * The production browser build as `npm run build` leaves it (scripts/merge-browser-chunks.mjs,
 * scripts/precompress-assets.mjs) and as the real server sends it (server/precompressed.mjs).
 */
const publicDir = path.resolve(import.meta.dirname, "../../public");

type Manifest = {
  entry: { module: string; imports?: string[] };
  routes: Record<string, { module: string; imports?: string[] }>;
  url: string;
  version: string;
};

function readManifest(): Manifest {
  const files = fs.readdirSync(path.join(publicDir, "build")).filter((f) => /^manifest-.*\.js$/.test(f));
  expect(files, "one assets manifest in public/build").toHaveLength(1);
  const text = fs.readFileSync(path.join(publicDir, "build", files[0]!), "utf8");
  return JSON.parse(text.replace(/^window\.__remixManifest=/, "").replace(/;$/, "")) as Manifest;
}

/**
 * The modules `url` imports statically (`import … from "…"`, `import "…"`, `export … from "…"`), as
 * URLs: Rollup writes them relative to the importing file.
 */
const staticImports = (url: string) =>
  [
    ...fs
      .readFileSync(path.join(publicDir, url), "utf8")
      .matchAll(/(?:^|[;}])\s*(?:import|export)\s*(?:[^"';()]*?\bfrom\s*)?"((?:\.{1,2}\/|\/build\/)[^"]+)"/g),
  ].map((m) => new URL(m[1]!, `https://tienda.example${url}`).pathname);

describe("the browser build", () => {
  it("names only files that exist, and preloads every module a route imports", () => {
    const manifest = readManifest();
    expect(manifest.url).toBe(`/build/manifest-${manifest.version.toUpperCase()}.js`);
    const routes = [manifest.entry, ...Object.values(manifest.routes)];
    let checked = 0;
    for (const route of routes) {
      for (const url of [route.module, ...(route.imports ?? [])]) {
        expect(fs.existsSync(path.join(publicDir, url)), url).toBe(true);
      }
      const listed = new Set(route.imports ?? []);
      const pending = [route.module];
      const seen = new Set<string>();
      while (pending.length > 0) {
        const url = pending.pop()!;
        for (const imported of staticImports(url)) {
          expect(listed.has(imported), `${route.module} imports ${imported}`).toBe(true);
          checked++;
          if (seen.has(imported)) continue;
          seen.add(imported);
          pending.push(imported);
        }
      }
    }
    // The root route alone imports the framework and the shell: the search above found imports.
    expect(checked).toBeGreaterThan(routes.length);
  });

  it("gives the home page few scripts: the framework, the shell, the catalogue, and its own", () => {
    const manifest = readManifest();
    const home = new Set([
      manifest.entry.module,
      ...(manifest.entry.imports ?? []),
      ...[manifest.routes.root!, manifest.routes["routes/_index"]!].flatMap((r) => [r.module, ...(r.imports ?? [])]),
    ]);
    expect([...home].map((url) => path.basename(url).replace(/-[a-z0-9]{8}\.js$/, "")).sort()).toEqual([
      "_index",
      "catalogue",
      "entry.client",
      "framework",
      "root",
      "shell",
    ]);
  });
});

describe("the build's scripts and stylesheets travel precompressed", () => {
  let shop: ShopServer;
  let scripts: string[];
  let stylesheet: string;

  beforeAll(async () => {
    await resetDatabase();
    await createCategories();
    await createProduct({ name: "Anillo Solitario" });
    shop = await startShopServer();
    const home = await send(shop.url, { path: "/" });
    expect(home.status).toBe(200);
    scripts = [...home.body.matchAll(/<link rel="modulepreload"[^>]* href="(\/build\/[^"]+)"/g)].map((m) => m[1]!);
    stylesheet = /<link rel="stylesheet" href="(\/build\/[^"?]+)/.exec(home.body)![1]!;
  });

  afterAll(async () => {
    await shop?.stop();
  });

  it("Brotli to a browser that takes it, gzip to one that takes only gzip, as they are on disk", async () => {
    expect(scripts.length).toBeGreaterThan(0);
    for (const url of [...scripts, stylesheet]) {
      const plain = fs.readFileSync(path.join(publicDir, url));
      const type = url.endsWith(".css") ? "text/css; charset=UTF-8" : "application/javascript; charset=UTF-8";

      const br = await send(shop.url, { path: url, headers: { "Accept-Encoding": "gzip, deflate, br, zstd" } });
      expect(br.status, url).toBe(200);
      expect(br.headers["content-encoding"], url).toBe("br");
      expect(br.headers["content-type"], url).toBe(type);
      expect(br.headers["vary"], url).toMatch(/Accept-Encoding/i);
      expect(br.headers["cache-control"], url).toBe("public, max-age=31536000, immutable");
      expect(br.headers["x-content-type-options"], url).toBe("nosniff");
      expect(br.bytes.equals(fs.readFileSync(path.join(publicDir, `${url}.br`))), url).toBe(true);
      expect(brotliDecompressSync(br.bytes).equals(plain), url).toBe(true);

      for (const accept of ["gzip", "br;q=0, gzip;q=0.8"]) {
        const gz = await send(shop.url, { path: url, headers: { "Accept-Encoding": accept } });
        expect(gz.headers["content-encoding"], `${url} (${accept})`).toBe("gzip");
        expect(gz.bytes.equals(fs.readFileSync(path.join(publicDir, `${url}.gz`))), url).toBe(true);
        expect(gunzipSync(gz.bytes).equals(plain), url).toBe(true);
      }

      const identity = await send(shop.url, { path: url, headers: { "Accept-Encoding": "identity" } });
      expect(identity.headers["content-encoding"], url).toBeUndefined();
      expect(identity.bytes.equals(plain), url).toBe(true);
    }
  });

  it("answers HEAD, a revalidation and a missing file as the plain static files do", async () => {
    const url = scripts[0]!;
    const head = await send(shop.url, { method: "HEAD", path: url, headers: { "Accept-Encoding": "br" } });
    expect(head.status).toBe(200);
    expect(head.headers["content-encoding"]).toBe("br");
    expect(Number(head.headers["content-length"])).toBe(fs.statSync(path.join(publicDir, `${url}.br`)).size);
    const again = await send(shop.url, {
      path: url,
      headers: { "Accept-Encoding": "br", "If-None-Match": String(head.headers.etag) },
    });
    expect(again.status).toBe(304);
    const missing = await send(shop.url, {
      path: "/build/_shared/framework-00000000.js",
      headers: { "Accept-Encoding": "br" },
    });
    expect(missing.status).toBe(404);
  });
});
