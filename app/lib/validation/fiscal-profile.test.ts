import { describe, expect, it } from "vitest";
import { RFC_MESSAGES } from "~/lib/cfdi/rfc";
import { FISCAL_MESSAGES, FiscalProfileSchema } from "./fiscal-profile";

const valid = {
  rfc: "eku9003173c9",
  name: "Escuela  Kemper Urgate",
  regimen: "601",
  uso: "",
  zip: "42501",
  email: "Compras@Kemper.MX",
};

function errors(input: Record<string, string>) {
  const result = FiscalProfileSchema.safeParse(input);
  return result.success ? {} : result.error.flatten().fieldErrors;
}

describe("FiscalProfileSchema", () => {
  it("normalises a valid persona moral, G03 by default", () => {
    expect(FiscalProfileSchema.parse(valid)).toEqual({
      rfc: "EKU9003173C9",
      name: "ESCUELA KEMPER URGATE",
      regimen: "601",
      uso: "G03",
      zip: "42501",
      email: "compras@kemper.mx",
    });
  });

  it("puts each message on its field", () => {
    expect(errors({ ...valid, rfc: "XAXX010101000" })).toEqual({ rfc: [RFC_MESSAGES.generic] });
    expect(errors({ ...valid, name: "Escuela Kemper Urgate S.A. de C.V." })).toEqual({
      name: [FISCAL_MESSAGES.corporateSuffix],
    });
    expect(errors({ ...valid, regimen: "612" })).toEqual({ regimen: [FISCAL_MESSAGES.regimenMoral] });
    expect(errors({ ...valid, rfc: "COSC8001137NA", regimen: "601" })).toEqual({
      regimen: [FISCAL_MESSAGES.regimenFisica],
    });
    expect(errors({ ...valid, rfc: "COSC8001137NA", regimen: "605", uso: "G03" })).toEqual({
      uso: [FISCAL_MESSAGES.usoRegimen],
    });
    expect(errors({ ...valid, zip: "4250" })).toEqual({ zip: [FISCAL_MESSAGES.zip] });
    expect(errors({ ...valid, uso: "ZZZ" })).toEqual({ uso: [FISCAL_MESSAGES.usoUnknown] });
  });
});
