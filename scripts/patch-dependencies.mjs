#!/usr/bin/env node
// The shop's patches to installed dependencies, verified: run by `npm install`'s postinstall and by the
// Dockerfile after each of its `npm install --ignore-scripts`. `--check` verifies without writing.
// `--root <dir>` works on another install (the tests' temporary copies). `--hashes` says, for a new
// version of a patched package, whether each patch still applies and the hashes it would carry
// (docs/upgrading.md).
//
// Each patch names one package at one version and one file, with the SHA-256 of that file as the
// registry ships it (`pristine`) and as patched (`patched`). A pristine file is patched and checked to
// be byte for byte the expected result; a patched one is left as it is; ANYTHING else — another
// version, a file changed by hand or by a half-applied patch, the package missing, a second copy of it
// nested elsewhere in node_modules (which would be loaded unpatched) — fails with exit code 1 and a
// message naming the patch, its decision record and what to do (docs/upgrading.md). So `npm install`
// and the image build fail rather than run the shop unpatched. Why the project's script and not
// patch-package, and what each patch buys: docs/decisions/036, 037, 038, 039.
//
// Server side only (the CommonJS builds, which Node loads; the browser bundles the ESM builds, untouched).
// - @remix-run/router: ranked route branches, compiled path expressions and each path's matches cached
//   (decision 037).
// - @remix-run/react (`RemixServer`) and react-router-dom (`createStaticRouter`): the routes React renders
//   built once per build instead of on every page (decisions 038 and 039).
//
// RETIRED lists patches this script applied before (decisions 044 and 045): a file still carrying one
// is put back as the registry ships it (checked by its hash), so an existing node_modules needs no
// reinstall. Drop that list once no install carries them.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const argv = process.argv.slice(2);
const check = argv.includes("--check");
const rootArg = argv.indexOf("--root");
const root =
  rootArg >= 0 ? path.resolve(argv[rootArg + 1]) : path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const MARKER = "/* joyeria: cached route matching, v2 */";
const ROUTES_MARKER = "/* joyeria: server routes built once per build */";
const REQUEST_MARKER = "/* joyeria: a request without a query is passed on as it is */";
const WRITE_MARKER = "/* joyeria: the page's text encoded in pieces of 2,048 characters */";

const PATCHES = [
  {
    name: "@remix-run/router",
    record: "docs/decisions/037-patch-router-matching-cached.md",
    pristine: "3bd50dfc24913e4603061b6aaec331f4d808531b729e1e8c7143206ee4229b06",
    patched: "3e801ffa22338f9611edb6363b0fe7fb20c031eb3782aba7b25bb6e4445fc4c1",
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
    record: "docs/decisions/038-patch-remix-server-routes-once.md",
    pristine: "ebc033bbcc4b9d7b92ce15bce0aa56cbb5d652ddaec30dd190c8d37378009ddf",
    patched: "2c74510faa42bf5b075c93fcbfa8fde59998a710c426208f46ecf508f8a1b246",
    version: "2.17.5",
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
    record: "docs/decisions/039-patch-static-router-data-routes-once.md",
    pristine: "ceb85c499f69a52582828afa5b7a4cbe7659addbfbf827b620dae419165f995a",
    patched: "5aa29b770602c1f3f2e2d87f529c82af6656d48ded9f5e1b8a27222d26d886b1",
    version: "6.30.4",
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
];
const RETIRED = [
  {
    name: "@remix-run/server-runtime",
    record: "docs/decisions/044-retired-patch-request-without-query.md",
    pristine: "208bd74f992c4d858b243f3aa17db7bf5bfa57c283a72f69847b2ca49d716af2",
    patched: "30959d39be1379ee28d2712cae0f5330aa812bc2d3f1c45efeaf56b28d03c71d",
    version: "2.17.5",
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
    record: "docs/decisions/045-retired-patch-react-page-writer.md",
    pristine: "967e9ceae29baf904e504b102061ca072015678e4e07121f212d5da23a1400af",
    patched: "c995828330bd665dd2852cb6152f877cbd6f1aa0c2e331fd04f7cde2da94d739",
    version: "18.3.1",
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

const sha256 = (text) => crypto.createHash("sha256").update(text).digest("hex");
const apply = (text, replacements) => replacements.reduce((t, r) => t.replace(r.from, () => r.to), text);
const undo = (text, replacements) => [...replacements].reverse().reduce((t, r) => t.replace(r.to, () => r.from), text);

/** Where npm installed other copies of `name` (its hidden lockfile lists every installed path). */
function nestedCopies(name) {
  const lockfile = path.join(root, "node_modules/.package-lock.json");
  if (!fs.existsSync(lockfile)) return [];
  const { packages = {} } = JSON.parse(fs.readFileSync(lockfile, "utf8"));
  return Object.keys(packages).filter((p) => p.endsWith(`/node_modules/${name}`) && p !== `node_modules/${name}`);
}

/** What is wrong with `patch` in this install (undefined: nothing), after patching it unless checking. */
function verify(patch) {
  const fix = `follow docs/upgrading.md and ${patch.record}`;
  const packageJson = path.join(root, "node_modules", patch.name, "package.json");
  if (!fs.existsSync(packageJson)) return `${patch.name} is not installed, the patch is for ${patch.version} (${fix}).`;
  const { version } = JSON.parse(fs.readFileSync(packageJson, "utf8"));
  if (version !== patch.version) {
    return `${patch.name} is at ${version}, the patch is for ${patch.version}: bring the patch to ${version} or drop it (${fix}).`;
  }
  const nested = nestedCopies(patch.name);
  if (nested.length > 0) {
    return `${patch.name} is also installed at ${nested.join(", ")}, which would be loaded unpatched: dedupe it (\`npm dedupe\`) or ${fix}.`;
  }
  const file = path.join(root, patch.file);
  const source = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : undefined;
  if (source === undefined) return `${patch.file} is missing from ${patch.name} ${version} (${fix}).`;
  const hash = sha256(source);
  if (hash === patch.patched) return undefined;
  const reinstall = `reinstall it: \`rm -rf node_modules/${patch.name} && npm install\``;
  if (hash !== patch.pristine) {
    return `${patch.file} is neither ${patch.name} ${version} as published nor as patched (sha256 ${hash.slice(0, 12)}…): changed by hand or by another tool; ${reinstall}.`;
  }
  if (check) return `${patch.name} ${version} is not patched: run \`node scripts/patch-dependencies.mjs\`.`;
  const patched = apply(source, patch.replacements);
  if (sha256(patched) !== patch.patched)
    return `${patch.name} ${version}: the patch did not produce the expected file (${fix}).`;
  fs.writeFileSync(file, patched);
  console.log(`patch-dependencies: ${patch.name} ${version} patched (${patch.record}).`);
  return undefined;
}

/** A retired patch still in this install is undone (checked against the published file's hash). */
function restore(patch) {
  const file = path.join(root, patch.file);
  if (!fs.existsSync(file)) return undefined;
  const source = fs.readFileSync(file, "utf8");
  if (sha256(source) !== patch.patched) return undefined;
  if (check) {
    // Harmless (the retired patches were correct, only no longer worth keeping): said, not failed.
    console.warn(
      `patch-dependencies: ${patch.name} still carries the retired patch of ${patch.record}: run \`node scripts/patch-dependencies.mjs\` to undo it.`,
    );
    return undefined;
  }
  const restored = undo(source, patch.replacements);
  if (sha256(restored) !== patch.pristine) {
    return `${patch.name}: the retired patch of ${patch.record} could not be undone; reinstall it: \`rm -rf node_modules/${patch.name} && npm install\`.`;
  }
  fs.writeFileSync(file, restored);
  console.log(
    `patch-dependencies: ${patch.name} ${patch.version} put back as published (retired patch, ${patch.record}).`,
  );
  return undefined;
}

/** Verifies (and unless checking, applies) every patch; the problems found, one line each. */
export function run() {
  return [...PATCHES.map((patch) => [patch, verify(patch)]), ...RETIRED.map((patch) => [patch, restore(patch)])]
    .filter(([, problem]) => problem !== undefined)
    .map(([patch, problem]) => `patch-dependencies: FAILED patch ${patch.name}@${patch.version}: ${problem}`);
}

/**
 * For docs/upgrading.md: each patch against the installed file as it is now (a new version, before
 * patching): whether every replaced text occurs exactly once, and the version and hashes to write into
 * PATCHES if the patch is to be carried over as it is.
 */
export function proposeHashes() {
  return PATCHES.map((patch) => {
    const packageJson = path.join(root, "node_modules", patch.name, "package.json");
    const file = path.join(root, patch.file);
    if (!fs.existsSync(packageJson) || !fs.existsSync(file)) return `${patch.name}: not installed.`;
    const { version } = JSON.parse(fs.readFileSync(packageJson, "utf8"));
    const source = fs.readFileSync(file, "utf8");
    if (sha256(source) === patch.patched) return `${patch.name} ${version}: patched as PATCHES says, nothing to do.`;
    const counts = patch.replacements.map((r) => source.split(r.from).length - 1);
    if (counts.some((count) => count !== 1)) {
      return `${patch.name} ${version}: the replaced texts occur ${counts.join(", ")} times (each must occur once): rewrite the patch against this version, or drop it.`;
    }
    return `${patch.name} ${version}: applies as it is; if the upstream changes leave it correct, set version: "${version}", pristine: "${sha256(source)}", patched: "${sha256(apply(source, patch.replacements))}".`;
  });
}

export { PATCHES, RETIRED, apply, undo, sha256 };

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (argv.includes("--hashes")) {
    for (const line of proposeHashes()) console.log(line);
    process.exit(0);
  }
  const problems = run();
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) process.exit(1);
}
