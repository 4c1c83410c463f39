// The bare Remix page the benchmark compares the shop against: one route, no data, the shop's
// future flags and server (tools/bench/serve-bare.mjs). `npm run bench` builds it into .cache/bench-bare
// (inside the repository, so the build finds its node_modules).
const out = process.env.BENCH_BARE_DIR ?? "../../../.cache/bench-bare";

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  serverModuleFormat: "esm",
  serverBuildPath: `${out}/build/index.js`,
  assetsBuildDirectory: `${out}/public/build`,
  publicPath: "/build/",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
