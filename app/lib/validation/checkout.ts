import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { COUNTRY, PHONE_DIGITS, POSTAL_CODE_DIGITS } from "~/lib/constants";
import { isMexicanState, MEXICAN_STATES, type MexicanState, postalCodeStateMismatch } from "~/lib/mexican-states";
import { normalizePhone } from "~/lib/phone";
import { text } from "./text";

export { MEXICAN_STATES, type MexicanState };

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

/** The form's own messages, beyond the spec's. */
export const EXTRA_SHIPPING_MESSAGES = {
  interiorTooLong: "El número interior puede tener hasta 20 caracteres",
  referencesTooLong: "Las referencias pueden tener hasta 200 caracteres",
  giftMessageTooLong: "El mensaje de regalo puede tener hasta 250 caracteres",
  badRequest: "Solicitud no válida",
} as const;

/** The step-1 fields in form order (also the hidden inputs that carry them to the payment step). */
export const SHIPPING_FIELDS = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "address",
  "address_line2",
  "interiorNumber",
  "references",
  "city",
  "postalCode",
  "state",
  "giftWrap",
  "giftMessage",
] as const;

const MAX_TEXT = 120;
const tooLong = `Máximo ${MAX_TEXT} caracteres`;

/** A required line of an address or a name. */
const requiredLine = (message: string) => text({ required: message }).pipe(z.string().max(MAX_TEXT, tooLong));

const POSTAL_CODE_PATTERN = new RegExp(`^\\d{${POSTAL_CODE_DIGITS}}$`);

/** Exactly `count` digits once spaces are removed (the postal code). */
const digits = (required: string, count: number, wrongLength: string) =>
  text({ required })
    .transform((value) => value.replace(/\s+/g, ""))
    .pipe(z.string().regex(new RegExp(`^\\d{${count}}$`), wrongLength));

/** Ten digits once the ways people write a phone number are undone (spaces, dashes, +52). */
const phone = text({ required: SHIPPING_MESSAGES.phoneRequired })
  .transform(normalizePhone)
  .pipe(z.string().regex(new RegExp(`^\\d{${PHONE_DIGITS}}$`), SHIPPING_MESSAGES.phoneDigits));

/** An optional line: empty is null; `max` characters at most. */
const optionalText = (max: number, tooLong: string, multiline = false) =>
  text({ multiline })
    .pipe(z.string().max(max, tooLong))
    .optional()
    .transform((value) => value || null);

/** "Envolver para regalo": a checkbox sends "on" or nothing; anything else is forged. */
const checkbox = z
  .literal("on", { errorMap: () => ({ message: EXTRA_SHIPPING_MESSAGES.badRequest }) })
  .optional()
  .transform((value) => value === "on");

/**
 * The checkout's step 1: the shipping address (the spec's fields plus número interior and
 * referencias) and the gift options. The postal code must belong to the chosen state: the schema is
 * built for the posted state, so that this check is reported with every other message in one round
 * (a refinement of the whole object would run only once every field is valid: a second round).
 */
function shippingSchemaFor(postedState: MexicanState | null) {
  const postalCode = digits(
    SHIPPING_MESSAGES.postalCodeRequired,
    POSTAL_CODE_DIGITS,
    SHIPPING_MESSAGES.postalCodeDigits,
  ).superRefine((value, ctx) => {
    // A malformed code already has its message (the rule above is not fatal, so this still runs).
    if (!POSTAL_CODE_PATTERN.test(value)) return;
    const mismatch = postedState ? postalCodeStateMismatch(value, postedState) : null;
    if (mismatch) ctx.addIssue({ code: z.ZodIssueCode.custom, message: mismatch });
  });
  return z
    .object({
      firstName: requiredLine(SHIPPING_MESSAGES.firstNameRequired),
      lastName: requiredLine(SHIPPING_MESSAGES.lastNameRequired),
      email: text({ required: SHIPPING_MESSAGES.emailRequired })
        .pipe(z.string().max(254, SHIPPING_MESSAGES.emailInvalid).email(SHIPPING_MESSAGES.emailInvalid))
        .transform((value) => value.toLowerCase()),
      phone,
      /** The colonia (address line 1). */
      address: requiredLine(SHIPPING_MESSAGES.coloniaRequired),
      /** Street and number (address line 2); its message is shown on `address` (see parseShipping). */
      address_line2: requiredLine(SHIPPING_MESSAGES.streetRequired),
      interiorNumber: optionalText(20, EXTRA_SHIPPING_MESSAGES.interiorTooLong),
      references: optionalText(200, EXTRA_SHIPPING_MESSAGES.referencesTooLong, true),
      city: requiredLine(SHIPPING_MESSAGES.cityRequired),
      postalCode,
      state: text({ required: SHIPPING_MESSAGES.stateRequired }).pipe(
        z.enum(MEXICAN_STATES, { errorMap: () => ({ message: SHIPPING_MESSAGES.stateRequired }) }),
      ),
      giftWrap: checkbox,
      giftMessage: optionalText(250, EXTRA_SHIPPING_MESSAGES.giftMessageTooLong, true),
    })
    .transform((value) => ({ ...value, country: COUNTRY }));
}

/** The schema for the browser's constraints (required fields); parsing goes through `parseShipping`. */
export const ShippingSchema = shippingSchemaFor(null);

export type Shipping = z.output<typeof ShippingSchema>;

/**
 * The step-1 values as form fields: the hidden inputs that carry them to the payment step, and the
 * values a remembered address puts in the form. Empty optional fields and an unchecked box are left out.
 */
export function shippingFormValues(shipping: Partial<Shipping>): [string, string][] {
  const values: [string, string][] = [];
  for (const name of SHIPPING_FIELDS) {
    const value = shipping[name];
    if (value === true) values.push([name, "on"]);
    else if (typeof value === "string" && value !== "") values.push([name, value]);
  }
  return values;
}

/**
 * Parses the shipping form as conform does (in the action and, for hints, in the browser): every
 * message in one round, the postal code checked against the posted state, and the street's message
 * reported on the colonia field (the form shows both address lines' problems in one place, under
 * "Colonia/Fraccionamiento").
 */
export function parseShipping(formData: FormData) {
  const posted = formData.get("state");
  const submission = parseWithZod(formData, { schema: shippingSchemaFor(isMexicanState(posted) ? posted : null) });
  const error = submission.status === "error" ? submission.error : undefined;
  const street = error?.address_line2;
  if (error && street) {
    error.address = [...(error.address ?? []), ...street];
    delete error.address_line2;
  }
  return submission;
}
