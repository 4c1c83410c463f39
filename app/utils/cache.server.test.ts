import { describe, expect, it } from "vitest";
import { createTtlCache } from "./cache.server";

describe("createTtlCache", () => {
  it("serves a value until its time to live has passed, counted from when it arrived", async () => {
    let clock = 0;
    let loads = 0;
    const cache = createTtlCache<number>({ ttlMs: 1000, maxEntries: 10, now: () => clock });
    const load = async () => ++loads;
    expect(await cache.get("a", load)).toBe(1);
    clock = 999;
    expect(await cache.get("a", load)).toBe(1);
    clock = 1000;
    expect(await cache.get("a", load)).toBe(2);
  });

  it("shares one load between concurrent misses of a key", async () => {
    let loads = 0;
    const cache = createTtlCache<number>({ ttlMs: 1000, maxEntries: 10 });
    const load = () => new Promise<number>((resolve) => setTimeout(() => resolve(++loads), 5));
    expect(await Promise.all([cache.get("a", load), cache.get("a", load), cache.get("a", load)])).toEqual([1, 1, 1]);
    expect(loads).toBe(1);
  });

  it("forgets everything on clear, and does not keep a failed load", async () => {
    let loads = 0;
    const cache = createTtlCache<number>({ ttlMs: 60_000, maxEntries: 10 });
    await cache.get("a", async () => ++loads);
    cache.clear();
    expect(await cache.get("a", async () => ++loads)).toBe(2);
    await expect(cache.get("b", () => Promise.reject(new Error("db down")))).rejects.toThrow("db down");
    expect(await cache.get("b", async () => 42)).toBe(42);
  });

  it("drops the oldest key beyond its size, and loads every time with a zero TTL", async () => {
    const cache = createTtlCache<string>({ ttlMs: 60_000, maxEntries: 2 });
    for (const key of ["a", "b", "c"]) await cache.get(key, async () => key);
    expect(cache.size).toBe(2);
    let loads = 0;
    const off = createTtlCache<number>({ ttlMs: 0, maxEntries: 2 });
    await off.get("a", async () => ++loads);
    await off.get("a", async () => ++loads);
    expect(loads).toBe(2);
  });

  it("forgets only the entries tagged with a changed id, and every load still in flight", async () => {
    const cache = createTtlCache<number[]>({ ttlMs: 60_000, maxEntries: 10 });
    const ids = (value: number[]) => value;
    let loads = 0;
    const load = (value: number[]) => async () => {
      loads++;
      return value;
    };
    await cache.get("page-1", load([1, 2]), ids);
    await cache.get("page-2", load([3]), ids);
    let finish: (value: number[]) => void = () => {};
    const inFlight = cache.get("page-3", () => new Promise<number[]>((resolve) => (finish = resolve)), ids);
    cache.invalidate([2]);
    finish([4]);
    await inFlight;
    expect(cache.size).toBe(1);
    await cache.get("page-2", load([3]), ids);
    expect(loads).toBe(2);
    await cache.get("page-1", load([1, 2]), ids);
    expect(loads).toBe(3);
  });
});
