import pg from "pg";
import { root, run } from "./database.mjs";

/** True when the catalogue has no categories yet (a new database). */
export async function isEmpty(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT count(*)::int AS n FROM "categories"');
    return rows[0].n === 0;
  } finally {
    await client.end();
  }
}

/** Runs prisma/seed.ts (idempotent) against `url`. */
export async function seedDatabase(url) {
  const code = await run(process.execPath, ["--import", "tsx", "prisma/seed.ts"], { DATABASE_URL: url }, { cwd: root });
  if (code !== 0) throw new Error(`Seeding failed (exit code ${code}).`);
}
