/**
 * What real data a database holds, for the seeds' guard: the demo catalogue and the development data
 * go into an empty database only (no product, no order, no account), never over a shop's own catalogue
 * (ids 1–52 would be overwritten and orders left pointing at other pieces) nor beside its accounts.
 * The categories the migrations create do not count. Used with `pg` (scripts/lib/seed.mjs) and with
 * Prisma (prisma/seed.ts): plain JavaScript, no dependencies.
 */

/** One row: `products`, `orders` and `users`, each a count. */
export const DATABASE_CONTENTS_SQL = `SELECT
  (SELECT count(*)::int FROM "products") AS "products",
  (SELECT count(*)::int FROM "orders") AS "orders",
  (SELECT count(*)::int FROM "users") AS "users"`;

/**
 * "3 products, 1 order and 2 accounts", or null when the database holds none of them.
 * @param {{ products: number, orders: number, users: number }} counts
 * @returns {string | null}
 */
export function describeContents({ products, orders, users }) {
  const parts = [
    [products, "product", "products"],
    [orders, "order", "orders"],
    [users, "account", "accounts"],
  ]
    .filter(([count]) => Number(count) > 0)
    .map(([count, one, many]) => `${count} ${Number(count) === 1 ? one : many}`);
  if (parts.length === 0) return null;
  return parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}

/** How to load demo data instead, said with every refusal. */
export const EMPTY_DATABASE_ADVICE =
  "Demo data goes into an empty database only: create a new database (createdb) and run " +
  "`DATABASE_URL=postgresql://…/new-database npm run seed:demo`, or with the embedded database point " +
  "PGLITE_DATA_DIR at a new directory (in the container: a new volume).";

/**
 * The refusal for a database that is not empty.
 * @param {string} contents what `describeContents` said
 */
export function notEmptyMessage(contents) {
  return `Refusing to seed: the database already holds ${contents}, which the seed would overwrite or mix with. Nothing was changed. ${EMPTY_DATABASE_ADVICE}`;
}
