#!/usr/bin/env node
// `npm run bench`: the catalogue's cost on this machine, side by side with a bare Remix page, in one run.
//
// - A bare Remix route (tools/bench/bare: one route, no data) served by the shop's own HTTP server:
//   the most this machine can serve through Remix, the yardstick for every other figure.
// - The shop's production build on a bench catalogue (the shop's seed plus BENCH_PRODUCTS more, with
//   variants), on the embedded PGlite and, when DATABASE_URL or TEST_POSTGRES_URL names a PostgreSQL
//   server whose role may create databases, on a database the bench creates and drops itself.
// - autocannon at 10 and 50 connections on /, /?categoria=rings, a product page, /search?q=anillo,
//   /search?q=anillo%20de%20oro, and /cart signed in (two pieces in the cart; and another shopper's empty
//   one, "/cart (empty)"): req/s, p50, p99, errors and throughput as a share of the bare route's, measured in turns with it (bare, page, page, bare) so that the host's
//   speed changing during a row weighs on both. Then the two searches taking turns at 10 connections, as served and
//   on a server with the catalogue cache off, so every request runs the search's SQL (the multi-word
//   search must keep 90 % of the one-word one's throughput).
// - The real visitors of issue 35 (decisions 046, 047) on home, a category, a product and a search, at 10
//   and 50 connections beside the same bare route: with the Meta pixel's `_fbp` cookie, with a new
//   `fbclid` on every request (every ad click), and signed in (BENCH_REAL_VISITORS=0 leaves them out).
// - Hostile search texts (tests/hostile-search-queries.ts), each timed five times on a cache miss.
// - With BENCH_EXPLAIN=1, the query plans (EXPLAIN ANALYZE) of the search's statements as the shop
//   sends them, for a few shopper queries.
// - HTML bytes per page, database round trips per page (cache miss and hit), home JS and CSS (gzip),
//   and Lighthouse (mobile) for home and a product page, with Debian's Chromium.
//
// Requires `npm run build` first. Settings: BENCH_DURATION (seconds per row, 10, as much again for the bare
// route beside it), BENCH_PRODUCTS (500),
// BENCH_LIGHTHOUSE=0 to skip Lighthouse, BENCH_EXPLAIN=1 for the search's query plans,
// BENCH_ACCEPT_ENCODING="gzip, deflate, br, zstd" to send every request with a browser's Accept-Encoding,
// BENCH_PAGES_ONLY=/cart,/ to measure only those pages (beside the bare route, without the search
// comparisons, the hostile texts and Lighthouse), for quick iterations on one page, BENCH_CPU_PROF=<dir> for a
// V8 CPU profile of each server it starts (decision 070). Prints tables;
// nothing here is a pass/fail test.
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { CUSTOMER_ACCOUNT, REVIEWER_ACCOUNTS } from "../../prisma/seed-data.ts";
import { HOSTILE_SEARCH_QUERIES } from "../../tests/hostile-search-queries.ts";
import { EXPLAIN_QUERIES, kb, lighthouse, pageAssets, requireBuild, runNode, startServer } from "./common.mjs";
import { seedBenchCatalogue } from "./seed-catalogue.mjs";
import { createPostgresDatabase, freePort, migrateDeploy, root, startPglite } from "../../scripts/lib/database.mjs";
import { seedDatabase } from "../../scripts/lib/seed.mjs";

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const EXTRA_PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 500);
const LIGHTHOUSE = process.env.BENCH_LIGHTHOUSE !== "0" && !process.env.BENCH_PAGES_ONLY;
const EXPLAIN = process.env.BENCH_EXPLAIN === "1";
const CONNECTIONS = [10, 50];
const PRODUCT_ID = 2;
const SEARCH_ONE_WORD = "/search?q=anillo";
const SEARCH_WORDS = "/search?q=anillo%20de%20oro";
/** The signed-in `/cart` of a shopper whose cart is empty (the bench's `/cart` has two pieces in it). */
const EMPTY_CART = "/cart (empty)";
const pathOf = (page) => (page === EMPTY_CART ? "/cart" : page);
const ALL_PAGES = [
  "/",
  "/?categoria=rings",
  `/producto/${PRODUCT_ID}`,
  SEARCH_ONE_WORD,
  SEARCH_WORDS,
  "/cart",
  EMPTY_CART,
];
const PAGES_ONLY = process.env.BENCH_PAGES_ONLY?.split(",").filter(Boolean) ?? null;
const PAGES = PAGES_ONLY ?? ALL_PAGES;
const SECRET = "bench-secret-0123456789abcdef";
const REAL_VISITORS = process.env.BENCH_REAL_VISITORS !== "0";
/** What every request of the rows says it accepts, as a browser does ("gzip, deflate, br, zstd"); none when empty. */
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING ?? "";
/** The pages a real visitor lands on (issue 35's targets). */
const REAL_PAGES = ["/", "/?categoria=rings", `/producto/${PRODUCT_ID}`, SEARCH_ONE_WORD].filter(
  (page) => !PAGES_ONLY || PAGES_ONLY.includes(page),
);
/** A marketing cookie as the Meta pixel sets it: not the shop's, so it must change nothing. */
const FBP_COOKIE = "_fbp=fb.1.1764200000000.1234567890";

/**
 * What a real visitor sends for `page`: autocannon options adding the `_fbp` cookie, a new `fbclid` per
 * request, or the signed-in shopper's cookies (with the marketing cookie too, as a browser sends them).
 */
function realVisitor(kind, page, cookie) {
  if (kind === "_fbp cookie") return { headers: { Cookie: FBP_COOKIE } };
  if (kind === "signed in") return { headers: { Cookie: `${cookie}; ${FBP_COOKIE}` } };
  let click = 0;
  const separator = page.includes("?") ? "&" : "?";
  return {
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          path: `${page}${separator}fbclid=IwAR${process.pid}x${(click += 1)}`,
        }),
      },
    ],
  };
}
const REAL_KINDS = ["_fbp cookie", "unique fbclid", "signed in"];

requireBuild();

async function buildBareApp() {
  await runNode([path.join(root, "node_modules/@remix-run/dev/dist/cli.js"), "build", "tools/bench/bare"], {
    NODE_ENV: "production",
  });
}

function load(url, connections, headers = {}, duration = DURATION, extra = {}) {
  return new Promise((resolve, reject) => {
    const sent = ACCEPT_ENCODING ? { "Accept-Encoding": ACCEPT_ENCODING, ...headers } : headers;
    autocannon({ url, connections, duration, headers: sent, ...extra }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

/**
 * A page's row and the bare route's beside it, taking turns — bare, page, page, bare, each for half
 * the row's duration — so that the machine getting slower or faster during the row (a shared host
 * does, by half or more within minutes) weighs on both alike: the ratio is of the same minutes.
 */
async function besideBare(bare, url, connections, headers = {}, extra = {}) {
  const half = Math.max(2, Math.round(DURATION / 2));
  const bareRuns = [figures(await load(bare, connections, {}, half))];
  const pageRuns = [figures(await load(url, connections, headers, half, extra))];
  pageRuns.push(figures(await load(url, connections, headers, half, extra)));
  bareRuns.push(figures(await load(bare, connections, {}, half)));
  return { run: together(pageRuns), bareRun: together(bareRuns) };
}

/** Runs of equal length taken together: requests per second over all, p50 and p99 the mean of theirs. */
function together(runs) {
  const mean = (key) => Math.round(runs.reduce((sum, run) => sum + run[key], 0) / runs.length);
  return {
    rps: runs.reduce((sum, run) => sum + run.rps, 0) / runs.length,
    p50: mean("p50"),
    p99: mean("p99"),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
  };
}

/** The figures of one autocannon run. */
function figures(r) {
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
  };
}

/** Signs `account` in; resolves with the session's cookies. */
async function login(base, account) {
  const body = new URLSearchParams({ email: account.email, password: account.password });
  const res = await fetch(`${base}/login`, {
    method: "POST",
    body,
    redirect: "manual",
    headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
  });
  if (res.status !== 302) throw new Error(`login answered ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/**
 * Puts one piece of each of `productIds` in the signed-in cart, as a shopper does: a piece sold by size
 * gets the first size its page offers (an add without one is refused, and the cart stays empty).
 */
async function fillCart(base, cookie, productIds) {
  for (const productId of productIds) {
    let html = await (await fetch(`${base}/producto/${productId}`)).text();
    const size = /[?&;]talla=([^"&]+)/.exec(html)?.[1];
    if (size) html = await (await fetch(`${base}/producto/${productId}?talla=${size}`)).text();
    const variantId = /name="variantId" value="(\d+)"/.exec(html)?.[1] ?? "";
    const res = await fetch(`${base}/cart`, {
      method: "POST",
      body: new URLSearchParams({ intent: "add", productId, variantId, quantity: "1", redirectTo: "/cart" }),
      redirect: "manual",
      headers: { Origin: base, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    });
    if (res.headers.get("location") !== "/cart") throw new Error(`adding product ${productId} was refused`);
  }
}

/**
 * «anillo» and «anillo de oro» at 10 connections, taking turns three times (so a change in the
 * machine's load during the run weighs on both alike): requests per second of each over the three.
 */
async function compareSearches(base) {
  const totals = { [SEARCH_ONE_WORD]: 0, [SEARCH_WORDS]: 0 };
  const errors = { [SEARCH_ONE_WORD]: 0, [SEARCH_WORDS]: 0 };
  for (let round = 0; round < 3; round += 1) {
    for (const page of [SEARCH_ONE_WORD, SEARCH_WORDS]) {
      const result = await load(base + page, 10);
      totals[page] += result.requests.total;
      errors[page] += result.errors + result.timeouts + result.non2xx;
    }
  }
  const rps = (page) => totals[page] / (3 * DURATION);
  return {
    one: rps(SEARCH_ONE_WORD),
    words: rps(SEARCH_WORDS),
    errors: errors[SEARCH_ONE_WORD] + errors[SEARCH_WORDS],
  };
}

/**
 * Each hostile search text five times, each time with another price bound nobody else asks for
 * (so the catalogue cache misses and the SQL runs): status, median and slowest time in ms.
 */
async function timeHostileSearches(base) {
  const rows = [];
  for (const { name, q } of HOSTILE_SEARCH_QUERIES) {
    const times = [];
    const statuses = new Set();
    for (let i = 0; i < 5; i += 1) {
      const started = performance.now();
      const res = await fetch(`${base}/search?${new URLSearchParams({ q, max: String(9_999 - i) })}`);
      await res.arrayBuffer();
      times.push(performance.now() - started);
      statuses.add(res.status);
    }
    times.sort((a, b) => a - b);
    rows.push({ name, statuses: [...statuses].join("/"), median: times[2], max: times[4] });
  }
  return rows;
}

async function benchDatabase(kind, bare, { withLighthouse }) {
  console.log(`\n▸ ${kind}: preparing the bench catalogue`);
  const db =
    kind === "PGlite"
      ? await startPglite({ dataDir: "memory://" })
      : await createPostgresDatabase(pgUrl, "joyeria_bench");
  const report = {
    kind,
    rows: [],
    searches: null,
    uncached: null,
    hostile: [],
    explain: null,
    htmlBytes: {},
    roundTrips: {},
    lighthouse: null,
    assets: null,
  };
  let server;
  try {
    await migrateDeploy(db.url, { quiet: true });
    await seedDatabase(db.url);
    report.catalogue = await seedBenchCatalogue(db.url, EXTRA_PRODUCTS);
    console.log(`  ${report.catalogue.products} products, ${report.catalogue.variants} variants`);

    const port = await freePort();
    const base = `http://localhost:${port}`;
    const env = {
      NODE_ENV: "production",
      PORT: String(port),
      DATABASE_URL: db.url,
      DATABASE_EMBEDDED: kind === "PGlite" ? "1" : "0",
      SESSION_SECRET: SECRET,
      APP_ORIGIN: base,
      RATE_LIMIT_MULTIPLIER: "1000",
    };
    server = await startServer(path.join(root, "server/index.mjs"), env);
    // The signed-in shopper of every signed-in row has two pieces in the cart (one chosen by size);
    // `/cart (empty)` is another shopper's empty cart: the page the earlier figures measured.
    const cookie = await login(base, CUSTOMER_ACCOUNT);
    await fillCart(base, cookie, ["1", "3"]);
    const emptyCartCookie = await login(base, REVIEWER_ACCOUNTS[0]);
    const cookieOf = (page) => (page === "/cart" ? cookie : page === EMPTY_CART ? emptyCartCookie : "");
    const headersFor = (page) => (cookieOf(page) ? { Cookie: cookieOf(page) } : {});

    for (const page of PAGES) {
      const res = await fetch(base + pathOf(page), { headers: headersFor(page) });
      const html = await res.text();
      if (res.status !== 200) throw new Error(`${page} answered ${res.status}`);
      report.htmlBytes[page] = { raw: Buffer.byteLength(html), gzip: gzipSync(html).length };
      if (page === "/") report.assets = pageAssets(html);
    }

    // The signed-in rows measure the page assembled for this shopper (decision 046), or the bench says so.
    for (const page of REAL_VISITORS ? REAL_PAGES : []) {
      await fetch(base + page); // the anonymous page, cached
      const res = await fetch(base + page, { headers: { Cookie: cookie } });
      const html = await res.text();
      if (res.headers.get("x-cache") !== "assembled" || !html.includes(CUSTOMER_ACCOUNT.name.split(" ")[0])) {
        throw new Error(`${page} signed in: not the shopper's assembled page (x-cache ${res.headers.get("x-cache")})`);
      }
    }

    // A separate process counts statements on the same database while the server is idle.
    const counted = await runNode([path.join(root, "tools/bench/round-trips.mjs")], {
      ...env,
      BENCH_PAGES: JSON.stringify(PAGES.map((p) => [pathOf(p), cookieOf(p), p])),
    });
    report.roundTrips = JSON.parse(counted.trim().split("\n").pop());

    console.log(`  warming up`);
    for (const page of PAGES) await load(base + pathOf(page), 10, headersFor(page), 3).catch(() => {});
    for (const connections of CONNECTIONS) {
      console.log(`  measuring at ${connections} connections`);
      // The bare route's row: all its turns beside the pages of this level, placed before them.
      const bareRow = report.rows.push({ page: "bare Remix route", connections, ratio: 1 }) - 1;
      const bareTurns = [];
      const row = (page, { run, bareRun }) => {
        bareTurns.push(bareRun);
        report.rows.push({ page, connections, ...run, ratio: run.rps / bareRun.rps, bareP99: bareRun.p99 });
      };
      for (const page of PAGES) row(page, await besideBare(bare, base + pathOf(page), connections, headersFor(page)));
      if (REAL_VISITORS) {
        for (const page of REAL_PAGES) {
          for (const kind of REAL_KINDS) {
            const { headers = {}, ...extra } = realVisitor(kind, page, cookie);
            row(`${page} (${kind})`, await besideBare(bare, base + page, connections, headers, extra));
          }
        }
      }
      Object.assign(report.rows[bareRow], together(bareTurns));
    }
    if (PAGES_ONLY) return report;
    console.log("  «anillo» and «anillo de oro» taking turns");
    report.searches = await compareSearches(base);
    console.log("  hostile search texts");
    report.hostile = await timeHostileSearches(base);
    if (EXPLAIN) {
      const plans = await runNode([path.join(root, "tools/bench/explain-search.mjs")], {
        ...env,
        BENCH_EXPLAIN_QUERIES: JSON.stringify(EXPLAIN_QUERIES),
      });
      report.explain = JSON.parse(plans.trim().split("\n").pop());
    }
    if (withLighthouse) {
      console.log(`  Lighthouse (mobile): home and /producto/${PRODUCT_ID}`);
      report.lighthouse = {
        "/": await lighthouse(`${base}/`).catch((e) => ({ error: String(e.message).slice(0, 300) })),
        [`/producto/${PRODUCT_ID}`]: await lighthouse(`${base}/producto/${PRODUCT_ID}`).catch((e) => ({
          error: String(e.message).slice(0, 300),
        })),
      };
    }
    await server.stop();
    server = null;

    // The same two searches with the catalogue cache off: every request runs the search's SQL.
    console.log("  measuring the searches with the catalogue cache off");
    server = await startServer(path.join(root, "server/index.mjs"), { ...env, CATALOG_CACHE_TTL_MS: "0" });
    for (const page of [SEARCH_ONE_WORD, SEARCH_WORDS]) await load(base + page, 10, {}, 3).catch(() => {});
    report.uncached = await compareSearches(base);
  } finally {
    await server?.stop();
    await db.stop();
  }
  return report;
}

const ms = (n) => `${Math.round(n)} ms`;

function print(report) {
  console.log(
    `\n${report.kind} — ${report.catalogue.products} products, ${report.catalogue.variants} variants, ${DURATION} s per row`,
  );
  console.log("page                                          conn    req/s   p50 ms   p99 ms  errors  ratio  p99/bare");
  for (const r of report.rows) {
    console.log(
      `${r.page.padEnd(46)}${String(r.connections).padStart(6)}${r.rps.toFixed(0).padStart(9)}${String(r.p50).padStart(9)}${String(r.p99).padStart(9)}${String(r.errors).padStart(8)}${r.ratio.toFixed(2).padStart(7)}${(r.bareP99 ? (r.p99 / r.bareP99).toFixed(1) : "").padStart(10)}`,
    );
  }
  const share = ({ one, words }) => `${((100 * words) / one).toFixed(0)} %`;
  if (report.searches)
    console.log(
      `\nSearch at 10 connections, taking turns (3 × ${DURATION} s each):` +
        `\n  catalogue cache on (as in production): «anillo» ${report.searches.one.toFixed(0)} req/s, «anillo de oro» ${report.searches.words.toFixed(0)} req/s: ${share(report.searches)}` +
        `\n  catalogue cache off (every request runs the SQL): «anillo» ${report.uncached.one.toFixed(0)} req/s, «anillo de oro» ${report.uncached.words.toFixed(0)} req/s: ${share(report.uncached)}` +
        `\n  errors: ${report.searches.errors + report.uncached.errors}`,
    );
  if (report.hostile.length) console.log("\nHostile search texts, 5 cache misses each     status   median ms   max ms");
  for (const h of report.hostile) {
    console.log(
      `${h.name.padEnd(45)}${h.statuses.padStart(7)}${h.median.toFixed(0).padStart(12)}${h.max.toFixed(0).padStart(9)}`,
    );
  }
  if (report.explain) {
    for (const { q, statements } of report.explain) {
      for (const [i, st] of statements.entries()) {
        console.log(
          `\nEXPLAIN ANALYZE «${q}» (statement ${i + 1} of ${statements.length}, ${st.ms.toFixed(1)} ms run alone):\n${st.plan}`,
        );
      }
    }
  }
  console.log("\npage                            HTML raw   HTML gzip   round trips miss/hit");
  for (const page of PAGES) {
    const h = report.htmlBytes[page];
    const t = report.roundTrips[page];
    console.log(
      `${page.padEnd(30)}${kb(h.raw).padStart(10)}${kb(h.gzip).padStart(12)}${`${t.miss}/${t.hit}`.padStart(16)}`,
    );
  }
  if (report.assets)
    console.log(
      `\nHome JavaScript: ${report.assets.jsFiles} files, ${kb(report.assets.jsGzip)} gzip, ${kb(report.assets.jsBrotli)} brotli; CSS ${kb(report.assets.cssGzip)} gzip`,
    );
  if (report.lighthouse) {
    for (const [page, l] of Object.entries(report.lighthouse)) {
      console.log(
        l.error
          ? `Lighthouse ${page}: failed (${l.error})`
          : `Lighthouse mobile ${page}: performance ${l.performance}, accessibility ${l.accessibility}, best practices ${l.bestPractices}, SEO ${l.seo} (LCP ${ms(l.lcp)}, TBT ${ms(l.tbt)}, CLS ${l.cls.toFixed(3)})`,
      );
    }
  }
}

const pgUrl = process.env.DATABASE_URL || process.env.TEST_POSTGRES_URL || null;
console.log(
  `Joyería bench — ${os.cpus().length} CPUs, load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}, databases: PGlite${pgUrl ? " and PostgreSQL" : ""}`,
);
console.log("▸ Building the bare Remix app");
await buildBareApp();
const bareServer = await startServer(path.join(root, "tools/bench/serve-bare.mjs"), { PORT: "0" });
try {
  const bareUrl = `${bareServer.url}/`;
  const reports = [];
  // Lighthouse once (on the embedded database): it measures the browser's side, not the database's.
  reports.push(await benchDatabase("PGlite", bareUrl, { withLighthouse: LIGHTHOUSE }));
  if (pgUrl) reports.push(await benchDatabase("PostgreSQL", bareUrl, { withLighthouse: false }));
  for (const report of reports) print(report);
  console.log(
    `\nLoad average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
} finally {
  await bareServer.stop();
}
