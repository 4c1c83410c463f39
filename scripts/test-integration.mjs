#!/usr/bin/env node
// `npm run test:integration`: the database tests, on a fresh embedded PGlite (in memory) and,
// when TEST_POSTGRES_URL is set (CI does), once more on a fresh database of that PostgreSQL server.
// Extra arguments go to vitest (e.g. a file filter).
import { createDatabase, migrateDeploy, run, startPglite } from "./lib/database.mjs";
import { runPrisma } from "./lib/prisma.mjs";

const extra = process.argv.slice(2);

async function runSuite(label, url, embedded) {
  console.log(`\n▸ Integration tests on ${label}`);
  await migrateDeploy(url, { quiet: true });
  return run(process.execPath, ["node_modules/vitest/vitest.mjs", "run", "--project", "integration", ...extra], {
    DATABASE_URL: url,
    DATABASE_EMBEDDED: embedded ? "1" : "0",
    NODE_ENV: "test",
    SESSION_SECRET: "integration-tests-secret-0123456789",
  });
}

let failed = false;

const pglite = await startPglite();
try {
  failed = (await runSuite("embedded PGlite", pglite.url, true)) !== 0 || failed;
} finally {
  await pglite.stop();
}

if (process.env.TEST_POSTGRES_URL) {
  // The schema and the migrations must describe the same database (needs a shadow database,
  // so only on a real server).
  console.log("\n▸ Checking that prisma/schema.prisma and prisma/migrations agree");
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
    failed = true;
  }
  const db = await createDatabase(process.env.TEST_POSTGRES_URL, "joyeria_test");
  try {
    failed = (await runSuite("PostgreSQL server", db.url, false)) !== 0 || failed;
  } finally {
    await db.drop();
  }
} else {
  console.log("\n(TEST_POSTGRES_URL is not set: the PostgreSQL server run is skipped; CI sets it.)");
}

process.exit(failed ? 1 : 0);
