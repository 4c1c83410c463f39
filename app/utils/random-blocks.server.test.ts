import { describe, expect, it } from "vitest";
import { randomDraws } from "./random-blocks.server";

describe("randomDraws", () => {
  it("hands out each value of a block once, and draws a new block when one is used up", () => {
    const draw = randomDraws(8, 3);
    const values = Array.from({ length: 3_000 }, () => draw("hex"));
    for (const value of values) expect(value).toMatch(/^[0-9a-f]{16}$/);
    // 3,000 values of 64 bits from 1,000 blocks: a block handed out twice, or not refilled, repeats them.
    expect(new Set(values).size).toBe(values.length);
  });
});
