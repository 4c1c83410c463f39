#!/usr/bin/env node
// Applies the shop's patches to installed dependencies (run by `npm install`'s postinstall and by the
// Dockerfile after its `npm install --ignore-scripts`). Idempotent; `--check` only reports, and exits 1
// when a patch is missing.
//
// Server side only (the CommonJS builds, which Node loads; the browser bundles the ESM builds,
// untouched). The first three for one cost: a CPU profile of a signed-in /cart under load put 20 % of the
// server's time in building and matching the app's 47 routes, which Remix 2 did again and again on
// every request (decision 024, revisions of 2026-11-26).
// - @remix-run/router 1.23.3: route matching flattened and ranked every route of the app, and compiled
//   a regular expression for each route path it tried, on every call — three to five calls per request.
//   The patch caches the ranked branches per routes array (a per-request array is simply collected
//   with its request) and the compiled path expressions (bounded, like React Router 7's own fix:
//   remix-run/react-router#14967 and #14866, which Remix 2 will not receive), and remembers each path's
//   matches per routes array (the last 1,000 paths of up to 512 characters; a copy on every call).
// - @remix-run/react 2.17.5 (`RemixServer`) built the routes React renders afresh from the build's
//   manifest and route modules on every page; and react-router-dom 6.30.4 (`createStaticRouter`) copied
//   them once more into "data routes". Both arrays were new on every request, so the matching cache
//   above missed on them (the rendered `<Routes>` and the page's partial manifest each matched again).
//   Now both are built once per build: kept per manifest (its `routes` object, one per build) and
//   reused while every route module is the same one (a development rebuild brings new modules, and
//   new arrays with them). Nothing renders differently: the same objects, made once.
// - @remix-run/server-runtime 2.17.5 handed every loader and action a copy of the request without
//   Remix's own query parameters (`index`, `_data`, `_routes`): two new `Request`s per loader, four on a
//   signed-in page, 2–3 % of its server time. A request whose address has no query at all has none of
//   them, and its copy would be the same address, method, headers, body and signal: it is passed on
//   as it is. (With a query, the copies are made as before.)
// - react-dom 18.3.1 (its server build for Node, production) encoded the page into a 2,048-byte
//   buffer one string at a time, hundreds of `TextEncoder.encodeInto` calls per page, 15 % of a
//   signed-in cart page's server time; and where a multi-byte character did not fit at the end of the
//   buffer it sent the whole buffer anyway, a NUL byte included (react#31134; fixed upstream by
//   react#26228, in no React 18 release): "Abrir men\0ú" in an aria-label on 4 product pages of the development catalogue (browsers
//   show "Abrir men�ú"). The patch joins the page's text (and React's precomputed byte pieces,
//   decoded once) into a string and encodes it 2,048 characters at a time and at the end of every
//   flush: the same bytes renderToString writes, 7 % less CPU per signed-in cart page.
//
// A dependency at another version is left alone with a warning (the shop works, only slower), and
// tests/unit/patched-dependencies.test.ts fails until the patch is brought up to date.
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");

const MARKER = "/* joyeria: cached route matching, v2 */";
const ROUTES_MARKER = "/* joyeria: server routes built once per build */";
const REQUEST_MARKER = "/* joyeria: a request without a query is passed on as it is */";
const WRITE_MARKER = "/* joyeria: the page's text encoded in pieces of 2,048 characters */";

const PATCHES = [
  {
    name: "@remix-run/router",
    marker: MARKER,
    version: "1.23.3",
    file: "node_modules/@remix-run/router/dist/router.cjs.js",
    replacements: [
      {
        from: `  let branches = flattenRoutes(routes);
  rankRouteBranches(branches);
  let matches = null;
  let decoded = decodePath(pathname);
  for (let i = 0; matches == null && i < branches.length; ++i) {
    // Incoming pathnames are generally encoded from either window.location
    // or from router.navigate, but we want to match against the unencoded
    // paths in the route definitions.  Memory router locations won't be
    // encoded here but there also shouldn't be anything to decode so this
    // should be a safe operation.  This avoids needing matchRoutes to be
    // history-aware.
    matches = matchRouteBranch(branches[i], decoded, allowPartial);
  }
  return matches;`,
        to: `  ${MARKER}
  let cached = rankedBranchesCache.get(routes);
  if (!cached) {
    let branches = flattenRoutes(routes);
    rankRouteBranches(branches);
    cached = { branches, matchesByPath: new Map() };
    rankedBranchesCache.set(routes, cached);
  }
  let { branches, matchesByPath } = cached;
  let key = (allowPartial ? "+" : "=") + pathname;
  if (matchesByPath.has(key)) return copyMatches(matchesByPath.get(key));
  let matches = null;
  let decoded = decodePath(pathname);
  for (let i = 0; matches == null && i < branches.length; ++i) {
    matches = matchRouteBranch(branches[i], decoded, allowPartial);
  }
  if (key.length <= MATCHED_PATH_MAX_LENGTH) {
    if (matchesByPath.size >= MATCHED_PATHS_MAX) matchesByPath.clear();
    matchesByPath.set(key, copyMatches(matches));
  }
  return matches;`,
      },
      {
        from: `function compilePath(path, caseSensitive, end) {
  if (caseSensitive === void 0) {
    caseSensitive = false;
  }
  if (end === void 0) {
    end = true;
  }
`,
        to: `const rankedBranchesCache = new WeakMap();
const MATCHED_PATHS_MAX = 1000;
const MATCHED_PATH_MAX_LENGTH = 512;
// A remembered answer is handed out as a copy (the caller may keep or change its matches and params),
// with one params object shared by the matches of one answer, as matchRouteBranch makes them.
function copyMatches(matches) {
  if (matches === null) return null;
  let params = matches.length > 0 ? { ...matches[0].params } : {};
  return matches.map((match) => ({ ...match, params }));
}
const compiledPaths = new Map();
const COMPILED_PATHS_MAX = 1000;
function compilePath(path, caseSensitive, end) {
  if (caseSensitive === void 0) {
    caseSensitive = false;
  }
  if (end === void 0) {
    end = true;
  }
  let variants = compiledPaths.get(path);
  if (!variants) {
    if (compiledPaths.size >= COMPILED_PATHS_MAX) compiledPaths.clear();
    variants = [undefined, undefined, undefined, undefined];
    compiledPaths.set(path, variants);
  }
  let slot = (caseSensitive ? 2 : 0) + (end ? 1 : 0);
  return variants[slot] || (variants[slot] = compilePathUncached(path, caseSensitive, end));
}
function compilePathUncached(path, caseSensitive, end) {
`,
      },
    ],
  },
  {
    name: "@remix-run/react",
    version: "2.17.5",
    marker: ROUTES_MARKER,
    file: "node_modules/@remix-run/react/dist/server.js",
    replacements: [
      {
        from: `  let routes$1 = routes.createServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode);`,
        to: `  let routes$1 = serverRoutesOnce(manifest.routes, routeModules, context.future, context.isSpaMode);`,
      },
      {
        from: `var React__namespace = /*#__PURE__*/_interopNamespace(React);
`,
        to: `var React__namespace = /*#__PURE__*/_interopNamespace(React);

${ROUTES_MARKER}
const serverRoutesByManifest = new WeakMap();
function serverRoutesOnce(manifestRoutes, routeModules, future, isSpaMode) {
  let cached = serverRoutesByManifest.get(manifestRoutes);
  if (cached && cached.future === future && cached.isSpaMode === isSpaMode && sameModules(cached.routeModules, routeModules)) {
    return cached.routes;
  }
  let built = routes.createServerRoutes(manifestRoutes, routeModules, future, isSpaMode);
  serverRoutesByManifest.set(manifestRoutes, { routes: built, routeModules: { ...routeModules }, future, isSpaMode });
  return built;
}
function sameModules(a, b) {
  let keys = Object.keys(b);
  if (keys.length !== Object.keys(a).length) return false;
  for (let key of keys) if (a[key] !== b[key]) return false;
  return true;
}
`,
      },
    ],
  },
  {
    name: "react-router-dom",
    version: "6.30.4",
    marker: ROUTES_MARKER,
    file: "node_modules/react-router-dom/server.js",
    replacements: [
      {
        from: `  let manifest = {};
  let dataRoutes = router.UNSAFE_convertRoutesToDataRoutes(routes, reactRouter.UNSAFE_mapRouteProperties, undefined, manifest);`,
        to: `  ${ROUTES_MARKER}
  let converted = dataRoutesByRoutes.get(routes);
  if (!converted) {
    let manifest = {};
    converted = { manifest, dataRoutes: router.UNSAFE_convertRoutesToDataRoutes(routes, reactRouter.UNSAFE_mapRouteProperties, undefined, manifest) };
    dataRoutesByRoutes.set(routes, converted);
  }
  let { manifest, dataRoutes } = converted;`,
      },
      {
        from: `function createStaticRouter(routes, context, opts = {}) {`,
        to: `const dataRoutesByRoutes = new WeakMap();
function createStaticRouter(routes, context, opts = {}) {`,
      },
    ],
  },
  {
    name: "@remix-run/server-runtime",
    version: "2.17.5",
    marker: REQUEST_MARKER,
    file: "node_modules/@remix-run/server-runtime/dist/data.js",
    replacements: ["stripIndexParam", "stripDataParam", "stripRoutesParam"].map((name) => ({
      from: `function ${name}(request) {
  let url = new URL(request.url);`,
      to: `function ${name}(request) {
  ${REQUEST_MARKER}
  if (!request.url.includes("?")) return request;
  let url = new URL(request.url);`,
    })),
  },
  {
    name: "react-dom",
    version: "18.3.1",
    marker: WRITE_MARKER,
    file: "node_modules/react-dom/cjs/react-dom-server.node.production.min.js",
    replacements: [
      {
        // React's writeChunk (r), kept under another name and no longer called.
        from: `function r(a,b){if("string"===typeof b)`,
        to: `${WRITE_MARKER}
var jyText="",jyDecoded=new WeakMap,jyDecoder=new aa.TextDecoder;
function r(a,b){if("string"===typeof b)jyText+=b;else if(0!==b.byteLength){var c=jyDecoded.get(b);void 0===c&&(c=jyDecoder.decode(b),jyDecoded.set(b,c));jyText+=c}2048<=jyText.length&&jyFlush(a)}
function jyFlush(a){if(0<jyText.length){var b=u.encode(jyText);jyText="";t(a,b)}}
function jyUnusedWriteChunk(a,b){if("string"===typeof b)`,
      },
      {
        // completeWriting: what is left of the text goes out at the end of every flush, as the bytes did.
        from: `function ca(a){k&&0<l&&a.write(k.subarray(0,l));k=null;l=0;q=!0}`,
        to: `function ca(a){jyFlush(a);k=null;l=0;q=!0}`,
      },
    ],
  },
];

const check = process.argv.includes("--check");
let missing = 0;
for (const patch of PATCHES) {
  const file = path.join(root, patch.file);
  if (!fs.existsSync(file)) continue; // not installed (a production install without it)
  const { version } = JSON.parse(fs.readFileSync(path.join(root, "node_modules", patch.name, "package.json"), "utf8"));
  const source = fs.readFileSync(file, "utf8");
  if (source.includes(patch.marker)) continue;
  const applicable = version === patch.version && patch.replacements.every((r) => source.split(r.from).length === 2);
  if (check || !applicable) {
    missing++;
    console.warn(
      applicable
        ? `patch-dependencies: ${patch.name} ${version} is not patched (run \`node scripts/patch-dependencies.mjs\`).`
        : source.includes("/* joyeria: ")
          ? `patch-dependencies: ${patch.name} carries an older version of this patch: reinstall it (\`rm -rf node_modules/${patch.name} && npm install\`).`
          : `patch-dependencies: ${patch.name} is at ${version}, the patch is for ${patch.version}: left unpatched (slower page rendering); update scripts/patch-dependencies.mjs.`,
    );
    continue;
  }
  const patched = patch.replacements.reduce((text, r) => text.replace(r.from, () => r.to), source);
  fs.writeFileSync(file, patched);
  console.log(`patch-dependencies: ${patch.name} ${version} patched (${patch.marker.slice(12, -3)}).`);
}
if (check && missing > 0) process.exit(1);
