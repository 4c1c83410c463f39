import { z } from "zod";
import {
  CORPORATE_SUFFIX,
  DEFAULT_USO,
  findRegimen,
  findUso,
  regimenAllowedFor,
  usoAllowedFor,
} from "~/lib/cfdi/catalogs";
import { checkRfc, normaliseRfc, type PersonType, RFC_MESSAGES } from "~/lib/cfdi/rfc";
import { text } from "./text";

/**
 * The receptor's fiscal data for a CFDI 4.0, as the shopper types it (one form with and without
 * JavaScript): RFC (checked with @nodecfdi/rfc), nombre o razón social in capitals as on the Constancia
 * de Situación Fiscal without its corporate form, régimen fiscal valid for a persona física (13) or moral
 * (12), uso del CFDI allowed for that régimen (G03 by default), código postal of the domicilio fiscal,
 * and the e-mail the invoice goes to.
 */

export const FISCAL_MESSAGES = {
  nameRequired: "Escribe tu nombre o razón social como aparece en tu Constancia de Situación Fiscal.",
  nameTooLong: "El nombre o razón social admite hasta 254 caracteres.",
  corporateSuffix:
    "Escribe la razón social sin el régimen societario: «ACME», no «ACME S.A. DE C.V.». Así aparece en la Constancia de Situación Fiscal y así la pide la factura 4.0.",
  regimenRequired: "Elige tu régimen fiscal.",
  regimenUnknown: "Elige un régimen fiscal de la lista.",
  regimenFisica: "Ese régimen es de personas morales; tu RFC de 13 caracteres es de persona física.",
  regimenMoral: "Ese régimen es de personas físicas; un RFC de 12 caracteres es de una empresa (persona moral).",
  usoUnknown: "Elige un uso del CFDI de la lista.",
  usoRegimen:
    "Ese uso del CFDI no corresponde a tu régimen fiscal; elige otro (con 616 o 605 sólo S01, Sin efectos fiscales).",
  zip: "El código postal de tu domicilio fiscal tiene 5 dígitos.",
  emailRequired: "Escribe el email al que enviamos la factura.",
  email: "Escribe un email válido.",
} as const;

/**
 * The RFC, the nombre o razón social and the régimen fiscal of a taxpayer: the receptor here, and the
 * shop itself as issuer (validation/issuer.ts), with the same rules and the same messages.
 */
export const taxpayerFields = {
  rfc: text({ required: RFC_MESSAGES.required }).transform(normaliseRfc),
  name: text({ required: FISCAL_MESSAGES.nameRequired })
    .transform((value) => value.toUpperCase().replace(/\s+/g, " "))
    .pipe(z.string().max(254, FISCAL_MESSAGES.nameTooLong)),
  regimen: text({ required: FISCAL_MESSAGES.regimenRequired }),
};

/**
 * Adds the issues of a taxpayer's RFC (@nodecfdi/rfc), name (no corporate form) and régimen (known,
 * and of the RFC's person type). Returns the person type once the régimen fits it (null when the RFC
 * itself is wrong), or `false` when the régimen was refused.
 */
export function checkTaxpayer(
  value: { rfc: string; name: string; regimen: string },
  ctx: z.RefinementCtx,
): PersonType | null | false {
  const rfc = checkRfc(value.rfc);
  if (!rfc.ok) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["rfc"], message: rfc.message });
  if (CORPORATE_SUFFIX.test(value.name)) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["name"], message: FISCAL_MESSAGES.corporateSuffix });
  }
  const person = rfc.ok ? rfc.person : null;
  if (!findRegimen(value.regimen)) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["regimen"], message: FISCAL_MESSAGES.regimenUnknown });
    return false;
  }
  if (person && !regimenAllowedFor(value.regimen, person)) {
    const message = person === "fisica" ? FISCAL_MESSAGES.regimenFisica : FISCAL_MESSAGES.regimenMoral;
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["regimen"], message });
    return false;
  }
  return person;
}

export const FiscalProfileSchema = z
  .object({
    ...taxpayerFields,
    uso: text()
      .optional()
      .transform((value) => value || DEFAULT_USO),
    zip: text({ required: FISCAL_MESSAGES.zip }).pipe(z.string().regex(/^\d{5}$/, FISCAL_MESSAGES.zip)),
    email: text({ required: FISCAL_MESSAGES.emailRequired })
      .transform((value) => value.toLowerCase())
      .pipe(z.string().max(254, FISCAL_MESSAGES.email).email(FISCAL_MESSAGES.email)),
  })
  .superRefine((value, ctx) => {
    const person = checkTaxpayer(value, ctx);
    if (person === false) return;
    if (!findUso(value.uso)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["uso"], message: FISCAL_MESSAGES.usoUnknown });
    } else if (person && !usoAllowedFor(value.uso, value.regimen, person)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["uso"], message: FISCAL_MESSAGES.usoRegimen });
    }
  });

export type FiscalProfileInput = z.output<typeof FiscalProfileSchema>;
