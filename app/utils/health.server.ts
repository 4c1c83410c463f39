import fs from "node:fs";
import path from "node:path";
import { isDatabaseUnavailable, prisma } from "./db.server";
import { logger } from "./logger.server";

/**
 * Readiness: whether this instance should receive traffic — the database answers and every
 * migration this version ships has been applied (an instance that starts before another finished
 * migrating, or against a database restored from an older backup, is alive but not ready).
 * Liveness (/healthz) asks nothing of the database: a database outage must not get every instance
 * restarted.
 */
export type Readiness = { ready: true } | { ready: false; reason: string };

let shipped: string[] | undefined;

/** The migrations in prisma/migrations (next to the build, in the image too). */
function shippedMigrations(): string[] {
  shipped ??= fs
    .readdirSync(path.resolve("prisma/migrations"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  return shipped;
}

export async function checkReadiness(): Promise<Readiness> {
  let applied: { migration_name: string }[];
  try {
    const [table] = await prisma.$queryRaw<{ exists: boolean }[]>`
      SELECT to_regclass('_prisma_migrations') IS NOT NULL AS "exists"`;
    applied = table?.exists
      ? await prisma.$queryRaw<{ migration_name: string }[]>`
          SELECT "migration_name" FROM "_prisma_migrations" WHERE "finished_at" IS NOT NULL AND "rolled_back_at" IS NULL`
      : [];
  } catch (error) {
    if (isDatabaseUnavailable(error)) return { ready: false, reason: "database unreachable" };
    throw error;
  }
  const done = new Set(applied.map((row) => row.migration_name));
  const pending = shippedMigrations().filter((name) => !done.has(name));
  if (pending.length > 0) {
    logger.warn({ pending }, "not ready: migrations pending");
    return { ready: false, reason: `migrations pending: ${pending.join(", ")}` };
  }
  return { ready: true };
}
