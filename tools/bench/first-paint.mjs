#!/usr/bin/env node
// `npm run bench:first-paint`: what a phone downloads and sees on a first visit, without the
// throughput part of `npm run bench`. On the production build (run `npm run build` first) served by
// the shop's own server on an in-memory PGlite with the bench catalogue (the seed plus
// BENCH_PRODUCTS more, 500 by default, as `npm run bench`):
//
// - HTML bytes of the home, a category page and a product page, and what the home's HTML is made of
//   (Remix's hydration data, inline SVG, the rest);
// - the first-load JavaScript of each (every module the page preloads or imports) and CSS, gzip as
//   the server sends it (the build's Zopfli copies), the JavaScript in Brotli too, and the fonts it
//   preloads;
// - Lighthouse mobile, FIRST_PAINT_RUNS runs (3) of home and product, each category's median.
//
// BENCH_LIGHTHOUSE=0 skips Lighthouse; BENCH_SAVE_HOME=FILE writes the home HTML it measured to FILE.
// Prints figures; nothing here is a pass/fail test.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { freePort, migrateDeploy, root, startPglite } from "../../scripts/lib/database.mjs";
import { seedDatabase } from "../../scripts/lib/seed.mjs";
import { kb, lighthouse, pageAssets, requireBuild, startServer } from "./common.mjs";
import { seedBenchCatalogue } from "./seed-catalogue.mjs";

const EXTRA_PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 500);
const LIGHTHOUSE = process.env.BENCH_LIGHTHOUSE !== "0";
const RUNS = Number(process.env.FIRST_PAINT_RUNS ?? 3);
const PRODUCT = "/producto/2";
const PAGES = ["/", "/?categoria=rings", PRODUCT];

requireBuild();

/** The home HTML's parts: Remix's serialised loader data, inline SVG, and everything else. */
function htmlParts(html) {
  const bytes = (parts) => parts.reduce((sum, s) => sum + Buffer.byteLength(s), 0);
  const context = bytes([...html.matchAll(/<script[^>]*>window\.__remixContext[\s\S]*?<\/script>/g)].map((m) => m[0]));
  const svg = bytes([...html.matchAll(/<svg[\s\S]*?<\/svg>/g)].map((m) => m[0]));
  const scripts = bytes([...html.matchAll(/<script[\s\S]*?<\/script>/g)].map((m) => m[0])) - context;
  return { context, svg, scripts, rest: Buffer.byteLength(html) - context - svg - scripts };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

console.log(
  `Joyería first paint — ${os.cpus().length} CPUs, load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
const db = await startPglite({ dataDir: "memory://" });
let server;
try {
  await migrateDeploy(db.url, { quiet: true });
  await seedDatabase(db.url);
  const catalogue = await seedBenchCatalogue(db.url, EXTRA_PRODUCTS);
  console.log(`${catalogue.products} products, ${catalogue.variants} variants`);
  const port = await freePort();
  const base = `http://localhost:${port}`;
  server = await startServer(path.join(root, "server/index.mjs"), {
    NODE_ENV: "production",
    PORT: String(port),
    DATABASE_URL: db.url,
    DATABASE_EMBEDDED: "1",
    SESSION_SECRET: "bench-secret-0123456789abcdef",
    APP_ORIGIN: base,
    RATE_LIMIT_MULTIPLIER: "1000",
  });

  console.log("\npage                     HTML raw  HTML gzip   JS files   JS gzip  JS brotli   CSS gzip   fonts");
  let homeHtml = "";
  for (const page of PAGES) {
    const res = await fetch(base + page);
    const html = await res.text();
    if (res.status !== 200) throw new Error(`${page} answered ${res.status}`);
    if (page === "/") homeHtml = html;
    const a = pageAssets(html);
    console.log(
      `${page.padEnd(22)}${kb(Buffer.byteLength(html)).padStart(10)}${kb(gzipSync(html).length).padStart(11)}${String(a.jsFiles).padStart(11)}${kb(a.jsGzip).padStart(10)}${kb(a.jsBrotli).padStart(11)}${kb(a.cssGzip).padStart(11)}${kb(a.fontBytes).padStart(10)}`,
    );
  }
  if (process.env.BENCH_SAVE_HOME) fs.writeFileSync(process.env.BENCH_SAVE_HOME, homeHtml);
  const parts = htmlParts(homeHtml);
  console.log(
    `\nHome HTML: ${Buffer.byteLength(homeHtml).toLocaleString("en")} bytes; hydration data ${kb(parts.context)}, other scripts ${kb(parts.scripts)}, inline SVG ${kb(parts.svg)}, markup ${kb(parts.rest)}`,
  );
  console.log("Home JavaScript, gzip:");
  for (const [file, size] of pageAssets(homeHtml).js.sort((x, y) => y[1] - x[1])) {
    console.log(`  ${kb(size).padStart(9)}  ${file}`);
  }

  if (LIGHTHOUSE) {
    for (const page of ["/", PRODUCT]) {
      const runs = [];
      for (let i = 0; i < RUNS; i += 1) runs.push(await lighthouse(base + page));
      const m = (key) => median(runs.map((r) => r[key]));
      console.log(
        `\nLighthouse mobile ${page}, median of ${RUNS}: performance ${m("performance")}, accessibility ${m("accessibility")}, best practices ${m("bestPractices")}, SEO ${m("seo")}` +
          ` (FCP ${Math.round(m("fcp"))} ms, LCP ${Math.round(m("lcp"))} ms, TBT ${Math.round(m("tbt"))} ms, CLS ${m("cls").toFixed(3)})` +
          `\n  performance per run: ${runs.map((r) => r.performance).join(", ")}` +
          `\n  audits failed in any run: ${[...new Set(runs.flatMap((r) => r.failing))].join(", ") || "none"}`,
      );
    }
  }
} finally {
  await server?.stop();
  await db.stop();
}
