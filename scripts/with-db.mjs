#!/usr/bin/env node
// Runs a command against the shop's database: DATABASE_URL when set, otherwise the
// embedded PGlite in data/pglite, started for the command and stopped after it (when the shop runs
// for real, only with EMBEDDED_DATABASE=1: scripts/lib/database-choice.mjs).
// Usage: node scripts/with-db.mjs [--migrate] -- <command> [args…]
import { migrateDeploy, openDatabase, run } from "./lib/database.mjs";

const separator = process.argv.indexOf("--");
const flags = process.argv.slice(2, separator < 0 ? undefined : separator);
const [command, ...args] = separator < 0 ? [] : process.argv.slice(separator + 1);
if (!command) {
  console.error("usage: node scripts/with-db.mjs [--migrate] -- <command> [args…]");
  process.exit(2);
}

let db;
try {
  db = await openDatabase();
} catch (error) {
  // No database may be used (e.g. running for real without DATABASE_URL): the message says which variable.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
let code = 1;
try {
  if (flags.includes("--migrate")) await migrateDeploy(db.url, { quiet: true });
  code = await run(
    command,
    args,
    { DATABASE_URL: db.url, DATABASE_EMBEDDED: db.embedded ? "1" : "0" },
    { shell: process.platform === "win32" },
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  await db.stop();
}
process.exit(code);
