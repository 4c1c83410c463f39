import { describe, expect, it } from "vitest";
import {
  CORPORATE_SUFFIX,
  DEFAULT_USO,
  formaPagoFor,
  regimenAllowedFor,
  regimenesFor,
  usoAllowedFor,
  usosFor,
} from "./catalogs";

describe("SAT catalogues", () => {
  it("offers a persona moral only the régimenes of personas morales, and a física only hers", () => {
    const moral = regimenesFor("moral").map((r) => r.code);
    const fisica = regimenesFor("fisica").map((r) => r.code);
    expect(moral).toContain("601");
    expect(moral).toContain("626");
    expect(moral).not.toContain("612");
    expect(moral).not.toContain("605");
    expect(fisica).toContain("612");
    expect(fisica).toContain("605");
    expect(fisica).not.toContain("601");
    expect(regimenAllowedFor("601", "fisica")).toBe(false);
    expect(regimenAllowedFor("626", "fisica")).toBe(true);
  });

  it("offers only the usos the régimen allows; G03 is the default and fits business régimenes", () => {
    expect(DEFAULT_USO).toBe("G03");
    expect(usosFor("601", "moral").map((u) => u.code)).toEqual(["G01", "G03", "I08", "S01"]);
    expect(usosFor("616", "fisica").map((u) => u.code)).toEqual(["S01"]);
    expect(usosFor("605", "fisica").map((u) => u.code)).toEqual(["S01"]);
    expect(usoAllowedFor("G03", "612", "fisica")).toBe(true);
    expect(usoAllowedFor("G03", "605", "fisica")).toBe(false);
    expect(usoAllowedFor("G03", "616", "fisica")).toBe(false);
    expect(usoAllowedFor("ZZZ", "601", "moral")).toBe(false);
  });

  it("maps how the order was paid to c_FormaPago", () => {
    expect(formaPagoFor("card", "credit")).toBe("04");
    expect(formaPagoFor("card", "debit")).toBe("28");
    expect(formaPagoFor("card", null)).toBe("04");
    expect(formaPagoFor("oxxo")).toBe("01");
    expect(formaPagoFor("spei")).toBe("03");
  });

  it("recognises a corporate form at the end of a razón social", () => {
    for (const name of [
      "ACME S.A. DE C.V.",
      "ACME SA DE CV",
      "ACME, S. DE R.L. DE C.V.",
      "ACME S.C.",
      "ACME SAPI DE CV",
    ]) {
      expect(CORPORATE_SUFFIX.test(name), name).toBe(true);
    }
    expect(CORPORATE_SUFFIX.test("ESCUELA KEMPER URGATE")).toBe(false);
    expect(CORPORATE_SUFFIX.test("JUAN CARLOS SAAVEDRA")).toBe(false);
  });
});
