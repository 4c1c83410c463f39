import { z } from "zod";
import { checkTaxpayer, taxpayerFields } from "./fiscal-profile";
import { text } from "./text";

/**
 * The shop's own fiscal data as issuer of its CFDI 4.0 (/admin/facturacion, docs/decisions/064): RFC,
 * razón social in capitals without its corporate form, régimen fiscal of the RFC's person type — the
 * receptor's rules and messages (validation/fiscal-profile.ts) — and the lugar de expedición, the
 * 5-digit postcode of the place the invoices are issued from.
 */

export const ISSUER_MESSAGES = {
  zip: "El código postal del lugar de expedición tiene 5 dígitos.",
} as const;

export const IssuerSchema = z
  .object({
    ...taxpayerFields,
    zip: text({ required: ISSUER_MESSAGES.zip }).pipe(z.string().regex(/^\d{5}$/, ISSUER_MESSAGES.zip)),
  })
  .superRefine((value, ctx) => {
    checkTaxpayer(value, ctx);
  });

export type IssuerInput = z.output<typeof IssuerSchema>;
