import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { root, run } from "./database.mjs";

/** True when the catalogue has no products yet (a new database: the migrations create only the categories). */
export async function isEmpty(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT count(*)::int AS n FROM "products"');
    return rows[0].n === 0;
  } finally {
    await client.end();
  }
}

/**
 * Seeds `url` (idempotent) with prisma/seed.ts as `npm run build` bundled it (build/commands/seed.js):
 * the development catalogue and accounts, or with `demo` the catalogue alone (no staff accounts, no
 * published passwords), for a shop others can reach.
 */
export async function seedDatabase(url, { demo = false } = {}) {
  const command = path.join(root, "build/commands/seed.js");
  if (!fs.existsSync(command)) throw new Error('No build/commands/seed.js: run "npm run build" first.');
  const code = await run(
    process.execPath,
    [command, ...(demo ? ["--demo"] : [])],
    { DATABASE_URL: url },
    { cwd: root },
  );
  if (code !== 0) throw new Error(`Seeding failed (exit code ${code}).`);
}
