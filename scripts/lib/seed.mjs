import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { root, run } from "./database.mjs";
import { DATABASE_CONTENTS_SQL, describeContents } from "./database-contents.mjs";

/**
 * What real data `url` holds ("3 products and 1 account"), or null for an empty database (a new
 * database: the migrations create only the categories). See ./database-contents.mjs.
 */
export async function databaseContents(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(DATABASE_CONTENTS_SQL);
    return describeContents(rows[0]);
  } finally {
    await client.end();
  }
}

/** True when the database holds no product, order or account: the seeds may run. */
export async function isEmpty(url) {
  return (await databaseContents(url)) === null;
}

/**
 * Seeds `url` with prisma/seed.ts as `npm run build` bundled it (build/commands/seed.js): the
 * development catalogue and accounts, or with `demo` the catalogue alone (no staff accounts, no
 * published passwords), for a shop others can reach. The seed refuses a database that is not empty.
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
