import { afterEach, describe, expect, it } from "vitest";
import { type Captured, createRenderedPages } from "./rendered-pages.server";
import { msToNextSaleBoundary, noteSaleInstants } from "./sale-boundary.server";

/**
 * The caches never keep a page across a sale event's start or end (docs/decisions/057-sale-events.md);
 * the shared caches' capped s-maxage is checked through the server (tests/integration/sale-events.test.ts).
 */

const page: Captured = {
  status: 200,
  headers: [
    ["content-type", "text/html; charset=utf-8"],
    ["cache-control", "public, max-age=0, must-revalidate"],
  ],
  body: Buffer.from("<p>Anillo</p>"),
};

afterEach(() => noteSaleInstants([]));

describe("the next sale boundary", () => {
  it("is the first start or end after now", () => {
    noteSaleInstants([5_000, 2_000, 9_000]);
    expect(msToNextSaleBoundary(1_000)).toBe(1_000);
    expect(msToNextSaleBoundary(2_000)).toBe(3_000);
    expect(msToNextSaleBoundary(9_000)).toBeNull();
  });

  it("ends a rendered page's stay at it, however long the cache keeps pages otherwise", () => {
    let now = 1_000_000;
    const pages = createRenderedPages({ ttlMs: 60_000, now: () => now, originOf: () => "https://tienda.example" });
    noteSaleInstants([now + 1_500]);
    pages.begin("k")(page);
    now += 1_499;
    expect(pages.stored("k")).not.toBeNull();
    now += 1;
    expect(pages.stored("k")).toBeNull();
    // After the last boundary the usual TTL again.
    pages.begin("k")(page);
    now += 59_999;
    expect(pages.stored("k")).not.toBeNull();
  });
});
