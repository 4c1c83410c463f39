import { describe, expect, it } from "vitest";
import { formatMm, RING_SIZES, ringCircumferenceMm, ringDiameterMm } from "./ring-sizes";

describe("ring sizes", () => {
  it("follow the American scale that Mexican jewellers use", () => {
    expect(ringDiameterMm(5)).toBe(15.7);
    expect(ringDiameterMm(7)).toBe(17.3);
    expect(ringDiameterMm(9)).toBe(18.9);
    expect(ringCircumferenceMm(5)).toBe(49.3);
    expect(ringCircumferenceMm(7)).toBe(54.4);
    expect(ringCircumferenceMm(10)).toBe(62.1);
  });

  it("list whole and half sizes from 4 to 11, growing", () => {
    expect(RING_SIZES.map((r) => r.size)).toEqual([
      "4",
      "4½",
      "5",
      "5½",
      "6",
      "6½",
      "7",
      "7½",
      "8",
      "8½",
      "9",
      "9½",
      "10",
      "10½",
      "11",
    ]);
    for (let i = 1; i < RING_SIZES.length; i++) {
      expect(RING_SIZES[i]!.diameterMm).toBeGreaterThan(RING_SIZES[i - 1]!.diameterMm);
    }
    expect(formatMm(17.3)).toBe("17.3 mm");
  });
});
