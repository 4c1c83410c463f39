#!/usr/bin/env node
// Second half of `npm run setup` (after npm install and the build): prepares the database
// (embedded PGlite in data/pglite unless DATABASE_URL is set), applies migrations, seeds.
import { SEED_ACCOUNTS } from "../prisma/seed-data.ts";
import { migrateDeploy, openDatabase, redact } from "./lib/database.mjs";
import { resolveSessionSecret } from "./lib/secrets.mjs";
import { databaseContents, seedDatabase } from "./lib/seed.mjs";

const started = Date.now();
resolveSessionSecret();
const dataDir = process.env.PGLITE_DATA_DIR ?? "data/pglite";
let db;
try {
  db = await openDatabase({ dataDir });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
let contents;
try {
  console.log(`\n▸ Database: ${db.embedded ? `embedded PGlite (${dataDir})` : redact(db.url)}`);
  await migrateDeploy(db.url, { quiet: true });
  console.log("▸ Migrations applied");
  // A second setup, or a database with a shop in it: the seed goes into an empty database only.
  contents = await databaseContents(db.url);
  if (contents === null) await seedDatabase(db.url);
  else console.log(`▸ Not seeded: the database already holds ${contents}`);
} finally {
  await db.stop();
}

console.log(`\n✔ Setup finished in ${((Date.now() - started) / 1000).toFixed(1)} s. Start the shop with: npm start`);
console.log("  Then open http://localhost:3000\n");
console.log(
  contents === null ? "  Development accounts:" : "  Development accounts (if this database was seeded by a setup):",
);
for (const account of SEED_ACCOUNTS) {
  console.log(`    ${account.role.padEnd(8)} ${account.email.padEnd(26)} ${account.password}`);
}
console.log("");
