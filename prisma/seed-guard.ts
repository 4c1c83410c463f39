/**
 * What the seed refuses (prisma/seed.ts; `npm run db:seed`, `npm run seed:demo`, build/commands/seed.js
 * and the start's SEED_DEMO_CATALOGUE):
 *   - a database that is not empty (a product, an order or an account): demo data would overwrite a
 *     shop's catalogue (fixed ids) and leave its orders pointing at other pieces;
 *   - the development accounts (admin@joyeria.test and the others, with the README's passwords) when
 *     the shop runs for real (NODE_ENV=production or a public APP_ORIGIN: scripts/lib/for-real.mjs).
 */
import { DATABASE_CONTENTS_SQL, describeContents, notEmptyMessage } from "../scripts/lib/database-contents.mjs";
import { forRealBecause } from "../scripts/lib/for-real.mjs";

/** A refusal: the operator's message, printed without a stack trace. */
export class SeedRefused extends Error {
  override name = "SeedRefused";
}

type Queryable = { $queryRawUnsafe<T = unknown>(query: string): Promise<T> };
type Counts = { products: number; orders: number; users: number };

/** Throws SeedRefused when this seed may not run on `db` (a client or a transaction). */
export async function assertSeedAllowed(db: Queryable, { demo }: { demo: boolean }): Promise<void> {
  const because = demo ? null : forRealBecause();
  if (because) {
    throw new SeedRefused(
      `Refusing to create the development accounts (admin@joyeria.test and the others, whose passwords the README ` +
        `publishes): the shop runs for real (${because}). The first admin comes from ` +
        "`npm run create-admin -- --email …`; demo products from `npm run seed:demo` on an empty database " +
        "(no staff accounts, no published passwords).",
    );
  }
  const [counts] = await db.$queryRawUnsafe<Counts[]>(DATABASE_CONTENTS_SQL);
  const contents = counts ? describeContents(counts) : null;
  if (contents) throw new SeedRefused(notEmptyMessage(contents));
}
