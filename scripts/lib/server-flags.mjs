// The Node flags the shop's HTTP server runs with, wherever a script starts it (`npm start` and the
// container through scripts/start.mjs, the multi-instance run, the benches).
//
// --max-semi-space-size=64 (MB): a signed-in page's garbage dies with its request; a larger young
// generation collects it less often (what it buys and costs, measured: docs/decisions/041).
// An operator's NODE_OPTIONS that sets the size wins (it is then left out here).
export function serverNodeFlags(env = process.env) {
  return /--max-semi-space-size/.test(env.NODE_OPTIONS ?? "") ? [] : ["--max-semi-space-size=64"];
}
