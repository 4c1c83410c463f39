#!/usr/bin/env node
// `npm run bench:lighthouse-ab -- NAME=URL NAME=URL [PAGE…]`: Lighthouse mobile on two (or more)
// running shops, runs interleaved (A B, then B A, …) so that a machine's slow minute falls on both,
// and each page's median per shop. For comparing two builds of the shop: start each on its own port
// (`PORT=… PGLITE_DATA_DIR=… npm start` from two checkouts), then name them here. LIGHTHOUSE_RUNS (6)
// runs per shop and page; pages default to the home page and /producto/2. Prints figures; not a test.
import { lighthouse } from "./common.mjs";

const args = process.argv.slice(2);
const shops = args.filter((a) => /^[\w-]+=https?:\/\//.test(a)).map((a) => a.split(/=(.*)/s).slice(0, 2));
const pages = args.filter((a) => a.startsWith("/"));
if (shops.length < 2) {
  console.error(
    "Usage: npm run bench:lighthouse-ab -- two=http://localhost:3918 four=http://localhost:3917 [/ /producto/2]",
  );
  process.exit(2);
}
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 6);
const results = new Map();
for (let run = 0; run < RUNS; run += 1) {
  for (const page of pages.length ? pages : ["/", "/producto/2"]) {
    for (const [name, base] of run % 2 ? [...shops].reverse() : shops) {
      const r = await lighthouse(base + page);
      const row = { performance: r.performance, fcp: r.fcp, lcp: r.lcp, tbt: r.tbt };
      const key = `${name} ${page}`;
      results.set(key, [...(results.get(key) ?? []), row]);
      console.log(
        `${key}: performance ${r.performance}, FCP ${Math.round(r.fcp)} ms, LCP ${Math.round(r.lcp)} ms, TBT ${Math.round(r.tbt)} ms`,
      );
    }
  }
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(`\nMedians of ${RUNS} runs:`);
for (const [key, rows] of results) {
  const of = (field) => Math.round(median(rows.map((row) => row[field])));
  console.log(
    `${key.padEnd(28)} performance ${of("performance")} (${rows.map((row) => row.performance).join(", ")}), FCP ${of("fcp")} ms, LCP ${of("lcp")} ms, TBT ${of("tbt")} ms`,
  );
}
