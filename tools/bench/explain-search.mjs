// The query plans of the search's statements, exactly as the shop sends them: the production build's
// /search loader runs in this process with every `pg.Client#query` recorded (Prisma's driver adapter
// sends each statement through it), and each recorded statement is run again under
// EXPLAIN (ANALYZE) with the same parameters. Prints JSON: [{ q, statements: [{ ms, plan }] }].
// Usage (from tools/bench/bench.mjs): DATABASE_URL=… BENCH_EXPLAIN_QUERIES='["anillo de oro"]' node …
import pg from "pg";
import { createRequestHandler, installGlobals } from "@remix-run/node";

installGlobals({ nativeFetch: true });
const build = await import(new URL("../../build/index.js", import.meta.url).href);
const handle = createRequestHandler(build, "production");

let recorded = [];
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (config, ...rest) {
  if (config && typeof config === "object" && typeof config.text === "string") {
    recorded.push({ text: config.text, values: config.values ?? [] });
  }
  return query.call(this, config, ...rest);
};

const origin = process.env.APP_ORIGIN ?? "http://localhost";
const queries = JSON.parse(process.env.BENCH_EXPLAIN_QUERIES ?? "[]");
const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
await client.connect();
await handle(new Request(`${origin}/healthz`)); // the app's connection, opened before recording

const result = [];
for (const q of queries) {
  recorded = [];
  // A price bound nobody else asks for: a catalogue cache miss, so the statements run.
  const response = await handle(new Request(`${origin}/search?${new URLSearchParams({ q, max: "9990" })}`));
  await response.text();
  const statements = [];
  for (const { text, values } of recorded.filter((r) => r.text.includes('"products"'))) {
    const started = performance.now();
    await query.call(client, { text, values });
    const ms = performance.now() - started;
    const plan = await query.call(client, { text: `EXPLAIN (ANALYZE, COSTS OFF, SUMMARY ON) ${text}`, values });
    statements.push({ ms, plan: plan.rows.map((row) => row["QUERY PLAN"]).join("\n") });
  }
  result.push({ q, statements });
}
await client.end();
console.info(JSON.stringify(result));
process.exit(0);
