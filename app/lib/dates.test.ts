import { describe, expect, it } from "vitest";
import { formatDate } from "./dates";

describe("formatDate", () => {
  it("writes dates the Mexican way, in Mexico City time", () => {
    expect(formatDate(new Date("2026-11-21T18:00:00Z"))).toBe("21 de noviembre de 2026");
    // 03:00 UTC on the 1st is still the previous evening in Mexico City.
    expect(formatDate("2026-03-01T03:00:00Z")).toBe("28 de febrero de 2026");
  });
});
