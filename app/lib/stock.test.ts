import { describe, expect, it } from "vitest";
import { LOW_STOCK_MAX } from "./constants";
import { changesShownStock, shownStock, stockLabel, withShownStock } from "./stock";

describe("the stock a catalogue page is given (decision 067)", () => {
  it("is the count while the page shows it, and one past LOW_STOCK_MAX above it", () => {
    expect([0, 1, LOW_STOCK_MAX, LOW_STOCK_MAX + 1, LOW_STOCK_MAX + 2, 1000].map(shownStock)).toEqual([
      0,
      1,
      LOW_STOCK_MAX,
      LOW_STOCK_MAX + 1,
      LOW_STOCK_MAX + 1,
      LOW_STOCK_MAX + 1,
    ]);
    // What the page writes from it is what it would write from the count.
    for (const stock of [-1, 0, 1, 7, LOW_STOCK_MAX, LOW_STOCK_MAX + 1, 999]) {
      expect(stockLabel(shownStock(stock))).toBe(stockLabel(stock));
    }
  });

  it("changes only when a move crosses into what the page shows", () => {
    expect(changesShownStock(1000, 999)).toBe(false);
    expect(changesShownStock(LOW_STOCK_MAX + 2, LOW_STOCK_MAX + 1)).toBe(false);
    expect(changesShownStock(LOW_STOCK_MAX + 1, LOW_STOCK_MAX)).toBe(true);
    expect(changesShownStock(5, 4)).toBe(true);
    expect(changesShownStock(0, 3)).toBe(true);
  });

  it("is applied to every stock of a read, wherever it sits, and leaves the rest as it was", () => {
    const when = new Date(0);
    const read = {
      products: [
        {
          id: 1,
          stock: 500,
          updatedAt: when,
          variants: [
            { id: 9, stock: 3 },
            { id: 10, stock: 80 },
          ],
        },
        { id: 2, stock: 4, related: [{ id: 3, stock: 21 }] },
      ],
      total: 2,
    };
    const shown = withShownStock(read);
    expect(shown).toEqual({
      products: [
        {
          id: 1,
          stock: 21,
          updatedAt: when,
          variants: [
            { id: 9, stock: 3 },
            { id: 10, stock: 21 },
          ],
        },
        { id: 2, stock: 4, related: [{ id: 3, stock: 21 }] },
      ],
      total: 2,
    });
    expect(shown.products[1]).toBe(read.products[1]); // nothing to change: the same object
    expect(read.products[0]!.stock).toBe(500); // the read itself is not changed
    expect(withShownStock(null)).toBeNull();
  });
});
