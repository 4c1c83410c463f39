#!/usr/bin/env node
// `npm run lighthouse` (after `npm run build`): Lighthouse mobile (its default preset: a mid-range
// phone on a slow 4G link) on the home page and a product page of the production build, with the
// home's first screen complete — the seed catalogue, some pieces sold in paid orders (*Más vendidos*)
// and pieces tagged for the season's gift edit. The shop's own server on a free port, on an in-memory
// PGlite; Debian's Chromium (CHROME_PATH, /usr/bin/chromium by default). Lighthouse is the project's
// devDependency (node_modules/lighthouse), so it runs offline.
//
// Prints each page's HTML bytes (the home's split into hydration data, other scripts, inline SVG and
// markup) and LIGHTHOUSE_RUNS runs (3) per page with their median; exits 1 when a median performance
// score is under LIGHTHOUSE_MIN (95). LIGHTHOUSE_RUNS=0 measures the HTML only. Run by hand, not in
// `npm test` (a run takes about a minute and its score depends on the machine's load).
// LIGHTHOUSE_REPORT_DIR=dir keeps each run's whole report; LIGHTHOUSE_SERVE=1 only serves the shop.
// It prints the host too: Lighthouse's CPU benchmark index and what a fresh page of memory costs to
// fault in (pageFaultMicros), which decides much of a new renderer's main-thread time on a micro-VM.
import pg from "pg";
import { lighthouse, pageFaultMicros, requireBuild, startServer } from "./common.mjs";
import { freePort, migrateDeploy, root, startPglite } from "../../scripts/lib/database.mjs";
import { seedDatabase } from "../../scripts/lib/seed.mjs";
import path from "node:path";

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const MIN = Number(process.env.LIGHTHOUSE_MIN ?? 95);

requireBuild();

/** Paid orders for eight pieces (Más vendidos) and four pieces tagged for both gift seasons. */
async function sellSomePieces(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: users } = await client.query('SELECT "id", "email" FROM "users" ORDER BY "email" LIMIT 1');
    const { rows: products } = await client.query(
      'SELECT "id", "name", "price" FROM "products" WHERE "in_stock" ORDER BY "id" LIMIT 12',
    );
    for (const [i, p] of products.slice(0, 8).entries()) {
      const { rows } = await client.query(
        `INSERT INTO "orders" ("number", "user_id", "email", "status", "subtotal", "shipping", "tax", "total", "paid_at", "updated_at")
         VALUES ($1, $2, $3, 'entregado', $4, 1500, 0, $4 + 1500, now(), now()) RETURNING "id"`,
        [`LJ9${String(i).padStart(5, "0")}`, users[0].id, users[0].email, p.price],
      );
      await client.query(
        `INSERT INTO "order_items" ("order_id", "product_id", "quantity", "price", "product_name") VALUES ($1, $2, $3, $4, $5)`,
        [rows[0].id, p.id, 8 - i, p.price, p.name],
      );
    }
    await client.query(
      `UPDATE "products" SET "occasions" = ARRAY['navidad', 'regalo-para-mama'] WHERE "id" = ANY($1::int[])`,
      [products.slice(8).map((p) => p.id)],
    );
    return products[0].id;
  } finally {
    await client.end();
  }
}

/** The HTML's parts: Remix's serialised loader data, other scripts, inline SVG, and the markup. */
function htmlParts(html) {
  const bytes = (re) => [...html.matchAll(re)].reduce((sum, m) => sum + Buffer.byteLength(m[0]), 0);
  const context = bytes(/<script[^>]*>window\.__remixContext[\s\S]*?<\/script>/g);
  const scripts = bytes(/<script[\s\S]*?<\/script>/g) - context;
  const svg = bytes(/<svg[\s\S]*?<\/svg>/g);
  return { context, scripts, svg, markup: Buffer.byteLength(html) - context - scripts - svg };
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const db = await startPglite({ dataDir: "memory://" });
let server;
let failed = false;
try {
  await migrateDeploy(db.url, { quiet: true });
  await seedDatabase(db.url);
  const productId = await sellSomePieces(db.url);
  const port = await freePort();
  const base = `http://localhost:${port}`;
  server = await startServer(path.join(root, "server/index.mjs"), {
    NODE_ENV: "production",
    PORT: String(port),
    DATABASE_URL: db.url,
    DATABASE_EMBEDDED: "1",
    SESSION_SECRET: "lighthouse-secret-0123456789abcdef",
    APP_ORIGIN: base,
    RATE_LIMIT_MULTIPLIER: "1000",
  });
  if (process.env.LIGHTHOUSE_SERVE === "1") {
    // For reading a page by hand (a trace, DevTools): the same shop and data until Ctrl-C.
    console.log(`Serving ${base} (home and /producto/${productId}); Ctrl-C stops it.`);
    await new Promise((resolve) => process.once("SIGINT", resolve));
  }
  for (const page of process.env.LIGHTHOUSE_SERVE === "1" ? [] : ["/", `/producto/${productId}`]) {
    const res = await fetch(base + page);
    const html = await res.text();
    if (res.status !== 200) throw new Error(`${page} answered ${res.status}`);
    if (process.env.LIGHTHOUSE_SAVE_HTML)
      (await import("node:fs")).writeFileSync(
        `${process.env.LIGHTHOUSE_SAVE_HTML}${page.replaceAll("/", "_")}.html`,
        html,
      );
    const p = htmlParts(html);
    console.log(
      `${page}: HTML ${Buffer.byteLength(html).toLocaleString("en")} bytes (${kb(Buffer.byteLength(html))}): hydration data ${kb(p.context)}, other scripts ${kb(p.scripts)}, inline SVG ${kb(p.svg)}, markup ${kb(p.markup)}`,
    );
    if (RUNS === 0) continue;
    if (page === "/")
      console.log(`host: first touch of a fresh 4 KiB page of memory: ${(await pageFaultMicros()).toFixed(2)} µs`);
    const runs = [];
    for (let i = 0; i < RUNS; i += 1) runs.push(await lighthouse(base + page));
    const m = (key) => median(runs.map((r) => r[key]));
    console.log(
      `  Lighthouse mobile, median of ${RUNS}: performance ${m("performance")} (${runs.map((r) => r.performance).join(", ")}), accessibility ${m("accessibility")}, best practices ${m("bestPractices")}, SEO ${m("seo")}` +
        `\n  FCP ${Math.round(m("fcp"))} ms, LCP ${Math.round(m("lcp"))} ms, TBT ${Math.round(m("tbt"))} ms, CLS ${m("cls").toFixed(3)}` +
        `\n  Lighthouse's CPU benchmark index ${m("benchmarkIndex")}` +
        `\n  audits failed in any run: ${[...new Set(runs.flatMap((r) => r.failing))].join(", ") || "none"}`,
    );
    if (m("performance") < MIN) failed = true;
  }
} finally {
  await server?.stop();
  await db.stop();
}
if (failed) {
  console.error(`A median performance score is under ${MIN} (LIGHTHOUSE_MIN).`);
  process.exit(1);
}
