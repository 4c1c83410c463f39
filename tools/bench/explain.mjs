#!/usr/bin/env node
// `npm run bench:explain`: the search's query plans on a large catalogue, without the load runs of
// `npm run bench` (which prints the same plans with BENCH_EXPLAIN=1 after minutes of autocannon).
// On the PostgreSQL server of TEST_POSTGRES_URL or DATABASE_URL (a role that may create databases): a
// database of its own with the shop's seed plus BENCH_PRODUCTS more products (5,000 by default, with
// variants), vacuumed as autovacuum would, then the shopper queries' statements exactly as the shop
// sends them, each under EXPLAIN ANALYZE (tools/bench/explain-search.mjs). Needs `npm run build`.
import path from "node:path";
import { EXPLAIN_QUERIES, requireBuild, runNode } from "./common.mjs";
import { seedBenchCatalogue } from "./seed-catalogue.mjs";
import { createPostgresDatabase, migrateDeploy, root } from "../../scripts/lib/database.mjs";
import { seedDatabase } from "../../scripts/lib/seed.mjs";

requireBuild();
const serverUrl = process.env.TEST_POSTGRES_URL || process.env.DATABASE_URL;
if (!serverUrl?.startsWith("postgres")) {
  console.error("Set TEST_POSTGRES_URL (or DATABASE_URL) to a PostgreSQL server whose role may create databases.");
  process.exit(1);
}
const products = Number(process.env.BENCH_PRODUCTS ?? 5000);
const db = await createPostgresDatabase(serverUrl, "joyeria_explain");
try {
  await migrateDeploy(db.url, { quiet: true });
  await seedDatabase(db.url);
  const catalogue = await seedBenchCatalogue(db.url, products);
  console.log(`${catalogue.products} products, ${catalogue.variants} variants`);
  const out = await runNode([path.join(root, "tools/bench/explain-search.mjs")], {
    NODE_ENV: "production",
    DATABASE_URL: db.url,
    DATABASE_EMBEDDED: "0",
    SESSION_SECRET: "bench-secret-0123456789abcdef",
    APP_ORIGIN: "http://localhost",
    BENCH_EXPLAIN_QUERIES: JSON.stringify(EXPLAIN_QUERIES),
  });
  const plans = JSON.parse(out.trim().split("\n").pop());
  const summary = [];
  for (const { q, statements } of plans) {
    for (const [i, st] of statements.entries()) {
      const scans = [
        ...new Set(st.plan.match(/(?:Seq Scan|Index Scan|Index Only Scan|Bitmap Index Scan) on \w+/g) ?? []),
      ];
      summary.push(`«${q}» ${i + 1}/${statements.length}: ${st.ms.toFixed(1)} ms; ${scans.join(", ")}`);
      console.log(
        `\nEXPLAIN ANALYZE «${q}» (statement ${i + 1} of ${statements.length}, ${st.ms.toFixed(1)} ms run alone):\n${st.plan}`,
      );
    }
  }
  console.log(`\nSummary (${catalogue.products} products):\n${summary.join("\n")}`);
} finally {
  await db.stop();
}
