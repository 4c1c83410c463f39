/**
 * The process's connections, in two pools (docs/decisions/068): `DATABASE_POOL_MAX` (default 10) is the
 * instance's whole budget, a quarter of it (rounded up) for the short reads of `readRows` and the rest
 * for Prisma; null when there is nothing to split (the embedded PGlite has one connection, shared by
 * both: its single backend serves one exchange at a time, decision 073, so a second would only wait).
 * Under load a connection is held for at least one turn of a busy event loop, so a pool's queue is
 * where a busy shop's requests wait: one pool for all made a page answered from the cache, which
 * needs one read, wait behind every checkout's queries. The reads wait at their own gate instead,
 * where those of cached pages go first (`readRows`).
 */
export type PoolName = "prisma" | "reads";

export function poolSizes(poolMax: number | undefined, embedded: boolean): Record<PoolName, number> | null {
  if (embedded) return null;
  const total = poolMax ?? 10;
  if (total < 2) return null;
  const reads = Math.ceil(total / 4);
  return { prisma: total - reads, reads };
}
