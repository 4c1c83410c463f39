/**
 * CLABE, the 18-digit Mexican interbank account number a SPEI refund is sent to: 3 digits of bank,
 * 3 of city, 11 of account and a check digit. The check digit: each of the first 17 digits times the
 * weights 3, 7, 1 (repeated), each product taken mod 10, summed; the digit is (10 − sum mod 10) mod 10.
 */
const WEIGHTS = [3, 7, 1] as const;

/** The check digit of the first 17 digits of a CLABE. */
export function clabeCheckDigit(first17: string): number {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += (Number(first17[i]) * WEIGHTS[i % 3]!) % 10;
  return (10 - (sum % 10)) % 10;
}

/** What the shopper typed without spaces or dashes ("646 180 1234 5678 9012" → "646180123456789012"). */
export function normalizeClabe(value: string): string {
  return value.replace(/[\s-]+/g, "");
}

export type ClabeCheck = { ok: true; clabe: string } | { ok: false; message: string };

export const CLABE_MESSAGES = {
  format: "La CLABE tiene 18 dígitos",
  checkDigit: "La CLABE no es válida: revisa los 18 dígitos",
} as const;

/** A CLABE as typed: 18 digits (spaces and dashes allowed) whose last digit checks. */
export function checkClabe(value: string): ClabeCheck {
  const clabe = normalizeClabe(value);
  if (!/^\d{18}$/.test(clabe)) return { ok: false, message: CLABE_MESSAGES.format };
  if (clabeCheckDigit(clabe) !== Number(clabe[17])) return { ok: false, message: CLABE_MESSAGES.checkDigit };
  return { ok: true, clabe };
}
