import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DISCOUNT_KINDS } from "~/lib/discounts";
import { type DiscountCodeInput, DiscountCodeSchema, discountCodeFormValues } from "./discount-code";
import { parseForm } from "./test-utils";

/** A stored code as the form can write it: whole minutes, pesos and centavos within the form's range. */
const arbCode: fc.Arbitrary<DiscountCodeInput> = fc
  .record({
    code: fc.stringMatching(/^[A-Z0-9_-]{3,32}$/),
    kind: fc.constantFrom(...DISCOUNT_KINDS),
    percent: fc.integer({ min: 1, max: 100 }),
    fixed: fc.integer({ min: 1, max: 9_999_999_99 }),
    minimumPurchase: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 9_999_999_99 })),
    startsAt: fc.option(fc.integer({ min: 28_000_000, max: 30_000_000 })),
    days: fc.integer({ min: 1, max: 400 }),
    endless: fc.boolean(),
    usageLimit: fc.option(fc.integer({ min: 1, max: 9_999_999 })),
    perShopperLimit: fc.option(fc.integer({ min: 1, max: 9_999_999 })),
    productIds: fc.uniqueArray(fc.integer({ min: 1, max: 999_999_999 }), { maxLength: 5 }),
    categoryIds: fc.uniqueArray(fc.integer({ min: 1, max: 99 }), { maxLength: 5 }),
  })
  .map((r) => {
    const startsAt = r.startsAt === null ? null : new Date(r.startsAt * 60_000);
    const from = startsAt?.getTime() ?? 29_000_000 * 60_000;
    return {
      code: r.code,
      kind: r.kind,
      value: r.kind === "percentage" ? r.percent : r.kind === "fixed" ? r.fixed : 0,
      minimumPurchase: r.minimumPurchase,
      startsAt,
      endsAt: r.endless ? null : new Date(from + r.days * 86_400_000),
      usageLimit: r.usageLimit,
      perShopperLimit: r.perShopperLimit,
      productIds: r.productIds,
      categoryIds: r.categoryIds,
    };
  });

describe("a stored code's edit form", () => {
  it("starts with values the schema reads back as the same code (saved untouched, nothing changes)", () => {
    fc.assert(
      fc.property(arbCode, (row) => {
        expect(parseForm(DiscountCodeSchema, discountCodeFormValues(row)).value).toEqual(row);
      }),
    );
  });

  it("writes pesos as typed and times in Mexico City", () => {
    const values = discountCodeFormValues({
      code: "BUENFIN",
      kind: "fixed",
      value: 200_00,
      minimumPurchase: 1_500_50,
      startsAt: new Date("2026-11-13T06:00:00Z"),
      endsAt: null,
      usageLimit: 100,
      perShopperLimit: null,
      productIds: [],
      categoryIds: [1, 2],
    });
    expect(values).toEqual({
      code: "BUENFIN",
      kind: "fixed",
      value: "200",
      minimumPurchase: "1500.50",
      startsAt: "2026-11-13T00:00",
      endsAt: "",
      usageLimit: "100",
      perShopperLimit: "",
      productIds: "",
      categoryIds: "1, 2",
    });
  });
});
