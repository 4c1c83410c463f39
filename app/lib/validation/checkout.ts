import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { COUNTRY, PHONE_DIGITS, POSTAL_CODE_DIGITS } from "~/lib/constants";
import { text } from "./text";

/**
 * The checkout's shipping form (conform + zod, on the shared `text()` base), shared by the server
 * action and the browser's hints so both speak with exactly the same messages. The e-mail comes from the account: the field is read
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

/** A required line of an address or a name. */
const requiredLine = (message: string) => text({ required: message }).pipe(z.string().max(MAX_TEXT, tooLong));

/** Exactly `count` digits once spaces are removed (the inputs accept digits only). */
const digits = (required: string, count: number, wrongLength: string) =>
  text({ required })
    .transform((value) => value.replace(/\s+/g, ""))
    .pipe(z.string().regex(new RegExp(`^\\d{${count}}$`), wrongLength));

export const ShippingSchema = z
  .object({
    firstName: requiredLine(SHIPPING_MESSAGES.firstNameRequired),
    lastName: requiredLine(SHIPPING_MESSAGES.lastNameRequired),
    email: text({ required: SHIPPING_MESSAGES.emailRequired })
      .pipe(z.string().max(254, SHIPPING_MESSAGES.emailInvalid).email(SHIPPING_MESSAGES.emailInvalid))
      .transform((value) => value.toLowerCase()),
    phone: digits(SHIPPING_MESSAGES.phoneRequired, PHONE_DIGITS, SHIPPING_MESSAGES.phoneDigits),
    /** The colonia (address line 1). */
    address: requiredLine(SHIPPING_MESSAGES.coloniaRequired),
    /** Street and number (address line 2); its message is shown on `address` (see parseShipping). */
    address_line2: requiredLine(SHIPPING_MESSAGES.streetRequired),
    city: requiredLine(SHIPPING_MESSAGES.cityRequired),
    postalCode: digits(SHIPPING_MESSAGES.postalCodeRequired, POSTAL_CODE_DIGITS, SHIPPING_MESSAGES.postalCodeDigits),
    state: text({ required: SHIPPING_MESSAGES.stateRequired }).pipe(
      z.enum(MEXICAN_STATES, { errorMap: () => ({ message: SHIPPING_MESSAGES.stateRequired }) }),
    ),
  })
  .transform((value) => ({ ...value, country: COUNTRY }));

export type Shipping = z.output<typeof ShippingSchema>;

/**
 * Parses the shipping form as conform does (in the action and, for hints, in the browser), with the
 * street's message reported on the colonia field: the form shows both address lines' problems in
 * one place, under "Colonia/Fraccionamiento".
 */
export function parseShipping(formData: FormData) {
  const submission = parseWithZod(formData, { schema: ShippingSchema });
  const error = submission.status === "error" ? submission.error : undefined;
  const street = error?.address_line2;
  if (error && street) {
    error.address = [...(error.address ?? []), ...street];
    delete error.address_line2;
  }
  return submission;
}
