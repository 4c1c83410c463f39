import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { computeTotals, shownPrice, vatOf } from "~/lib/checkout";
import { buildConcepts, ivaBounds, splitIvaIncluded, unitValueOf, type InvoiceSourceOrder } from "./concepts";

function order(
  lines: Array<{ unitPrice: number; quantity: number }>,
  giftWrapPrice: number | null,
  ivaIncluded: boolean,
): InvoiceSourceOrder {
  const charged = giftWrapPrice === null ? lines : [...lines, { unitPrice: giftWrapPrice, quantity: 1 }];
  const totals = computeTotals(charged, { ivaIncluded });
  return {
    lines: lines.map((line, i) => ({ description: `Pieza ${i}`, ...line })),
    giftWrapPrice,
    ...totals,
  };
}

describe("buildConcepts", () => {
  it("one concept per line, the gift packaging and the shipping apart, adding up to the charge", () => {
    const source = order(
      [
        { unitPrice: 1_450_000, quantity: 1 },
        { unitPrice: 89_900, quantity: 2 },
      ],
      9_900,
      true,
    );
    const cfdi = buildConcepts(source);
    expect(cfdi.concepts.map((c) => [c.kind, c.productKey, c.unitKey, c.quantity])).toEqual([
      ["piece", "54101500", "H87", 1],
      ["piece", "54101500", "H87", 2],
      ["giftWrap", "14111800", "H87", 1],
      ["shipping", "78102203", "E48", 1],
    ]);
    expect(cfdi.concepts.every((c) => c.objetoImp === "02")).toBe(true);
    expect(cfdi.concepts[1]).toMatchObject({ amount: 179_800, unitValue: "899.00", base: 179_800, iva: 2 * 14_384 });
    // Shipping, $15 with its IVA inside: base 12.93, IVA 2.07.
    expect(cfdi.concepts[3]).toMatchObject({ amount: 1293, iva: 207, unitValue: "12.93" });
    expect(cfdi.total).toBe(source.total);
    expect(cfdi.subtotal).toBe(source.subtotal + 1293);
    expect(cfdi.tax).toBe(source.tax + 207);
  });

  it("re-splits a line whose per-piece IVA drifts outside the SAT's limits, keeping what was paid", () => {
    // 7 pieces of $33.33: IVA per piece 5.33 (5.3328), × 7 = 37.31; 16 % of 233.31 is 37.3296.
    const source = order([{ unitPrice: 3333, quantity: 7 }], null, true);
    const cfdi = buildConcepts(source);
    const line = cfdi.concepts[0]!;
    expect(line.amount + line.iva).toBe(7 * shownPrice(3333, true));
    expect(line.iva).toBeGreaterThanOrEqual(ivaBounds(line.base).low);
    expect(line.iva).toBeLessThanOrEqual(ivaBounds(line.base).high);
    expect(cfdi.resplitLines).toBe(1);
    expect(line.unitValue).toMatch(/^\d+\.\d{6}$/);
    expect(cfdi.total).toBe(source.total);
  });

  it("skips a free gift packaging (a concept needs a base above zero)", () => {
    const cfdi = buildConcepts(order([{ unitPrice: 10_000, quantity: 1 }], 0, true));
    expect(cfdi.concepts.map((c) => c.kind)).toEqual(["piece", "shipping"]);
  });

  it("takes a per-line discount off the tax base (Descuento)", () => {
    const source: InvoiceSourceOrder = {
      lines: [{ description: "Anillo", quantity: 1, unitPrice: 100_000, discount: 10_000 }],
      giftWrapPrice: null,
      subtotal: 90_000,
      shipping: 1500,
      tax: vatOf(90_000),
      total: 90_000 + 1500 + vatOf(90_000),
    };
    const cfdi = buildConcepts(source);
    expect(cfdi.concepts[0]).toMatchObject({ amount: 100_000, discount: 10_000, base: 90_000, iva: 14_400 });
    expect(cfdi.discount).toBe(10_000);
    expect(cfdi.total).toBe(source.total);
  });

  it("splits an IVA-inclusive amount within the SAT's limits for any amount", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_000 }), (amount) => {
        const { base, iva } = splitIvaIncluded(amount);
        const { low, high } = ivaBounds(base);
        return base + iva === amount && iva >= low && iva <= high;
      }),
    );
    expect(unitValueOf(1000, 3)).toBe("3.333333");
  });

  it("PROPERTY: over random orders the CFDI's subtotal, taxes and total equal what was charged", () => {
    const line = fc.record({
      unitPrice: fc.oneof(fc.integer({ min: 1, max: 5_000 }), fc.integer({ min: 1, max: 5_000_000 })),
      quantity: fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 12 })),
    });
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 8 }),
        fc.option(fc.integer({ min: 0, max: 50_000 })),
        fc.boolean(),
        (lines, giftWrapPrice, ivaIncluded) => {
          const source = order(lines, giftWrapPrice, ivaIncluded);
          const cfdi = buildConcepts(source);
          const shipping = splitIvaIncluded(source.shipping);
          expect(cfdi.total).toBe(source.total);
          expect(cfdi.subtotal - cfdi.discount + cfdi.tax).toBe(source.total);
          for (const concept of cfdi.concepts) {
            const { low, high } = ivaBounds(concept.base);
            expect(concept.iva).toBeGreaterThanOrEqual(low);
            expect(concept.iva).toBeLessThanOrEqual(high);
            expect(concept.base).toBeGreaterThan(0);
          }
          if (cfdi.resplitLines === 0) {
            expect(cfdi.subtotal).toBe(source.subtotal + shipping.base);
            expect(cfdi.tax).toBe(source.tax + shipping.iva);
          } else {
            // The centavos moved between base and IVA stay within the re-split lines' rounding.
            expect(Math.abs(cfdi.tax - source.tax - shipping.iva)).toBeLessThanOrEqual(
              lines.reduce((n, l) => n + l.quantity, 0),
            );
          }
          if (ivaIncluded) {
            // Every piece line is invoiced at exactly what the shopper saw for it.
            cfdi.concepts
              .filter((c) => c.kind === "piece")
              .forEach((c, i) =>
                expect(c.amount + c.iva).toBe(shownPrice(lines[i]!.unitPrice, true) * lines[i]!.quantity),
              );
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});
