// The Node flags the shop's HTTP server runs with, wherever a script starts it (`npm start` and the
// container through scripts/start.mjs, the multi-instance run, the benches).
//
// --max-semi-space-size=64 (MB): a signed-in cart page leaves about 0.7 MB of garbage that dies with the
// request. With Node 20's default young generation V8 scavenged every ~17 pages under load (181 times per
// 3,000 pages, 6–10 ms each: the collector was 7–9 % of the server's time); with 64 MB semi-spaces every
// ~61 pages (49 times; `node --trace-gc`). The server's CPU per signed-in /cart fell about 6 % (decision
// 024, second revision of 2026-11-26), for at most ~100 MB more memory under load.
// An operator's NODE_OPTIONS that sets the size wins (it is then left out here).
export function serverNodeFlags(env = process.env) {
  return /--max-semi-space-size/.test(env.NODE_OPTIONS ?? "") ? [] : ["--max-semi-space-size=64"];
}
