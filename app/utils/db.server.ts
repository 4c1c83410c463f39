import { remember } from "@epic-web/remember";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "~/generated/prisma/client";
import { getEnv } from "./env.server";

/**
 * The one Prisma client of the app, always through `@prisma/adapter-pg`: to a PostgreSQL
 * server, or to the embedded PGlite behind pglite-socket (which needs a pool of exactly 1:
 * a larger pool interleaves protocol messages on its single backend).
 */
function createClient() {
  const env = getEnv();
  const embedded = env.DATABASE_EMBEDDED === "1";
  const adapter = new PrismaPg({
    connectionString: env.DATABASE_URL,
    max: embedded ? 1 : (env.DATABASE_POOL_MAX ?? 10),
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: 30_000,
  });
  return new PrismaClient({
    adapter,
    // Embedded transactions are serialized through one connection: let them queue longer.
    transactionOptions: { maxWait: embedded ? 20_000 : 5_000, timeout: 15_000 },
  });
}

/** One client per process; `remember` keeps it across dev rebuilds so each reload does not open a new pool. */
export const prisma: PrismaClient = remember("prisma", createClient);

export type { PrismaClient };
