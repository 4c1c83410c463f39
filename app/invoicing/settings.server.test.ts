import { describe, expect, it } from "vitest";
import { getInvoicingSettings } from "./settings.server";

const FULL = {
  PAC_API_TOKEN: "token",
  INVOICE_ISSUER_RFC: "EKU9003173C9",
  INVOICE_ISSUER_NAME: "Escuela Kemper Urgate",
  INVOICE_ISSUER_REGIME: "601",
  INVOICE_ISSUER_ZIP: "42501",
};

describe("invoicing settings", () => {
  it("is off without PAC_API_TOKEN, and reads the issuer with it", () => {
    expect(getInvoicingSettings({})).toBeNull();
    expect(getInvoicingSettings(FULL)).toEqual({
      pacUrl: "https://services.sw.com.mx",
      pacToken: "token",
      envIssuer: { rfc: "EKU9003173C9", name: "ESCUELA KEMPER URGATE", regimen: "601", zip: "42501" },
      series: "A",
      globalPeriod: "mensual",
    });
    expect(getInvoicingSettings({ ...FULL, INVOICE_GLOBAL_PERIOD: "diaria" })?.globalPeriod).toBe("diaria");
    expect(getInvoicingSettings({ ...FULL, INVOICE_ISSUER_RFC: "", SHOP_RFC: "EKU9003173C9" })?.envIssuer?.rfc).toBe(
      "EKU9003173C9",
    );
  });

  it("has no issuer of its own without INVOICE_ISSUER_* (the one saved in /admin/facturacion is used)", () => {
    const none = { PAC_API_TOKEN: "token" };
    expect(getInvoicingSettings(none)?.envIssuer).toBeNull();
    // SHOP_RFC is the legal pages' too: alone it is not an issuer, only INVOICE_ISSUER_RFC's default.
    expect(getInvoicingSettings({ ...none, SHOP_RFC: "EKU9003173C9" })?.envIssuer).toBeNull();
  });

  it("refuses a half configuration, naming the variable", () => {
    for (const name of ["INVOICE_ISSUER_NAME", "INVOICE_ISSUER_REGIME", "INVOICE_ISSUER_ZIP"]) {
      expect(() => getInvoicingSettings({ ...FULL, [name]: "" })).toThrow(
        new RegExp(`^${name} is required when PAC_API_TOKEN is set .*/admin/facturacion`),
      );
    }
    expect(() => getInvoicingSettings({ ...FULL, INVOICE_ISSUER_RFC: "" })).toThrow(/^INVOICE_ISSUER_RFC is required/);
    expect(() => getInvoicingSettings({ ...FULL, INVOICE_ISSUER_REGIME: "612" })).toThrow(/INVOICE_ISSUER_REGIME/);
    expect(() => getInvoicingSettings({ ...FULL, INVOICE_ISSUER_ZIP: "425" })).toThrow(/INVOICE_ISSUER_ZIP/);
    expect(() => getInvoicingSettings({ ...FULL, PAC_API_URL: "no es url" })).toThrow(/PAC_API_URL/);
    expect(() => getInvoicingSettings({ ...FULL, INVOICE_GLOBAL_PERIOD: "anual" })).toThrow(/INVOICE_GLOBAL_PERIOD/);
  });
});
