import { describe, expect, it } from "vitest";
import { memoizeBounded } from "./memoize";

describe("memoizeBounded", () => {
  it("computes each argument once, the falsy answers too", () => {
    const calls: string[] = [];
    const length = memoizeBounded(
      (key: string) => {
        calls.push(key);
        return key.length;
      },
      { maxEntries: 10 },
    );
    expect([length("abc"), length(""), length("abc"), length("")]).toEqual([3, 0, 3, 0]);
    expect(calls).toEqual(["abc", ""]);
  });

  it("keeps at most maxEntries, dropping the oldest first", () => {
    const calls: string[] = [];
    const upper = memoizeBounded(
      (key: string) => {
        calls.push(key);
        return key.toUpperCase();
      },
      { maxEntries: 2 },
    );
    upper("a");
    upper("b");
    upper("c"); // drops "a"
    upper("b");
    upper("a");
    expect(calls).toEqual(["a", "b", "c", "a"]);
  });

  it("computes an argument longer than maxKeyLength every time, without keeping it", () => {
    const calls: string[] = [];
    const upper = memoizeBounded(
      (key: string) => {
        calls.push(key);
        return key.toUpperCase();
      },
      { maxEntries: 10, maxKeyLength: 3 },
    );
    expect([upper("abcd"), upper("abcd"), upper("abc"), upper("abc")]).toEqual(["ABCD", "ABCD", "ABC", "ABC"]);
    expect(calls).toEqual(["abcd", "abcd", "abc"]);
  });
});
