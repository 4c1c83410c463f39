import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_INSTALLMENT_PLANS } from "~/lib/installments";
import { getInstallmentPlans, getPublicEnv, resetEnvCache } from "./env.server";

const saved = { ...process.env };

beforeEach(() => {
  process.env.DATABASE_URL ??= "postgresql://localhost/joyeria_unit";
  delete process.env.MSI_PLANS;
  resetEnvCache();
});

afterEach(() => {
  process.env = { ...saved };
  resetEnvCache();
});

describe("MSI_PLANS", () => {
  it("offers 3, 6, 9 and 12 months with Stripe's minimums when unset, and sends them to the browser", () => {
    expect(getInstallmentPlans()).toEqual(DEFAULT_INSTALLMENT_PLANS);
    expect(getPublicEnv().MSI_PLANS).toEqual(DEFAULT_INSTALLMENT_PLANS);
  });

  it("reads configured plans, and an empty value as no instalments", () => {
    process.env.MSI_PLANS = "18:1800,24:2400,3:300";
    expect(getInstallmentPlans().map((p) => p.months)).toEqual([3, 18, 24]);
    process.env.MSI_PLANS = "";
    resetEnvCache();
    expect(getInstallmentPlans()).toEqual([]);
  });

  it("refuses to start with a clear message for a value that is not a plan", () => {
    process.env.MSI_PLANS = "12 meses";
    expect(() => getInstallmentPlans()).toThrow(/MSI_PLANS: "12 meses" is not months:minimum.*MSI_PLANS=3:300/);
    process.env.MSI_PLANS = "4:400";
    resetEnvCache();
    expect(() => getInstallmentPlans()).toThrow(/MSI_PLANS: 4 months is not a plan Stripe offers/);
  });
});

describe("PRICES_INCLUDE_IVA", () => {
  it("shows prices with IVA by default (LFPC art. 7 Bis), and before IVA only when set to 0", () => {
    delete process.env.PRICES_INCLUDE_IVA;
    resetEnvCache();
    expect(getPublicEnv().PRICES_INCLUDE_IVA).toBe(true);
    process.env.PRICES_INCLUDE_IVA = "0";
    resetEnvCache();
    expect(getPublicEnv().PRICES_INCLUDE_IVA).toBe(false);
  });
});
