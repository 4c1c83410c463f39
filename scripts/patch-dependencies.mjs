#!/usr/bin/env node
// Applies the shop's patches to installed dependencies (run by `npm install`'s postinstall and by the
// Dockerfile after its `npm install --ignore-scripts`). Idempotent; `--check` only reports, and exits 1
// when a patch is missing.
//
// One patch today, to @remix-run/router 1.23.3 (the router under Remix 2 and React Router 6), server
// side only (its CommonJS build, which Node loads; the browser bundles the ESM build, untouched):
// route matching flattened and ranked every route of the app, and compiled a regular expression for
// each route path it tried, on every call — three to five calls per request. A CPU profile of a signed-in
// /cart under load put 20 % of the server's time there (decision 024, revision of 2026-11-26). The
// patch caches the ranked branches per routes array (the server's route arrays are built once per
// build and never changed afterwards; a per-request array is simply collected with its request) and
// the compiled path expressions (bounded, like React Router 7's own fix: remix-run/react-router#14967
// and #14866, which Remix 2 will not receive).
//
// A dependency at another version is left alone with a warning (the shop works, only slower), and
// tests/unit/patched-dependencies.test.ts fails until the patch is brought up to date.
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");

const MARKER = "/* joyeria: cached route matching */";

const PATCHES = [
  {
    name: "@remix-run/router",
    version: "1.23.3",
    file: "node_modules/@remix-run/router/dist/router.cjs.js",
    replacements: [
      {
        from: `  let branches = flattenRoutes(routes);
  rankRouteBranches(branches);
  let matches = null;`,
        to: `  ${MARKER}
  let branches = rankedBranchesCache.get(routes);
  if (!branches) {
    branches = flattenRoutes(routes);
    rankRouteBranches(branches);
    rankedBranchesCache.set(routes, branches);
  }
  let matches = null;`,
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
const compiledPaths = new Map();
const COMPILED_PATHS_MAX = 1000;
function compilePath(path, caseSensitive, end) {
  if (caseSensitive === void 0) {
    caseSensitive = false;
  }
  if (end === void 0) {
    end = true;
  }
  const key = path + "\\u0000" + caseSensitive + "\\u0000" + end;
  let compiled = compiledPaths.get(key);
  if (compiled) return compiled;
  if (compiledPaths.size >= COMPILED_PATHS_MAX) compiledPaths.clear();
  compiled = compilePathUncached(path, caseSensitive, end);
  compiledPaths.set(key, compiled);
  return compiled;
}
function compilePathUncached(path, caseSensitive, end) {
`,
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
  if (source.includes(MARKER)) continue;
  const applicable = version === patch.version && patch.replacements.every((r) => source.split(r.from).length === 2);
  if (check || !applicable) {
    missing++;
    console.warn(
      applicable
        ? `patch-dependencies: ${patch.name} ${version} is not patched (run \`node scripts/patch-dependencies.mjs\`).`
        : `patch-dependencies: ${patch.name} is at ${version}, the patch is for ${patch.version}: left unpatched (slower route matching); update scripts/patch-dependencies.mjs.`,
    );
    continue;
  }
  const patched = patch.replacements.reduce((text, r) => text.replace(r.from, () => r.to), source);
  fs.writeFileSync(file, patched);
  console.log(`patch-dependencies: ${patch.name} ${version} patched (cached route matching).`);
}
if (check && missing > 0) process.exit(1);
