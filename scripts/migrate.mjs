#!/usr/bin/env node
// `npm run migrate`: applies the migrations this release ships (prisma/migrations) to the shop's database
// and exits — the separate migrate step of an upgrade (docs/operations.md, "Upgrades"). The database is
// DATABASE_URL, or the embedded PGlite in PGLITE_DATA_DIR (default data/pglite; the shop must be stopped,
// one process owns it). Idempotent: with nothing pending it says so and changes nothing. Exit code 0 when
// the database is up to date afterwards, 1 otherwise (with the reason).
import { migrateDeploy, openDatabase, pendingMigrations, redact, waitForDatabase } from "./lib/database.mjs";
import { log } from "./lib/log.mjs";

let db;
try {
  db = await openDatabase({ dataDir: process.env.PGLITE_DATA_DIR ?? "data/pglite" });
} catch (error) {
  log("fatal", error instanceof Error ? error.message : String(error));
  process.exit(1);
}
let code = 1;
try {
  const where = db.embedded ? "the embedded database" : redact(db.url);
  // A PostgreSQL server started next to this command may still be starting; a wrong password fails at once.
  if (!db.embedded) await waitForDatabase(db.url, { timeoutMs: 60_000 });
  const pending = await pendingMigrations(db.url);
  if (pending.length === 0) {
    log("info", `Migrations: ${where} is up to date, nothing to apply.`);
  } else {
    log("info", `Migrations: applying ${pending.length} to ${where}: ${pending.join(", ")}`);
    await migrateDeploy(db.url, { quiet: true });
    const left = await pendingMigrations(db.url);
    if (left.length > 0) throw new Error(`still pending after prisma migrate deploy: ${left.join(", ")}`);
    log("info", `Migrations: ${pending.length} applied, ${where} is up to date.`);
  }
  code = 0;
} catch (error) {
  log("fatal", `Migrations failed: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await db.stop();
}
process.exit(code);
