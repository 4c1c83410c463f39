import { describe, expect, it } from "vitest";
import { RFC_MESSAGES } from "~/lib/cfdi/rfc";
import { FISCAL_MESSAGES } from "./fiscal-profile";
import { ISSUER_MESSAGES, IssuerSchema } from "./issuer";
import { parseForm } from "./test-utils";

const valid = { rfc: "eku-900317-3c9", name: "Escuela  Kemper Urgate", regimen: "601", zip: "42501" };

/** Each field's first message, as the form shows it next to the field. */
const errors = (input: Record<string, string>) => parseForm(IssuerSchema, input).errors ?? {};

describe("IssuerSchema", () => {
  it("normalises the RFC and the razón social", () => {
    expect(IssuerSchema.parse(valid)).toEqual({
      rfc: "EKU9003173C9",
      name: "ESCUELA KEMPER URGATE",
      regimen: "601",
      zip: "42501",
    });
    expect(IssuerSchema.parse({ ...valid, rfc: "COSC8001137NA", regimen: "612" }).rfc).toBe("COSC8001137NA");
  });

  it("says what is wrong with each field, with the fiscal profile's messages", () => {
    expect(errors({ rfc: "", name: "", regimen: "", zip: "" })).toEqual({
      rfc: RFC_MESSAGES.required,
      name: FISCAL_MESSAGES.nameRequired,
      regimen: FISCAL_MESSAGES.regimenRequired,
      zip: ISSUER_MESSAGES.zip,
    });
    expect(errors({ ...valid, rfc: "EKU9003173C8" })).toEqual({ rfc: RFC_MESSAGES.checkDigit });
    expect(errors({ ...valid, rfc: "XAXX010101000" })).toEqual({ rfc: RFC_MESSAGES.generic });
    expect(errors({ ...valid, name: "Escuela Kemper Urgate S.A. de C.V." })).toEqual({
      name: FISCAL_MESSAGES.corporateSuffix,
    });
    expect(errors({ ...valid, regimen: "612" })).toEqual({ regimen: FISCAL_MESSAGES.regimenMoral });
    expect(errors({ ...valid, rfc: "COSC8001137NA", regimen: "601" })).toEqual({
      regimen: FISCAL_MESSAGES.regimenFisica,
    });
    expect(errors({ ...valid, regimen: "999" })).toEqual({ regimen: FISCAL_MESSAGES.regimenUnknown });
    expect(errors({ ...valid, zip: "4250" })).toEqual({ zip: ISSUER_MESSAGES.zip });
    expect(errors({ ...valid, name: "A".repeat(255) })).toEqual({ name: FISCAL_MESSAGES.nameTooLong });
  });
});
