import { describe, expect, it } from "vitest";
import { memoizeBounded } from "./memoize";

/** `fn`, and the arguments it was actually called with. */
function counted<V>(fn: (key: string) => V) {
  const calls: string[] = [];
  return {
    calls,
    fn: (key: string) => {
      calls.push(key);
      return fn(key);
    },
  };
}

describe("memoizeBounded", () => {
  it("computes each argument once, the falsy answers too", () => {
    const { calls, fn } = counted((key) => key.length);
    const length = memoizeBounded(fn, { maxEntries: 10 });
    expect([length("abc"), length(""), length("abc"), length("")]).toEqual([3, 0, 3, 0]);
    expect(calls).toEqual(["abc", ""]);
  });

  it("keeps at most maxEntries, dropping the oldest first", () => {
    const { calls, fn } = counted((key) => key.toUpperCase());
    const upper = memoizeBounded(fn, { maxEntries: 2 });
    upper("a");
    upper("b");
    upper("c"); // drops "a"
    upper("b");
    upper("a");
    expect(calls).toEqual(["a", "b", "c", "a"]);
  });

  it("computes an argument longer than maxKeyLength every time, without keeping it", () => {
    const { calls, fn } = counted((key) => key.toUpperCase());
    const upper = memoizeBounded(fn, { maxEntries: 10, maxKeyLength: 3 });
    expect([upper("abcd"), upper("abcd"), upper("abc"), upper("abc")]).toEqual(["ABCD", "ABCD", "ABC", "ABC"]);
    expect(calls).toEqual(["abcd", "abcd", "abc"]);
  });
});
