// Database round trips per page, measured inside a process of its own on the production build:
// every statement goes through `pg.Client#query` (Prisma's driver adapter), so counting those calls
// while Remix answers one document request counts the page's round trips (root + route loaders).
// The first request of each page finds the catalogue cache empty (a miss), the second a hit.
// Usage (from tools/bench/bench.mjs): DATABASE_URL=… BENCH_PAGES='[["/", ""], ["/cart", "cookie", "row"]]' node …
import pg from "pg";
import { createRequestHandler, installGlobals } from "@remix-run/node";

installGlobals({ nativeFetch: true });
const build = await import(new URL("../../build/index.js", import.meta.url).href);
const handle = createRequestHandler(build, "production");

let count = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (...args) {
  count += 1;
  return query.apply(this, args);
};

const origin = process.env.APP_ORIGIN ?? "http://localhost";
const pages = JSON.parse(process.env.BENCH_PAGES ?? "[]");

async function roundTrips(path, cookie) {
  count = 0;
  const response = await handle(new Request(`${origin}${path}`, { headers: cookie ? { Cookie: cookie } : {} }));
  await response.text();
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  return count;
}

// A connection open before counting (Prisma connects lazily).
await roundTrips("/healthz").catch(() => {});
const result = {};
// A third element names the row when two rows request the same path (two shoppers' /cart).
for (const [path, cookie, row = path] of pages) {
  const miss = await roundTrips(path, cookie);
  const hit = await roundTrips(path, cookie);
  result[row] = { miss, hit };
}
console.info(JSON.stringify(result));
process.exit(0);
