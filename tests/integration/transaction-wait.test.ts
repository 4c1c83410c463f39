import { describe, expect, it } from "vitest";
import { getEnv } from "~/utils/env.server";
import { poolSizes } from "~/utils/pool-sizes";
import { prisma } from "~/utils/db.server";

/**
 * A transaction waits for a connection as long as any query does (db.server.ts: 10 s on a server, 20 s
 * on the embedded database). It used to give up after 5 s: under a CPU quota, `npm run load` saw PAGARs
 * answered as outages while every connection of Prisma's was busy for longer than that (decision 068).
 */
describe("a transaction when every connection is busy", () => {
  it("waits past 5 s for one to come free, and then runs", { timeout: 40_000 }, async () => {
    const env = getEnv();
    // Prisma's connections: its share of the budget on a server, the one shared connection embedded.
    const connections = poolSizes(env.DATABASE_POOL_MAX, env.DATABASE_EMBEDDED === "1")?.prisma ?? 1;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const holding: Promise<void>[] = [];
    const started: Promise<void>[] = [];
    for (let i = 0; i < connections; i += 1) {
      let ready!: () => void;
      started.push(new Promise<void>((resolve) => (ready = resolve)));
      holding.push(
        prisma.$transaction(async (tx) => {
          await tx.$queryRaw`SELECT 1`;
          ready();
          await released;
        }),
      );
    }
    // Every connection is held once each holder has run its first statement.
    await Promise.all(started);
    const asked = performance.now();
    const waiting = prisma.$transaction(async (tx) => tx.$queryRaw<{ one: number }[]>`SELECT 1 AS one`);
    const freed = setTimeout(release, 6_000);
    try {
      await expect(waiting).resolves.toEqual([{ one: 1 }]);
      expect(performance.now() - asked).toBeGreaterThanOrEqual(5_900);
    } finally {
      clearTimeout(freed);
      release();
      await Promise.all(holding);
    }
  });
});
