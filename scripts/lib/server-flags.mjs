// The Node flags the shop's HTTP server runs with, wherever a script starts it (`npm start` and the
// container through scripts/start.mjs, the multi-instance run, the benches).
//
// --max-semi-space-size=64 (MB): rendering a page allocates a few hundred kilobytes that die with the
// request. With Node 20's default young generation (16 MB semi-spaces) V8 ran a scavenge every ~60 pages
// under load, and the collector took 7–9 % of the server's time on a signed-in /cart. Larger semi-spaces
// collect as often as they fill, so fewer times for the same garbage: the server's CPU per signed-in
// /cart fell about 6 % (decision 024, second revision of 2026-11-26), for at most ~100 MB more memory under load.
// An operator's NODE_OPTIONS that sets the size wins (it is then left out here).
export function serverNodeFlags(env = process.env) {
  return /--max-semi-space-size/.test(env.NODE_OPTIONS ?? "") ? [] : ["--max-semi-space-size=64"];
}
