import { describe, expect, it } from "vitest";
import { poolSizes } from "./pool-sizes";

describe("the database connections' split between Prisma and the pages' reads", () => {
  it("gives the reads a quarter of DATABASE_POOL_MAX, rounded up, and Prisma the rest", () => {
    expect(poolSizes(undefined, false)).toEqual({ prisma: 7, reads: 3 });
    expect(poolSizes(10, false)).toEqual({ prisma: 7, reads: 3 });
    expect(poolSizes(4, false)).toEqual({ prisma: 3, reads: 1 });
    expect(poolSizes(3, false)).toEqual({ prisma: 2, reads: 1 });
    expect(poolSizes(2, false)).toEqual({ prisma: 1, reads: 1 });
    expect(poolSizes(40, false)).toEqual({ prisma: 30, reads: 10 });
  });

  it("never opens more connections than the budget", () => {
    for (let max = 2; max <= 100; max++) {
      const sizes = poolSizes(max, false)!;
      expect(sizes.prisma + sizes.reads).toBe(max);
      expect(Math.min(sizes.prisma, sizes.reads)).toBeGreaterThanOrEqual(1);
    }
  });

  it("does not split one connection, nor the embedded database's", () => {
    expect(poolSizes(1, false)).toBeNull();
    expect(poolSizes(10, true)).toBeNull();
    expect(poolSizes(undefined, true)).toBeNull();
  });
});
