#!/usr/bin/env node
// Part of `npm run build`, right after `remix build`: re-bundles the browser build's JavaScript into
// fewer, larger files (decision 026, revision of 2026-11-26).
//
// Remix's classic compiler splits the browser build with esbuild, which cuts shared code at the level
// of single top-level statements: the home page loaded 30 files, 28 of them under 4 KB, each
// compressed on its own. This step takes esbuild's output as its input and lets Rollup bundle it again
// with three groups:
//
// - "framework": what the entry module loads (React, React DOM, React Router, Remix), as before;
// - "shell": everything else the root route loads (header, icons, constants, the flash message…):
//   every page loads the root route, so nothing here is loaded by a page that did not load it before;
// - "catalogue": everything else the home page's route loads (the product grid, cards, prices), which
//   the category, search, favourites and product pages share; a page that needs only part of it (an
//   admin page that formats money) loads the rest with it, a few KB once, cached for a year;
// - the rest as Rollup splits it (by the set of routes that load a module).
//
// Entries keep their names with a new content hash; the routes' `module` and `imports` are rewritten in
// both copies of the assets manifest (the browser's `manifest-*.js` and the server build's), with a new
// version. Every file's name changes with its content, so the year-long immutable caching stays right.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { transform } from "esbuild";
import { rollup } from "rollup";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const publicDir = path.join(root, "public");
const buildDir = path.join(publicDir, "build");
const serverBuild = path.join(root, "build/index.js");

/** The assets manifest, as the server build holds it: `var assets_manifest_default = {…};`. */
const MANIFEST_DECLARATION = /var assets_manifest_default = (\{.*\});\n/;

const serverSource = fs.readFileSync(serverBuild, "utf8");
const declaration = serverSource.match(MANIFEST_DECLARATION);
if (!declaration) throw new Error(`No assets manifest in ${serverBuild}: did \`remix build\` change its output?`);
// An object literal esbuild wrote (`void 0`, `!1`), not JSON.
const manifest = new Function(`return (${declaration[1]});`)();

/** Every JavaScript file of the browser build, by URL; _assets holds stylesheets and pictures only. */
const sources = new Map();
for (const file of fs.readdirSync(buildDir, { recursive: true })) {
  if (!file.endsWith(".js") || file.startsWith("_assets")) continue;
  sources.set(`/build/${file.split(path.sep).join("/")}`, fs.readFileSync(path.join(buildDir, file), "utf8"));
}

/** The modules esbuild's file `url` imports statically (`import … from`, `import "…"`, `export … from`). */
const staticImports = (url) =>
  [...sources.get(url).matchAll(/(?:^|[;}])\s*(?:import|export)\s*(?:[^"';()]*?\bfrom\s*)?"(\/build\/[^"]+)"/g)].map(
    (m) => m[1],
  );

/** `url` and every module it imports statically, transitively. */
function closure(url, into = new Set()) {
  if (into.has(url)) return into;
  into.add(url);
  for (const dependency of staticImports(url)) closure(dependency, into);
  return into;
}

const entryModule = manifest.entry.module;
const routeModules = Object.values(manifest.routes).map((route) => route.module);
const framework = closure(entryModule);
const shell = new Set([...closure(manifest.routes.root.module)].filter((url) => !framework.has(url)));
const catalogue = new Set(
  [...closure(manifest.routes["routes/_index"].module)].filter((url) => !framework.has(url) && !shell.has(url)),
);
for (const url of [entryModule, ...routeModules]) {
  framework.delete(url);
  shell.delete(url);
  catalogue.delete(url);
}

/** "routes/_index" for "/build/routes/_index-ZIDKALQY.js": the hash goes, a new one comes. */
const entryName = (url) => url.slice("/build/".length).replace(/-[A-Z0-9]{8}\.js$/, "");

const bundle = await rollup({
  input: Object.fromEntries([entryModule, ...routeModules].map((url) => [entryName(url), url])),
  // esbuild's output is tree-shaken already; Rollup only moves it between files.
  treeshake: false,
  preserveEntrySignatures: "strict",
  plugins: [
    {
      name: "esbuild-browser-build",
      resolveId: (id) => (sources.has(id) ? id : null),
      load: (id) => sources.get(id) ?? null,
      // Minified before hashing: the name follows the bytes served.
      async renderChunk(code) {
        const result = await transform(code, { minify: true, format: "esm", legalComments: "none" });
        return { code: result.code, map: null };
      },
    },
  ],
  onwarn(warning, warn) {
    if (warning.code === "CIRCULAR_DEPENDENCY") return;
    warn(warning);
  },
});

const { output } = await bundle.generate({
  format: "es",
  entryFileNames: "[name]-[hash].js",
  // A dynamically imported module's chunk (the login modal…) keeps its name, without esbuild's hash.
  chunkFileNames: (chunk) => `_shared/${chunk.name.replace(/-[A-Z0-9]{8}$/, "")}-[hash].js`,
  compact: true,
  hashCharacters: "base36",
  manualChunks(id) {
    if (framework.has(id)) return "framework";
    if (shell.has(id)) return "shell";
    if (catalogue.has(id)) return "catalogue";
    return null;
  },
});
await bundle.close();

const chunks = output.filter((item) => item.type === "chunk");
const urlOf = new Map(chunks.filter((c) => c.isEntry).map((c) => [c.facadeModuleId, `/build/${c.fileName}`]));
const byFile = new Map(chunks.map((c) => [c.fileName, c]));

/** What Remix preloads with a route: its module's static imports, transitively. */
function preloads(fileName, into = new Set()) {
  for (const imported of byFile.get(fileName).imports) {
    const url = `/build/${imported}`;
    if (into.has(url)) continue;
    into.add(url);
    preloads(imported, into);
  }
  return into;
}
const importsOf = (url) => {
  const list = [...preloads(urlOf.get(url).slice("/build/".length))];
  return list.length > 0 ? list : undefined;
};

const routes = Object.fromEntries(
  Object.entries(manifest.routes).map(([id, route]) => [
    id,
    { ...route, module: urlOf.get(route.module), imports: importsOf(route.module) },
  ]),
);
const rewritten = {
  entry: { module: urlOf.get(entryModule), imports: importsOf(entryModule) },
  routes,
};
const version = createHash("sha256").update(JSON.stringify(rewritten)).digest("hex").slice(0, 8);
const newManifest = { ...rewritten, version, url: `/build/manifest-${version.toUpperCase()}.js` };

// Out with esbuild's files (and its manifest), in with Rollup's.
for (const url of sources.keys()) fs.rmSync(path.join(publicDir, url));
for (const chunk of chunks) {
  fs.mkdirSync(path.dirname(path.join(buildDir, chunk.fileName)), { recursive: true });
  fs.writeFileSync(path.join(buildDir, chunk.fileName), chunk.code);
}
fs.writeFileSync(path.join(publicDir, newManifest.url), `window.__remixManifest=${JSON.stringify(newManifest)};`);
fs.writeFileSync(
  serverBuild,
  serverSource.replace(MANIFEST_DECLARATION, () => `var assets_manifest_default = ${JSON.stringify(newManifest)};\n`),
);

const shared = chunks.filter((c) => !c.isEntry);
const named = shared.map((c) => c.name.replace(/-[A-Z0-9]{8}$/, "")).filter((name) => name !== "chunk");
console.log(
  `Browser build: ${sources.size} files from esbuild → ${chunks.length} (${chunks.length - shared.length} entries, ${shared.length} shared: ${named.join(", ")} and ${shared.length - named.length} more)`,
);
