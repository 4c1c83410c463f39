import { describe, expect, it } from "vitest";
import { reviewEligibility, summarizeRatings } from "./reviews";

describe("summarizeRatings", () => {
  it("averages to one decimal and counts; nothing for no reviews", () => {
    expect(summarizeRatings([])).toBeNull();
    expect(summarizeRatings([5])).toEqual({ average: 5, count: 1 });
    expect(summarizeRatings([5, 4, 4])).toEqual({ average: 4.3, count: 3 });
    expect(summarizeRatings([1, 2])).toEqual({ average: 1.5, count: 2 });
  });
});

describe("reviewEligibility", () => {
  it("is already-reviewed whenever a review exists, else follows the purchase", () => {
    expect(reviewEligibility({ purchased: false, reviewed: false })).toBe("not-purchased");
    expect(reviewEligibility({ purchased: true, reviewed: false })).toBe("can-review");
    expect(reviewEligibility({ purchased: true, reviewed: true })).toBe("already-reviewed");
    expect(reviewEligibility({ purchased: false, reviewed: true })).toBe("already-reviewed");
  });
});
