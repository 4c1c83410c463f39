#!/usr/bin/env node
// `npm run test:integration`: the database tests, on a fresh embedded PGlite (in memory) and,
// when TEST_POSTGRES_URL is set (CI does), once more on a fresh database of that PostgreSQL server.
// Extra arguments go to vitest (e.g. a file filter).
//
// The two passes run at the same time: each runs its files one after another against its own
// database, and both spend much of their time waiting (on PGlite's single connection, on the server's
// fsyncs, on child servers starting), so on two cores together they take little more than the longer
// one alone (measured in docs/testing-time.md). Each pass's output is held back and printed whole
// when it ends, so the two never interleave. INTEGRATION_SEQUENTIAL=1 runs them one after the other,
// streaming their output (for a hang, or a machine too loaded to run both).
import { createDatabase, migrateDeploy, run, startPglite } from "./lib/database.mjs";
import { runPrisma } from "./lib/prisma.mjs";

const extra = process.argv.slice(2);

/**
 * Files about the HTTP layer and the HTML it sends — hostile query strings, fields, headers and request
 * targets, and the markup checker — whose database work is only setting up a few rows: PGlite is
 * PostgreSQL, so running them on both passes repeats the same requests against the same SQL (about 80 s of
 * a loaded 2-core machine). Each runs on one pass, split so the two passes end together
 * (docs/testing-time.md); without a server (TEST_POSTGRES_URL unset) the embedded pass runs them all.
 * Everything that writes orders, stock, money or concurrency runs on both.
 */
const ONE_PASS = {
  embedded: [
    "tests/integration/fuzz.test.ts",
    "tests/integration/http-hardening.test.ts",
    // Brings its own PGlite (the embedded database's server): nothing to run on the server's pass.
    "tests/integration/embedded-database-server.test.ts",
  ],
  server: ["tests/integration/valid-html.test.ts", "tests/integration/request-target.test.ts"],
};

const sequential = ["1", "true"].includes(process.env.INTEGRATION_SEQUENTIAL ?? "");

/** Runs vitest's integration project on `url`; resolves with its exit code and, when `held`, its output. */
async function vitest(url, embedded, held) {
  // The embedded pass runs every file in one module graph (`--isolate=false`): no file re-imports the app,
  // Prisma and the SDKs (about 50 s, docs/testing-time.md); each file restores the environment and caches
  // it changes (tests/setup/integration.ts). Work a file left running in the background (a timer's query)
  // then meets the next file's reset: on PGlite's one connection it just waits its turn, but on a server
  // it can deadlock with the reset's TRUNCATE (seen once: an unhandled 40P01), so the server's pass keeps
  // a graph (a process) per file, which ends its work with it. INTEGRATION_ISOLATE=1 or 0 sets both.
  const forced = process.env.INTEGRATION_ISOLATE;
  const isolate = forced === undefined || forced === "" ? !embedded : ["1", "true"].includes(forced);
  const args = ["node_modules/vitest/vitest.mjs", "run", "--project", "integration", `--isolate=${isolate}`, ...extra];
  // The other pass's files are left out; a filter naming only those leaves nothing to run, not a failure.
  const others = embedded ? (server ? ONE_PASS.server : []) : ONE_PASS.embedded;
  if (others.length > 0) args.push("--passWithNoTests", ...others.flatMap((file) => ["--exclude", file]));
  const env = {
    DATABASE_URL: url,
    DATABASE_EMBEDDED: embedded ? "1" : "0",
    INTEGRATION_SHARED_GRAPH: isolate ? "0" : "1",
    NODE_ENV: "test",
    SESSION_SECRET: "integration-tests-secret-0123456789",
  };
  const output = held ? [] : undefined;
  const code = await run(process.execPath, args, env, { output });
  return { code, output: output ? Buffer.concat(output).toString() : "" };
}

/**
 * One pass: opens its database, migrates it, runs the suite, closes the database. Returns whether it
 * failed; with `held`, prints its whole output (under its heading) only when it is over.
 */
async function runSuite(label, open, held) {
  const started = Date.now();
  const heading = `\n▸ Integration tests on ${label}`;
  if (held) console.log(`${heading}: started (its output follows when it ends)`);
  else console.log(heading);
  let result;
  const db = await open();
  try {
    await migrateDeploy(db.url, { quiet: true });
    result = await vitest(db.url, db.embedded, held);
  } catch (error) {
    result = { code: 1, output: `${error instanceof Error ? error.stack : String(error)}\n` };
  } finally {
    // The tests' verdict stands: a database left behind is reported, not a failure.
    await db.close().catch((error) => {
      console.warn(`⚠ ${label}: the test database was not removed: ${error instanceof Error ? error.message : error}`);
    });
  }
  const seconds = Math.round((Date.now() - started) / 1000);
  if (held) process.stdout.write(`${heading} (${seconds} s)\n${result.output}`);
  else if (result.output) process.stdout.write(result.output);
  console.log(`${result.code === 0 ? "✔" : "✘"} ${label}: ${seconds} s`);
  return result.code !== 0;
}

async function openPglite() {
  // One module graph for every file (below): connections a file's child servers and listeners opened
  // close when they end, not when the file does, so the next file may start before; room for them.
  const pglite = await startPglite({ maxConnections: 16 });
  return { url: pglite.url, embedded: true, close: pglite.stop };
}

async function openServerDatabase() {
  const db = await createDatabase(process.env.TEST_POSTGRES_URL, "joyeria_test");
  return { url: db.url, embedded: false, close: db.drop };
}

/** The schema and the migrations must describe the same database (needs a shadow database, so only on a real server). */
async function schemaDrift() {
  const drift = await runPrisma(
    [
      "migrate",
      "diff",
      "--from-migrations",
      "prisma/migrations",
      "--to-schema-datamodel",
      "prisma/schema.prisma",
      "--exit-code",
    ],
    { env: { DATABASE_URL: process.env.TEST_POSTGRES_URL } },
  );
  if (drift !== 0) {
    console.error("✘ The schema differs from the migrations: create a migration (see docs/operations.md).");
    return true;
  }
  console.log("✔ prisma/schema.prisma and prisma/migrations agree");
  return false;
}

const server = Boolean(process.env.TEST_POSTGRES_URL);
let failures;
if (!server) {
  failures = [await runSuite("embedded PGlite", openPglite, false)];
  console.log("\n(TEST_POSTGRES_URL is not set: the PostgreSQL server run is skipped; CI sets it.)");
} else if (sequential) {
  failures = [
    await runSuite("embedded PGlite", openPglite, false),
    await schemaDrift(),
    await runSuite("PostgreSQL server", openServerDatabase, false),
  ];
} else {
  failures = await Promise.all([
    runSuite("embedded PGlite", openPglite, true),
    schemaDrift().then(async (drifted) => [drifted, await runSuite("PostgreSQL server", openServerDatabase, true)]),
  ]).then((results) => results.flat());
}

process.exit(failures.some(Boolean) ? 1 : 0);
