import { describe, expect, it } from "vitest";
import { computeTotals } from "./checkout";
import { orderLineAmount, orderShowsIvaIncluded, orderTotalsRows, type BreakdownOrder } from "./order-breakdown";

function order(
  items: Array<{ price: number; quantity: number }>,
  ivaIncluded: boolean,
  giftWrapPrice: number | null = null,
): BreakdownOrder {
  const lines = items.map((i) => ({ unitPrice: i.price, quantity: i.quantity }));
  if (giftWrapPrice !== null) lines.push({ unitPrice: giftWrapPrice, quantity: 1 });
  return { ...computeTotals(lines, { ivaIncluded }), giftWrapPrice, items };
}

describe("an order's breakdown for its shopper", () => {
  it("shows the $14,500 ring at $16,820.00 with IVA, and lines that add up to the total charged", () => {
    const ring = order([{ price: 14_500_00, quantity: 1 }], true);
    expect(orderShowsIvaIncluded(ring, true)).toBe(true);
    expect(orderLineAmount(14_500_00, 1, true)).toBe(16_820_00);
    expect(orderTotalsRows(ring, true)).toEqual([
      { label: "Subtotal (IVA incluido)", amount: 16_820_00, kind: "line" },
      { label: "Envío", amount: 15_00, kind: "line" },
      { label: "Total", amount: 16_835_00, kind: "total" },
      // The ring's 2,320.00 and the 2.07 inside the shipping: the IVA its CFDI declares (docs/decisions/061).
      { label: "Incluye IVA (16%)", amount: 2_322_07, kind: "note" },
    ]);
  });

  it("adds up to the centavo for any lines, the gift packaging included", () => {
    for (const [price, quantity, wrap] of [
      [1_234_57, 3, 89_99],
      [33_33, 7, null],
      [1, 1, 1],
    ] as const) {
      const o = order([{ price, quantity }], true, wrap);
      const included = orderShowsIvaIncluded(o, true);
      expect(included).toBe(true);
      const lines = orderLineAmount(price, quantity, true) + (wrap === null ? 0 : orderLineAmount(wrap, 1, true));
      const rows = orderTotalsRows(o, included);
      expect(rows[0]!.amount).toBe(lines);
      expect(rows[0]!.amount + rows[1]!.amount).toBe(o.total);
    }
  });

  it("keeps the before-IVA breakdown with the setting off, and for an order whose IVA was taken on the subtotal", () => {
    const b2b = order([{ price: 1_234_57, quantity: 3 }], false);
    expect(orderShowsIvaIncluded(b2b, false)).toBe(false);
    // 3 × 197.53 = 592.59 per piece and 16 % of 3,703.71 = 592.59: the same, so it can show IVA included …
    expect(orderShowsIvaIncluded(b2b, true)).toBe(true);
    // … while 7 × 5.33 = 37.31 per piece is not 16 % of 233.31 = 37.33: shown before IVA.
    const old = order([{ price: 33_33, quantity: 7 }], false);
    expect(orderShowsIvaIncluded(old, true)).toBe(false);
    expect(orderTotalsRows(old, false).map((r) => r.label)).toEqual([
      "Subtotal",
      "Envío (antes de IVA)",
      "IVA (16%)",
      "Total",
    ]);
    const rows = orderTotalsRows(old, false);
    expect(rows[0]!.amount + rows[1]!.amount + rows[2]!.amount).toBe(rows[3]!.amount);
  });
});
