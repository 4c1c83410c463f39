import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { discountPercent, formatMoney, hasDiscount, pesosToCentavos, savings } from "./money";

describe("formatMoney", () => {
  it("formats centavos as es-MX pesos", () => {
    expect(formatMoney(123450)).toBe("$1,234.50");
    expect(formatMoney(0)).toBe("$0.00");
    expect(formatMoney(1_000_000_00)).toBe("$1,000,000.00");
    // A discount's row: the minus sign (U+2212), as in "Cupón CODIGO −$116.00", never a hyphen.
    expect(formatMoney(-116_00)).toBe("\u2212$116.00");
    expect(formatMoney(-5)).toBe("\u2212$0.05");
  });

  it("writes what Intl's es-MX currency format writes, for any amount", () => {
    const intl = new Intl.NumberFormat("es-MX", { style: "currency", currency: "MXN", minimumFractionDigits: 2 });
    fc.assert(
      fc.property(fc.integer({ min: -(10 ** 13), max: 10 ** 13 }), (centavos) => {
        const expected = intl.format(Math.abs(centavos) / 100);
        expect(formatMoney(centavos)).toBe(centavos < 0 ? `\u2212${expected}` : expected);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("pesosToCentavos", () => {
  it("converts and rounds to whole centavos", () => {
    expect(pesosToCentavos(15)).toBe(1500);
    expect(pesosToCentavos(19.995)).toBe(2000);
    expect(pesosToCentavos(0.1 + 0.2)).toBe(30);
  });
});

describe("discounts", () => {
  it("exists only when the original price is above the price", () => {
    expect(hasDiscount(900, 1000)).toBe(true);
    expect(hasDiscount(1000, 1000)).toBe(false);
    expect(hasDiscount(1000, null)).toBe(false);
  });

  it("rounds (original - price) / original to a whole percent", () => {
    expect(discountPercent(750_00, 1_000_00)).toBe(25);
    expect(discountPercent(2_000_00, 3_000_00)).toBe(33);
    expect(discountPercent(1_000_00, 1_500_00)).toBe(33);
    expect(discountPercent(1_000_00, 1_200_00)).toBe(17);
    expect(discountPercent(1_000_00, null)).toBe(0);
  });

  it("computes the amount saved", () => {
    expect(savings(750_00, 1_000_00)).toBe(250_00);
    expect(savings(750_00, 700_00)).toBe(0);
  });
});
