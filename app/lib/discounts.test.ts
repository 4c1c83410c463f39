import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { computeTotals, paymentLines, shownPrice, vatOf } from "./checkout";
import { buildConcepts } from "./cfdi/concepts";
import { SHIPPING_FEE } from "./constants";
import {
  allocate,
  invoiceLineDiscounts,
  DISCOUNT_REASONS,
  type DiscountLine,
  type DiscountRule,
  discountedTotals,
  evaluateDiscount,
  lineAmount,
} from "./discounts";
import { orderLineAmount, orderShowsIvaIncluded, orderTotalsRows } from "./order-breakdown";
import { unitShares } from "./refund-amounts";

const NOW = new Date("2026-11-13T18:00:00Z");
const rule = (over: Partial<DiscountRule> = {}): DiscountRule => ({
  code: "BUENFIN",
  kind: "percentage",
  value: 10,
  minimumPurchase: 0,
  startsAt: null,
  endsAt: null,
  usageLimit: null,
  perShopperLimit: null,
  productIds: [],
  categoryIds: [],
  archived: false,
  ...over,
});
const line = (unitPrice: number, quantity = 1, productId = 1, categoryId = 1): DiscountLine => ({
  unitPrice,
  quantity,
  productId,
  categoryId,
});
const cart = (lines: DiscountLine[], ivaIncluded = true) => ({ lines, shipping: SHIPPING_FEE, ivaIncluded, now: NOW });
const unused = { total: 0, byShopper: 0 };

describe("evaluateDiscount: the reasons a code does not apply", () => {
  it("names each refusal in Spanish", () => {
    const c = cart([line(100_000)]);
    expect(evaluateDiscount(null, unused, c)).toEqual({ ok: false, reason: "Este cupón no existe" });
    expect(evaluateDiscount(rule({ archived: true }), unused, c)).toEqual({
      ok: false,
      reason: "Este cupón no existe",
    });
    expect(evaluateDiscount(rule({ endsAt: NOW }), unused, c)).toEqual({ ok: false, reason: "Este cupón ya venció" });
    expect(evaluateDiscount(rule({ startsAt: new Date(NOW.getTime() + 1) }), unused, c)).toEqual({
      ok: false,
      reason: DISCOUNT_REASONS.notStarted,
    });
    expect(evaluateDiscount(rule({ usageLimit: 3 }), { total: 3, byShopper: 0 }, c)).toEqual({
      ok: false,
      reason: "Este cupón ya se agotó",
    });
    expect(evaluateDiscount(rule({ perShopperLimit: 1 }), { total: 1, byShopper: 1 }, c)).toEqual({
      ok: false,
      reason: "Ya usaste este cupón",
    });
    expect(evaluateDiscount(rule({ productIds: [9] }), unused, c)).toEqual({
      ok: false,
      reason: "Este cupón no aplica a estas piezas",
    });
  });

  it("says how much is missing for the minimum, in the prices the shopper saw", () => {
    // $1,000.00 before IVA shows as $1,160.00; the minimum is $1,500.00.
    const outcome = evaluateDiscount(rule({ minimumPurchase: 150_000 }), unused, cart([line(100_000)]));
    expect(outcome).toEqual({ ok: false, reason: "Te faltan $340.00 para usar este cupón" });
    expect(evaluateDiscount(rule({ minimumPurchase: 116_000 }), unused, cart([line(100_000)])).ok).toBe(true);
  });

  it("applies until the instant it ends and from the instant it starts", () => {
    const c = cart([line(100_000)]);
    expect(evaluateDiscount(rule({ startsAt: NOW, endsAt: new Date(NOW.getTime() + 1) }), unused, c).ok).toBe(true);
  });
});

describe("evaluateDiscount: what a code takes off", () => {
  it("takes a percentage of the covered pieces only, as shown with IVA", () => {
    const outcome = evaluateDiscount(
      rule({ value: 10, categoryIds: [2] }),
      unused,
      cart([line(100_000, 1, 1, 1), line(50_000, 2, 2, 2)]),
    );
    // Covered: 2 × $580.00 = $1,160.00 → $116.00 off, all on the second line.
    expect(outcome).toMatchObject({ ok: true, discount: 11_600, lineDiscounts: [0, 11_600], shippingDiscount: 0 });
  });

  it("takes a fixed amount exactly, never more than the covered pieces", () => {
    expect(evaluateDiscount(rule({ kind: "fixed", value: 20_000 }), unused, cart([line(100_000)]))).toMatchObject({
      ok: true,
      discount: 20_000,
    });
    expect(evaluateDiscount(rule({ kind: "fixed", value: 999_999 }), unused, cart([line(1_000)]))).toMatchObject({
      ok: true,
      discount: shownPrice(1_000, true),
    });
  });

  it("takes shipping off with a free shipping code", () => {
    expect(evaluateDiscount(rule({ kind: "free_shipping", value: 0 }), unused, cart([line(1_000)]))).toMatchObject({
      ok: true,
      discount: SHIPPING_FEE,
      lineDiscounts: [0],
      shippingDiscount: SHIPPING_FEE,
    });
  });

  it("allocates by largest remainder to the centavo", () => {
    expect(allocate(100, [100, 100, 100])).toEqual([34, 33, 33]);
    expect(allocate(100, [1, 1, 1])).toEqual([1, 1, 1]);
    expect(allocate(2, [1, 0, 1])).toEqual([1, 0, 1]);
    expect(allocate(5, [0, 0])).toEqual([0, 0]);
  });

  it("keeps computeTotals when nothing is discounted", () => {
    const lines = [
      { unitPrice: 12_345, quantity: 3 },
      { unitPrice: 99, quantity: 1 },
    ];
    for (const ivaIncluded of [true, false]) {
      expect(
        discountedTotals(
          lines.map((l) => ({ ...l, discount: 0 })),
          1_000,
          SHIPPING_FEE,
          ivaIncluded,
        ),
      ).toEqual(computeTotals([...lines, { unitPrice: 1_000, quantity: 1 }], { ivaIncluded }));
    }
  });
});

const arbLine = fc.record({
  unitPrice: fc.integer({ min: 0, max: 5_000_000 }),
  quantity: fc.integer({ min: 1, max: 5 }),
  productId: fc.integer({ min: 1, max: 6 }),
  categoryId: fc.integer({ min: 1, max: 4 }),
});
const arbRule = fc.record({
  code: fc.constant("X"),
  kind: fc.constantFrom("percentage" as const, "fixed" as const, "free_shipping" as const),
  value: fc.integer({ min: 0, max: 10_000_000 }),
  minimumPurchase: fc.integer({ min: 0, max: 2_000_000 }),
  startsAt: fc.constant(null),
  endsAt: fc.constant(null),
  usageLimit: fc.option(fc.integer({ min: 0, max: 3 })),
  perShopperLimit: fc.option(fc.integer({ min: 0, max: 3 })),
  productIds: fc.uniqueArray(fc.integer({ min: 1, max: 6 }), { maxLength: 3 }),
  categoryIds: fc.uniqueArray(fc.integer({ min: 1, max: 4 }), { maxLength: 2 }),
  archived: fc.boolean(),
});
const arbUsage = fc.record({ total: fc.integer({ min: 0, max: 4 }), byShopper: fc.integer({ min: 0, max: 4 }) });

describe("property: for any cart and any code", () => {
  it("the allocated lines, IVA, total and amount charged agree, never negative nor above the limits", () => {
    fc.assert(
      fc.property(
        fc.array(arbLine, { minLength: 1, maxLength: 6 }),
        arbRule,
        arbUsage,
        fc.boolean(),
        fc.option(fc.integer({ min: 0, max: 10_000 })),
        (lines, r, usage, ivaIncluded, giftWrapPrice) => {
          const outcome = evaluateDiscount(r, usage, cart(lines, ivaIncluded));
          if (!outcome.ok) return;
          // A code is never used beyond its limits.
          if (r.usageLimit !== null) expect(usage.total).toBeLessThan(r.usageLimit);
          if (r.perShopperLimit !== null) expect(usage.byShopper).toBeLessThan(r.perShopperLimit);
          // Each line's share is between 0 and what the line costs, and the shares add up.
          outcome.lineDiscounts.forEach((d, i) => {
            expect(d).toBeGreaterThanOrEqual(0);
            expect(d).toBeLessThanOrEqual(lineAmount(lines[i]!, ivaIncluded));
          });
          const linesOff = outcome.lineDiscounts.reduce((s, d) => s + d, 0);
          expect(linesOff + outcome.shippingDiscount).toBe(outcome.discount);
          expect(outcome.shippingDiscount).toBeLessThanOrEqual(SHIPPING_FEE);

          const shipping = SHIPPING_FEE - outcome.shippingDiscount;
          const discounted = lines.map((l, i) => ({ ...l, discount: outcome.lineDiscounts[i]! }));
          const totals = discountedTotals(discounted, giftWrapPrice, shipping, ivaIncluded);
          const before = computeTotals(
            [...lines, ...(giftWrapPrice === null ? [] : [{ unitPrice: giftWrapPrice, quantity: 1 }])],
            { ivaIncluded },
          );
          expect(totals.subtotal).toBeGreaterThanOrEqual(0);
          expect(totals.tax).toBeGreaterThanOrEqual(0);
          expect(totals.total).toBe(totals.subtotal + totals.shipping + totals.tax);
          // The discounted total is the allocated lines plus shipping: exactly the code's amount less.
          const shownLines = discounted.reduce((s, l) => s + lineAmount(l, ivaIncluded) - l.discount, 0);
          const wrap = giftWrapPrice === null ? 0 : shownPrice(giftWrapPrice, ivaIncluded);
          if (ivaIncluded) {
            expect(totals.total).toBe(shownLines + wrap + shipping);
            expect(totals.total).toBe(before.total - outcome.discount);
            // IVA is the IVA contained in the allocated lines: within half a centavo per piece.
            const pieces = discounted.reduce((s, l) => s + l.quantity, 0) + 1;
            expect(Math.abs(totals.tax - ((totals.subtotal + totals.tax) * 16) / 116)).toBeLessThanOrEqual(pieces / 2);
          } else {
            expect(totals.subtotal).toBe(shownLines + wrap);
            expect(totals.tax).toBe(vatOf(totals.subtotal));
            expect(totals.subtotal).toBe(before.subtotal - linesOff);
          }
          // The payment page's lines add up to the total to the centavo, none negative.
          const items = discounted.map((l) => ({ name: "p", variantName: null, ...l }));
          const charged = paymentLines({ items, giftWrapPrice, totals }, ivaIncluded);
          charged.forEach((p) => expect(p.unitAmount).toBeGreaterThanOrEqual(0));
          expect(charged.reduce((s, p) => s + p.unitAmount * p.quantity, 0)).toBe(totals.total);
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe("property: a discounted order, wherever its money is shown or given back", () => {
  it("adds up on the order page, the CFDI and the refunds to what was charged", () => {
    fc.assert(
      fc.property(
        fc.array(arbLine, { minLength: 1, maxLength: 5 }),
        arbRule,
        fc.boolean(),
        fc.option(fc.integer({ min: 0, max: 10_000 })),
        (lines, r, ivaIncluded, giftWrapPrice) => {
          const outcome = evaluateDiscount({ ...r, archived: false }, unused, cart(lines, ivaIncluded));
          if (!outcome.ok) return;
          const shipping = SHIPPING_FEE - outcome.shippingDiscount;
          const items = lines.map((l, i) => ({
            id: i + 1,
            price: l.unitPrice,
            quantity: l.quantity,
            discount: outcome.lineDiscounts[i] || null,
          }));
          const totals = discountedTotals(
            items.map((i) => ({ unitPrice: i.price, quantity: i.quantity, discount: i.discount ?? 0 })),
            giftWrapPrice,
            shipping,
            ivaIncluded,
          );
          const order = { ...totals, giftWrapPrice, items, discountCode: "X", discountTotal: outcome.discount };

          // The order page and the e-mails: the lines as charged, then rows that add up to the total.
          const included = orderShowsIvaIncluded(order, true);
          if (ivaIncluded) expect(included).toBe(true);
          const rows = orderTotalsRows(order, included);
          const added = rows.filter((row) => row.kind === "line").reduce((s, row) => s + row.amount, 0);
          expect(added).toBe(totals.total);
          const pieces = items.reduce((s, i) => s + orderLineAmount(i.price, i.quantity, included), 0);
          const wrap = giftWrapPrice === null ? 0 : orderLineAmount(giftWrapPrice, 1, included);
          expect(rows[0]!.amount).toBe(pieces + wrap);

          // The CFDI: its concepts' Descuento before IVA, and its total is what was charged.
          const discounts = invoiceLineDiscounts(order);
          discounts.forEach((d, i) => {
            expect(d.discount).toBeGreaterThanOrEqual(0);
            expect(d.discount).toBeLessThanOrEqual(items[i]!.price * items[i]!.quantity);
          });
          const cfdi = buildConcepts({
            lines: items.map((i, n) => ({
              description: "p",
              quantity: i.quantity,
              unitPrice: i.price,
              ...discounts[n],
            })),
            giftWrapPrice,
            subtotal: totals.subtotal,
            shipping: totals.shipping,
            tax: totals.tax,
            total: totals.total,
          });
          expect(cfdi.total).toBe(totals.total);

          // Refunds: every unit's share, the packaging's and shipping give back exactly the total.
          const shares = unitShares({ ...totals, giftWrapPrice, items, ivaIncluded });
          const given = [...shares.units.values()].flat().reduce((s, a) => s + a, 0) + shares.giftWrap;
          expect(given + totals.shipping).toBe(totals.total);
          // …each unit about what it paid after its code share, stored in the prices as shown (with IVA or not).
          for (const item of items) {
            const off = (item.discount ?? 0) / item.quantity;
            const paid = ivaIncluded ? shownPrice(item.price, true) - off : (item.price - off) * 1.16;
            for (const share of shares.units.get(item.id)!) {
              expect(Math.abs(share - paid)).toBeLessThanOrEqual(2 + paid * 0.002);
            }
          }
        },
      ),
      { numRuns: 1500 },
    );
  });
});
