// Serves the bare Remix page (tools/bench/bare) with the shop's own HTTP server (server/app.mjs):
// same Express, compression and logging, so the difference the benchmark measures is the shop's.
// Usage: BENCH_BARE_DIR=… PORT=… node tools/bench/serve-bare.mjs
import path from "node:path";
import url from "node:url";
import { installGlobals } from "@remix-run/node";
import { createApp } from "../../server/app.mjs";

installGlobals({ nativeFetch: true });
const dir = process.env.BENCH_BARE_DIR ?? path.resolve(".cache/bench-bare");
process.chdir(dir); // express.static("public/build") of the bare build
const build = await import(url.pathToFileURL(path.join(dir, "build/index.js")).href);
const app = createApp({ getBuild: async () => build, mode: "production" });
const server = app.listen(Number(process.env.PORT ?? 0), () => {
  console.info(`[bare] listening on http://localhost:${server.address().port}`);
});
process.once("SIGTERM", () => server.close(() => process.exit(0)));
