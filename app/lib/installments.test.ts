import { describe, expect, it } from "vitest";
import {
  bestInstallmentOffer,
  chargedCartTotal,
  chargedPiecePrice,
  DEFAULT_INSTALLMENT_PLANS,
  installmentOfferText,
  installmentPlanShort,
  installmentPlanText,
  parseInstallmentPlans,
} from "./installments";

describe("bestInstallmentOffer", () => {
  it("offers the longest plan whose minimum the amount reaches", () => {
    expect(bestInstallmentOffer(14_500_00, DEFAULT_INSTALLMENT_PLANS)).toEqual({ months: 12, monthly: 1_208_34 });
    expect(bestInstallmentOffer(1_199_99, DEFAULT_INSTALLMENT_PLANS)).toEqual({ months: 9, monthly: 133_34 });
    expect(bestInstallmentOffer(600_00, DEFAULT_INSTALLMENT_PLANS)).toEqual({ months: 6, monthly: 100_00 });
    expect(bestInstallmentOffer(300_00, DEFAULT_INSTALLMENT_PLANS)).toEqual({ months: 3, monthly: 100_00 });
  });

  it("offers nothing below the smallest minimum or without plans", () => {
    expect(bestInstallmentOffer(299_99, DEFAULT_INSTALLMENT_PLANS)).toBeNull();
    expect(bestInstallmentOffer(0, [{ months: 3, minimum: 0 }])).toBeNull();
    expect(bestInstallmentOffer(50_000_00, [])).toBeNull();
  });

  it("rounds the monthly charge up, so the months never add up to less than the amount", () => {
    for (const amount of [300_01, 1_234_57, 14_500_00, 99_999_99]) {
      const offer = bestInstallmentOffer(amount, DEFAULT_INSTALLMENT_PLANS)!;
      expect(offer.monthly * offer.months).toBeGreaterThanOrEqual(amount);
      expect((offer.monthly - 1) * offer.months).toBeLessThan(amount);
    }
  });

  it("follows configured plans, in any order", () => {
    const plans = [
      { months: 24, minimum: 2_400_00 },
      { months: 18, minimum: 1_800_00 },
    ];
    expect(bestInstallmentOffer(2_400_00, plans)).toEqual({ months: 24, monthly: 100_00 });
    expect(bestInstallmentOffer(2_000_00, plans)).toEqual({ months: 18, monthly: 111_12 });
  });
});

describe("texts", () => {
  it("reads as the shop writes it", () => {
    expect(installmentOfferText({ months: 12, monthly: 1_208_34 })).toBe("Hasta 12 meses sin intereses de $1,208.34");
    expect(installmentPlanText(6)).toBe("6 meses sin intereses");
    expect(installmentPlanText(null)).toBeNull();
    expect(installmentPlanShort(12)).toBe("12 MSI");
    expect(installmentPlanShort(null)).toBeNull();
  });
});

describe("parseInstallmentPlans", () => {
  it("reads months:minimum pairs in pesos, sorted by months", () => {
    expect(parseInstallmentPlans("12:1200, 3:300,6:600.50")).toEqual({
      ok: true,
      plans: [
        { months: 3, minimum: 300_00 },
        { months: 6, minimum: 600_50 },
        { months: 12, minimum: 1_200_00 },
      ],
    });
  });

  it("reads an empty text as no plan (MSI off)", () => {
    expect(parseInstallmentPlans("")).toEqual({ ok: true, plans: [] });
  });

  it("refuses what is not a plan Stripe offers", () => {
    expect(parseInstallmentPlans("12")).toMatchObject({
      ok: false,
      message: expect.stringContaining("months:minimum"),
    });
    expect(parseInstallmentPlans("5:500")).toMatchObject({ ok: false, message: expect.stringContaining("5 months") });
    expect(parseInstallmentPlans("3:300,3:400")).toMatchObject({
      ok: false,
      message: expect.stringContaining("twice"),
    });
    expect(parseInstallmentPlans("3:-1")).toMatchObject({ ok: false });
  });
});

describe("what the meses sin intereses are figured on: what the card will be charged", () => {
  it("a piece with its IVA, whatever the display setting: the $14,500 ring is 12 × $1,401.67", () => {
    expect(chargedPiecePrice(14_500_00)).toBe(16_820_00);
    expect(bestInstallmentOffer(chargedPiecePrice(14_500_00), DEFAULT_INSTALLMENT_PLANS)).toEqual({
      months: 12,
      monthly: 1_401_67,
    });
    expect(chargedPiecePrice(1_234_57)).toBe(1_432_10); // 16 % of 1,234.57 = 197.53
  });

  it("the cart: pieces, IVA and shipping, as the order will charge them under either setting", () => {
    const ring = [{ unitPrice: 14_500_00, quantity: 1 }];
    expect(chargedCartTotal(ring, true)).toBe(16_835_00);
    expect(chargedCartTotal(ring, false)).toBe(16_835_00);
    expect(bestInstallmentOffer(chargedCartTotal(ring, true), DEFAULT_INSTALLMENT_PLANS)?.monthly).toBe(1_402_92);
    // Per-piece IVA (shown with IVA) and IVA of the subtotal (más IVA) may differ by a centavo.
    const three = [{ unitPrice: 1_234_57, quantity: 3 }];
    expect(chargedCartTotal(three, true)).toBe(3 * 1_432_10 + 15_00);
    expect(chargedCartTotal(three, false)).toBe(3 * 1_234_57 + 592_59 + 15_00); // 16 % of 3,703.71 = 592.5936
    expect(chargedCartTotal([], true)).toBe(0);
  });
});
