import { describe, expect, it } from "vitest";
import {
  EXTRA_SHIPPING_MESSAGES,
  MEXICAN_STATES,
  parseShipping,
  SHIPPING_MESSAGES,
  shippingFormValues,
} from "./checkout";
import { INVALID_CHARACTERS_MESSAGE } from "./text";
import { formDataOf } from "./test-utils";

const valid = {
  firstName: " María ",
  lastName: "López Hernández",
  email: "Maria@Example.mx",
  phone: "55 1234 5678",
  address: "Polanco",
  address_line2: "Av. Masaryk 123",
  city: "Miguel Hidalgo",
  postalCode: "11560",
  state: "Ciudad de México",
};

/** Every field's messages, as the action and the browser see them. */
function errorsOf(values: Record<string, string>) {
  const submission = parseShipping(formDataOf(values));
  return submission.status === "success" ? {} : submission.error;
}

describe("parseShipping", () => {
  it("accepts a complete Mexican address: trims, removes spaces from the phone, fixes the country", () => {
    const submission = parseShipping(formDataOf(valid));
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({
      ...valid,
      firstName: "María",
      email: "maria@example.mx",
      phone: "5512345678",
      interiorNumber: null,
      references: null,
      giftWrap: false,
      giftMessage: null,
      country: "México",
    });
  });

  it("reports every missing field at once with the spec's message, the street on the colonia field", () => {
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

  it("treats blank text as missing, and reports a missing street alone on the colonia field", () => {
    expect(errorsOf({ ...valid, firstName: "   ", address_line2: " " })).toEqual({
      firstName: [SHIPPING_MESSAGES.firstNameRequired],
      address: [SHIPPING_MESSAGES.streetRequired],
    });
    expect(errorsOf({ ...valid, address: "" })).toEqual({ address: [SHIPPING_MESSAGES.coloniaRequired] });
  });

  it("checks the e-mail's shape", () => {
    expect(errorsOf({ ...valid, email: "maria@" })).toEqual({ email: [SHIPPING_MESSAGES.emailInvalid] });
  });

  it("wants 10 phone digits, however they are written, and 5 postal-code digits", () => {
    for (const phone of ["551234567", "55123456789", "abcdefghij", "+1 212 555 0100", "55 12ab 5678"]) {
      expect(errorsOf({ ...valid, phone })).toEqual({ phone: [SHIPPING_MESSAGES.phoneDigits] });
    }
    for (const phone of ["55 1234 5678", "55-1234-5678", "+52 55 1234 5678", "(55) 1234-5678"]) {
      const submission = parseShipping(formDataOf({ ...valid, phone }));
      expect(submission.status === "success" && submission.value.phone, phone).toBe("5512345678");
    }
    for (const postalCode of ["1156", "115600", "ABCDE"]) {
      expect(errorsOf({ ...valid, postalCode })).toEqual({ postalCode: [SHIPPING_MESSAGES.postalCodeDigits] });
    }
    expect(errorsOf({ ...valid, postalCode: "11 560" })).toEqual({});
  });

  it("accepts only one of Mexico's 32 states", () => {
    expect(MEXICAN_STATES).toHaveLength(32);
    expect(new Set(MEXICAN_STATES).size).toBe(32);
    expect(errorsOf({ ...valid, state: "Texas" })).toEqual({ state: [SHIPPING_MESSAGES.stateRequired] });
    expect(errorsOf({ ...valid, state: "Yucatán", postalCode: "97000" })).toEqual({});
  });

  it("checks the postal code against the state, in the same round as every other message", () => {
    expect(errorsOf({ ...valid, postalCode: "06700", state: "Jalisco" })).toEqual({
      postalCode: ["Este código postal es de Ciudad de México, no de Jalisco"],
    });
    expect(errorsOf({ ...valid, postalCode: "06700", state: "Jalisco", city: "", phone: "55" })).toEqual({
      postalCode: ["Este código postal es de Ciudad de México, no de Jalisco"],
      city: [SHIPPING_MESSAGES.cityRequired],
      phone: [SHIPPING_MESSAGES.phoneDigits],
    });
    expect(errorsOf({ ...valid, postalCode: "18000" })).toEqual({
      postalCode: ["Este código postal no corresponde a ningún estado de México"],
    });
    expect(errorsOf({ ...valid, postalCode: "44100", state: "Jalisco" })).toEqual({});
  });

  it("keeps the optional interior number, references and gift options, within their lengths", () => {
    const filled = {
      ...valid,
      interiorNumber: " 4B ",
      references: "Entre Orizaba y Córdoba,\nfachada azul",
      giftWrap: "on",
      giftMessage: "¡Feliz aniversario!\nCon amor, M.",
    };
    const submission = parseShipping(formDataOf(filled));
    expect(submission.status === "success" && submission.value).toMatchObject({
      interiorNumber: "4B",
      references: "Entre Orizaba y Córdoba,\nfachada azul",
      giftWrap: true,
      giftMessage: "¡Feliz aniversario!\nCon amor, M.",
    });
    expect(
      errorsOf({ ...valid, interiorNumber: "x".repeat(21), references: "x".repeat(201), giftMessage: "x".repeat(251) }),
    ).toEqual({
      interiorNumber: [EXTRA_SHIPPING_MESSAGES.interiorTooLong],
      references: [EXTRA_SHIPPING_MESSAGES.referencesTooLong],
      giftMessage: [EXTRA_SHIPPING_MESSAGES.giftMessageTooLong],
    });
    expect(errorsOf({ ...valid, giftWrap: "yes" })).toEqual({ giftWrap: [EXTRA_SHIPPING_MESSAGES.badRequest] });
  });

  it("turns the values back into the fields the payment step carries", () => {
    const submission = parseShipping(formDataOf({ ...valid, giftWrap: "on", interiorNumber: "4B" }));
    if (submission.status !== "success") throw new Error("the values are valid");
    const again = parseShipping(formDataOf(Object.fromEntries(shippingFormValues(submission.value))));
    expect(again.status === "success" && again.value).toEqual(submission.value);
  });

  it("refuses control characters and over-long lines", () => {
    expect(errorsOf({ ...valid, city: "Mérida\u0000" })).toEqual({ city: [INVALID_CHARACTERS_MESSAGE] });
    expect(errorsOf({ ...valid, lastName: "x".repeat(121) })).toEqual({ lastName: ["Máximo 120 caracteres"] });
  });

  it("ignores a posted country: it is always México", () => {
    const submission = parseShipping(formDataOf({ ...valid, country: "USA" }));
    expect(submission.status === "success" && submission.value.country).toBe("México");
  });
});
