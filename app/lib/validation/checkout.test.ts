import { describe, expect, it } from "vitest";
import { MEXICAN_STATES, SHIPPING_MESSAGES, ShippingSchema } from "./checkout";

const valid = {
  firstName: "María",
  lastName: "López Hernández",
  email: "maria@example.mx",
  phone: "55 1234 5678",
  address: "Polanco",
  address_line2: "Av. Masaryk 123",
  city: "Miguel Hidalgo",
  postalCode: "11560",
  state: "Ciudad de México",
};

function errorsOf(input: Record<string, unknown>) {
  const result = ShippingSchema.safeParse(input);
  if (result.success) return {};
  return result.error.flatten().fieldErrors as Record<string, string[]>;
}

describe("ShippingSchema", () => {
  it("accepts a complete Mexican address, removes spaces from the phone and fixes the country", () => {
    const result = ShippingSchema.parse(valid);
    expect(result).toEqual({ ...valid, phone: "5512345678", country: "México" });
  });

  it("reports every required field with the spec's message, the street on the address field", () => {
    expect(errorsOf({})).toEqual({
      firstName: [SHIPPING_MESSAGES.firstNameRequired],
      lastName: [SHIPPING_MESSAGES.lastNameRequired],
      email: [SHIPPING_MESSAGES.emailRequired],
      phone: [SHIPPING_MESSAGES.phoneRequired],
      postalCode: [SHIPPING_MESSAGES.postalCodeRequired],
      address: [SHIPPING_MESSAGES.coloniaRequired, SHIPPING_MESSAGES.streetRequired],
      city: [SHIPPING_MESSAGES.cityRequired],
      state: [SHIPPING_MESSAGES.stateRequired],
    });
    expect(SHIPPING_MESSAGES).toEqual({
      firstNameRequired: "El nombre es requerido",
      lastNameRequired: "Los apellidos son requeridos",
      emailRequired: "El email es requerido",
      emailInvalid: "El email no es válido",
      phoneRequired: "El teléfono es requerido",
      phoneDigits: "El teléfono debe tener 10 dígitos",
      postalCodeRequired: "El código postal es requerido",
      postalCodeDigits: "El código postal debe tener 5 dígitos",
      coloniaRequired: "La colonia/fraccionamiento es requerida",
      streetRequired: "La calle y numero es requerida",
      cityRequired: "El municipio es requerido",
      stateRequired: "El estado es requerido",
    });
  });

  it("treats blank text as missing", () => {
    expect(errorsOf({ ...valid, firstName: "   ", address_line2: " " })).toEqual({
      firstName: [SHIPPING_MESSAGES.firstNameRequired],
      address: [SHIPPING_MESSAGES.streetRequired],
    });
    expect(errorsOf({ ...valid, address: "" })).toEqual({ address: [SHIPPING_MESSAGES.coloniaRequired] });
  });

  it("checks the e-mail's shape", () => {
    expect(errorsOf({ ...valid, email: "maria@" })).toEqual({ email: [SHIPPING_MESSAGES.emailInvalid] });
  });

  it("wants exactly 10 phone digits and 5 postal-code digits", () => {
    for (const phone of ["551234567", "55123456789", "55-1234-5678", "abcdefghij"]) {
      expect(errorsOf({ ...valid, phone })).toEqual({ phone: [SHIPPING_MESSAGES.phoneDigits] });
    }
    for (const postalCode of ["1156", "115600", "11 56", "ABCDE"]) {
      const errors = errorsOf({ ...valid, postalCode });
      expect(errors).toEqual({ postalCode: [SHIPPING_MESSAGES.postalCodeDigits] });
    }
  });

  it("accepts only one of Mexico's 32 states", () => {
    expect(MEXICAN_STATES).toHaveLength(32);
    expect(new Set(MEXICAN_STATES).size).toBe(32);
    expect(errorsOf({ ...valid, state: "Texas" })).toEqual({ state: [SHIPPING_MESSAGES.stateRequired] });
    expect(ShippingSchema.parse({ ...valid, state: "Yucatán" }).state).toBe("Yucatán");
  });

  it("ignores a posted country: it is always México", () => {
    expect(ShippingSchema.parse({ ...valid, country: "USA" }).country).toBe("México");
  });
});
