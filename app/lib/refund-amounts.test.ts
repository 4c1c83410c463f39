import { describe, expect, it } from "vitest";
import { addTaken, NOTHING_TAKEN, quoteRefund, type RefundOrder, unitShares } from "./refund-amounts";

// Two rings of 1,000.00 and a chain of 333.33 before IVA, 15.00 shipping: total with 16 % IVA.
const ORDER: RefundOrder = {
  items: [
    { id: 1, quantity: 2, price: 100_000 },
    { id: 2, quantity: 1, price: 33_333 },
  ],
  giftWrapPrice: null,
  shipping: 1_500,
  total: 233_333 + Math.round(233_333 * 0.16) + 1_500,
};

describe("refund amounts per piece", () => {
  it("spreads what the pieces cost over every unit, to the centavo", () => {
    const { units } = unitShares(ORDER);
    const all = [...units.values()].flat();
    expect(all.reduce((a, b) => a + b, 0)).toBe(ORDER.total - ORDER.shipping);
    expect(units.get(1)).toEqual([116_000, 116_000]);
    expect(units.get(2)).toEqual([38_666]);
  });

  it("one piece, then the rest with the shipping, give back exactly the total", () => {
    const first = quoteRefund(ORDER, NOTHING_TAKEN, { items: { 1: 1 }, shipping: false, giftWrap: false });
    expect(first).toEqual({
      ok: true,
      quote: { amount: 116_000, items: [{ orderItemId: 1, quantity: 1, amount: 116_000 }], shipping: 0, giftWrap: 0 },
    });
    if (!first.ok) return;
    const taken = addTaken(NOTHING_TAKEN, first.quote);
    const rest = quoteRefund(ORDER, taken, { items: { 1: 1, 2: 1 }, shipping: true, giftWrap: false });
    expect(rest.ok && first.quote.amount + rest.quote.amount).toBe(ORDER.total);
  });

  it("refuses more pieces than are left, the shipping twice, an unknown piece and nothing", () => {
    const taken = addTaken(NOTHING_TAKEN, {
      items: [{ orderItemId: 1, quantity: 2, amount: 0 }],
      shipping: 1_500,
      giftWrap: 0,
    });
    expect(quoteRefund(ORDER, taken, { items: { 1: 1 }, shipping: false, giftWrap: false })).toEqual({
      ok: false,
      reason: "too_many",
    });
    expect(quoteRefund(ORDER, taken, { items: {}, shipping: true, giftWrap: false })).toEqual({
      ok: false,
      reason: "too_many",
    });
    expect(quoteRefund(ORDER, NOTHING_TAKEN, { items: { 9: 1 }, shipping: false, giftWrap: false })).toEqual({
      ok: false,
      reason: "unknown_item",
    });
    expect(quoteRefund(ORDER, NOTHING_TAKEN, { items: { 1: 0 }, shipping: false, giftWrap: false })).toEqual({
      ok: false,
      reason: "empty",
    });
    expect(quoteRefund(ORDER, NOTHING_TAKEN, { items: {}, shipping: false, giftWrap: true })).toEqual({
      ok: false,
      reason: "too_many",
    });
  });

  it("the gift wrap has its share, and every piece one by one adds up to the total", () => {
    const order: RefundOrder = { ...ORDER, giftWrapPrice: 5_000, total: 238_333 + Math.round(238_333 * 0.16) + 1_500 };
    let taken = NOTHING_TAKEN;
    let sum = 0;
    for (const chosen of [{ 2: 1 }, { 1: 1 }, { 1: 1 }] as Record<number, number>[]) {
      const quote = quoteRefund(order, taken, { items: chosen, shipping: false, giftWrap: false });
      if (!quote.ok) throw new Error(quote.reason);
      sum += quote.quote.amount;
      taken = addTaken(taken, quote.quote);
    }
    const last = quoteRefund(order, taken, { items: {}, shipping: true, giftWrap: true });
    expect(last.ok && last.quote.giftWrap).toBe(5_800);
    expect(last.ok && sum + last.quote.amount).toBe(order.total);
  });
});
