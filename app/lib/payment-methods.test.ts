import { describe, expect, it } from "vitest";
import { endOfMexicoCityDay, parsePaymentMethods, paymentMethodsFor } from "./payment-methods";

describe("paymentMethodsFor", () => {
  const all = ["card", "oxxo", "spei"] as const;

  it("offers OXXO from $10 to $10,000 MXN only", () => {
    expect(paymentMethodsFor(999, all)).toEqual(["card", "spei"]);
    expect(paymentMethodsFor(1_000, all)).toEqual(["card", "oxxo", "spei"]);
    expect(paymentMethodsFor(1_000_000, all)).toEqual(["card", "oxxo", "spei"]);
    expect(paymentMethodsFor(1_000_001, all)).toEqual(["card", "spei"]);
  });

  it("offers only what is enabled", () => {
    expect(paymentMethodsFor(50_000, ["card"])).toEqual(["card"]);
    expect(paymentMethodsFor(50_000, ["spei", "oxxo"])).toEqual(["spei", "oxxo"]);
  });
});

describe("parsePaymentMethods", () => {
  it("reads the setting's list without repeats", () => {
    expect(parsePaymentMethods("card, OXXO,spei,card")).toEqual(["card", "oxxo", "spei"]);
  });

  it("names what is wrong", () => {
    expect(parsePaymentMethods(" , ")).toMatch(/at least one/);
    expect(parsePaymentMethods("card,paypal")).toMatch(/"paypal"/);
  });
});

describe("endOfMexicoCityDay", () => {
  it("ends at 23:59:59 Mexico City time, counting calendar days there", () => {
    // Monday 10:00 in Mexico City (16:00 UTC) + 2 days → Wednesday 23:59:59 there (Thursday 05:59:59 UTC).
    expect(endOfMexicoCityDay(new Date("2026-11-23T16:00:00Z"), 2).toISOString()).toBe("2026-11-26T05:59:59.000Z");
    // 23:30 on Monday in Mexico City is already Tuesday in UTC: still Monday + 1 there.
    expect(endOfMexicoCityDay(new Date("2026-11-24T05:30:00Z"), 1).toISOString()).toBe("2026-11-25T05:59:59.000Z");
  });
});
