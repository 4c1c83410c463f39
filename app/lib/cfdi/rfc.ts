import { Rfc } from "@nodecfdi/rfc";

/**
 * The receptor's RFC for a nominative invoice (CFDI 4.0), checked with `@nodecfdi/rfc`: its form (four
 * letters and a date for a persona física, 13 characters; three letters and a date for a persona moral,
 * 12), the date, and the check digit. The generic RFCs of the público en general and of foreigners are
 * refused: a sale to them goes into the shop's factura global (docs/decisions/035).
 */

export type PersonType = "fisica" | "moral";

export type RfcCheck = { ok: true; rfc: string; person: PersonType } | { ok: false; message: string };

export const RFC_MESSAGES = {
  required: "Escribe tu RFC.",
  shape:
    "El RFC tiene 13 caracteres si eres persona física (4 letras, 6 dígitos de la fecha y 3 de homoclave) o 12 si es una empresa (3 letras, 6 dígitos y 3 de homoclave), como aparece en tu Constancia de Situación Fiscal.",
  date: "La fecha del RFC no es válida: revisa los 6 dígitos que siguen a las letras (año, mes y día).",
  checkDigit:
    "El último carácter del RFC (dígito verificador) no corresponde: revisa que esté escrito como en tu Constancia de Situación Fiscal.",
  generic:
    "XAXX010101000 es el RFC genérico del público en general: no sirve para una factura a tu nombre. Si no tienes RFC no necesitas solicitar factura; tu compra queda incluida en la factura global de la tienda.",
  foreign:
    "XEXX010101000 es el RFC genérico de residentes en el extranjero: no sirve para una factura nominativa. Escribe el RFC de la persona o empresa a cuyo nombre se emite la factura.",
} as const;

/** Upper-cases, drops spaces and dashes (people copy "COSC-800113-7NA"), keeps Ñ and &. */
export function normaliseRfc(value: string): string {
  return value
    .normalize("NFC")
    .toUpperCase()
    .replace(/[\s-]+/g, "");
}

/** Checks an RFC for a nominative invoice; the message says, in Spanish, what to fix. */
export function checkRfc(value: string): RfcCheck {
  const rfc = normaliseRfc(value);
  if (rfc === "") return { ok: false, message: RFC_MESSAGES.required };
  if (rfc === Rfc.RFC_GENERIC) return { ok: false, message: RFC_MESSAGES.generic };
  if (rfc === Rfc.RFC_FOREIGN) return { ok: false, message: RFC_MESSAGES.foreign };
  if (rfc.length !== 12 && rfc.length !== 13) return { ok: false, message: RFC_MESSAGES.shape };
  let parsed: Rfc;
  try {
    parsed = Rfc.parse(rfc);
  } catch (error) {
    const date = error instanceof Error && /date/i.test(error.message);
    return { ok: false, message: date ? RFC_MESSAGES.date : RFC_MESSAGES.shape };
  }
  if (!parsed.doesCheckSumMatch()) return { ok: false, message: RFC_MESSAGES.checkDigit };
  return { ok: true, rfc: parsed.getRfc(), person: parsed.isMoral() ? "moral" : "fisica" };
}

/** Persona física or moral by length alone (13 or 12 characters), for filtering lists before the full check. */
export function personTypeByLength(value: string): PersonType | null {
  const length = normaliseRfc(value).length;
  return length === 13 ? "fisica" : length === 12 ? "moral" : null;
}
