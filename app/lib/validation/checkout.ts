import { z } from "zod";
import { COUNTRY, PHONE_DIGITS, POSTAL_CODE_DIGITS } from "~/lib/constants";

/**
 * The checkout's shipping form, shared by the server action and the browser's hints so both
 * speak with exactly the same messages. The e-mail comes from the account: the field is read
 * only and the server replaces whatever was posted with the account's address before parsing.
 */

export const SHIPPING_MESSAGES = {
  firstNameRequired: "El nombre es requerido",
  lastNameRequired: "Los apellidos son requeridos",
  emailRequired: "El email es requerido",
  emailInvalid: "El email no es válido",
  phoneRequired: "El teléfono es requerido",
  phoneDigits: `El teléfono debe tener ${PHONE_DIGITS} dígitos`,
  postalCodeRequired: "El código postal es requerido",
  postalCodeDigits: `El código postal debe tener ${POSTAL_CODE_DIGITS} dígitos`,
  coloniaRequired: "La colonia/fraccionamiento es requerida",
  streetRequired: "La calle y numero es requerida",
  cityRequired: "El municipio es requerido",
  stateRequired: "El estado es requerido",
} as const;

/** Mexico's 32 federal entities, for the state select. */
export const MEXICAN_STATES = [
  "Aguascalientes",
  "Baja California",
  "Baja California Sur",
  "Campeche",
  "Chiapas",
  "Chihuahua",
  "Ciudad de México",
  "Coahuila",
  "Colima",
  "Durango",
  "Estado de México",
  "Guanajuato",
  "Guerrero",
  "Hidalgo",
  "Jalisco",
  "Michoacán",
  "Morelos",
  "Nayarit",
  "Nuevo León",
  "Oaxaca",
  "Puebla",
  "Querétaro",
  "Quintana Roo",
  "San Luis Potosí",
  "Sinaloa",
  "Sonora",
  "Tabasco",
  "Tamaulipas",
  "Tlaxcala",
  "Veracruz",
  "Yucatán",
  "Zacatecas",
] as const;

export type MexicanState = (typeof MEXICAN_STATES)[number];

/** The shipping fields in form order (also the hidden inputs that carry them to the payment step). */
export const SHIPPING_FIELDS = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "address",
  "address_line2",
  "city",
  "postalCode",
  "state",
] as const;

const MAX_TEXT = 120;
const tooLong = `Máximo ${MAX_TEXT} caracteres`;

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");
/** Phone and postal code keep only what was typed without spaces (the inputs accept digits only). */
const compact = (value: unknown) => (typeof value === "string" ? value.replace(/\s+/g, "") : "");

const requiredText = (message: string) => z.preprocess(text, z.string().min(1, message).max(MAX_TEXT, tooLong));

/** Exactly `count` digits once spaces are removed; one message at a time (missing, then wrong length). */
const digitsField = (required: string, count: number, wrongLength: string) =>
  z.preprocess(
    compact,
    z.string().superRefine((value, ctx) => {
      if (!value) ctx.addIssue({ code: z.ZodIssueCode.custom, message: required });
      else if (!new RegExp(`^\\d{${count}}$`).test(value))
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: wrongLength });
    }),
  );

export const ShippingSchema = z
  .object({
    firstName: requiredText(SHIPPING_MESSAGES.firstNameRequired),
    lastName: requiredText(SHIPPING_MESSAGES.lastNameRequired),
    email: z.preprocess(
      (v) => text(v).toLowerCase(),
      z.string().superRefine((value, ctx) => {
        if (!value) ctx.addIssue({ code: z.ZodIssueCode.custom, message: SHIPPING_MESSAGES.emailRequired });
        else if (value.length > 254 || !z.string().email().safeParse(value).success)
          ctx.addIssue({ code: z.ZodIssueCode.custom, message: SHIPPING_MESSAGES.emailInvalid });
      }),
    ),
    phone: digitsField(SHIPPING_MESSAGES.phoneRequired, PHONE_DIGITS, SHIPPING_MESSAGES.phoneDigits),
    /** The colonia (address line 1). */
    address: z.preprocess(text, z.string().max(MAX_TEXT, tooLong)),
    /** Street and number (address line 2); a missing one is reported on `address`. */
    address_line2: z.preprocess(text, z.string().max(MAX_TEXT, tooLong)),
    city: requiredText(SHIPPING_MESSAGES.cityRequired),
    postalCode: digitsField(
      SHIPPING_MESSAGES.postalCodeRequired,
      POSTAL_CODE_DIGITS,
      SHIPPING_MESSAGES.postalCodeDigits,
    ),
    state: z.preprocess(
      text,
      z.string().refine((v) => (MEXICAN_STATES as readonly string[]).includes(v), SHIPPING_MESSAGES.stateRequired),
    ),
  })
  .superRefine((value, ctx) => {
    if (!value.address) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["address"], message: SHIPPING_MESSAGES.coloniaRequired });
    }
    if (!value.address_line2) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["address"], message: SHIPPING_MESSAGES.streetRequired });
    }
  })
  .transform((value) => ({ ...value, country: COUNTRY }));

export type ShippingInput = z.input<typeof ShippingSchema>;
export type Shipping = z.output<typeof ShippingSchema>;
