import { z } from "zod";
import { CODE_PATTERN, type DiscountKind, normalizeCode } from "~/lib/discounts";
import { pesosToCentavos } from "~/lib/money";
import { formatShopTimeInput } from "~/lib/shop-time";

/**
 * The staff's form for a discount code (/admin/promociones/cupones, docs/decisions/058): what each
 * field accepts, in Spanish, and the values turned into the row (money in centavos, dates typed in
 * Mexico City time and stored in UTC — Mexico City keeps UTC−6 all year since 2022).
 */

export const DISCOUNT_KIND_LABEL: Record<DiscountKind, string> = {
  percentage: "Porcentaje",
  fixed: "Monto fijo",
  free_shipping: "Envío gratis",
};

const optionalInt = (message: string) =>
  z
    .string()
    .trim()
    .transform((v, ctx) => {
      if (v === "") return null;
      if (!/^\d{1,7}$/.test(v) || Number(v) < 1) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return Number(v);
    });

const pesos = (message: string) =>
  z
    .string()
    .trim()
    .transform((v, ctx) => {
      if (v === "") return 0;
      if (!/^\d{1,7}(\.\d{1,2})?$/.test(v.replace(/,/g, ""))) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return pesosToCentavos(Number(v.replace(/,/g, "")));
    });

const localDate = z
  .string()
  .trim()
  .transform((v, ctx) => {
    if (v === "") return null;
    const at = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(v) ? Date.parse(`${v}:00-06:00`) : NaN;
    if (Number.isNaN(at)) {
      ctx.addIssue({ code: "custom", message: "Escribe la fecha y hora como 2026-11-13 00:00" });
      return z.NEVER;
    }
    return new Date(at);
  });

const ids = z
  .string()
  .trim()
  .transform((v, ctx) => {
    if (v === "") return [];
    const parts = v.split(/[\s,]+/).filter(Boolean);
    if (parts.length > 200 || parts.some((p) => !/^\d{1,9}$/.test(p))) {
      ctx.addIssue({ code: "custom", message: "Escribe números separados por comas" });
      return z.NEVER;
    }
    return [...new Set(parts.map(Number))];
  });

export const DiscountCodeSchema = z
  .object({
    code: z
      .string({ required_error: "Escribe el código" })
      .transform(normalizeCode)
      .refine((v) => CODE_PATTERN.test(v), "De 3 a 32 letras, números, guiones o guiones bajos"),
    kind: z.enum(["percentage", "fixed", "free_shipping"], { message: "Elige el tipo de cupón" }),
    value: z.string().trim().default(""),
    minimumPurchase: pesos("Escribe el mínimo en pesos, p. ej. 1500 o 1500.50").default(""),
    startsAt: localDate.default(""),
    endsAt: localDate.default(""),
    usageLimit: optionalInt("Escribe un número entero mayor que 0, o déjalo vacío").default(""),
    perShopperLimit: optionalInt("Escribe un número entero mayor que 0, o déjalo vacío").default(""),
    productIds: ids.default(""),
    categoryIds: ids.default(""),
  })
  .transform((form, ctx) => {
    let value = 0;
    if (form.kind === "percentage") {
      value = /^\d{1,3}$/.test(form.value) ? Number(form.value) : 0;
      if (value < 1 || value > 100)
        ctx.addIssue({ code: "custom", path: ["value"], message: "Un porcentaje de 1 a 100" });
    } else if (form.kind === "fixed") {
      value = /^\d{1,7}(\.\d{1,2})?$/.test(form.value) ? pesosToCentavos(Number(form.value)) : 0;
      if (value < 1)
        ctx.addIssue({ code: "custom", path: ["value"], message: "Escribe el monto en pesos, p. ej. 200" });
    }
    if (form.startsAt && form.endsAt && form.endsAt <= form.startsAt) {
      ctx.addIssue({ code: "custom", path: ["endsAt"], message: "El fin debe ser después del inicio" });
    }
    return { ...form, value };
  });

export type DiscountCodeInput = z.output<typeof DiscountCodeSchema>;
export const DISCOUNT_CODE_FIELDS = [
  "code",
  "kind",
  "value",
  "minimumPurchase",
  "startsAt",
  "endsAt",
  "usageLimit",
  "perShopperLimit",
  "productIds",
  "categoryIds",
] as const;
export type DiscountCodeField = (typeof DISCOUNT_CODE_FIELDS)[number];
/** The form's fields as typed (a new code's are empty). */
export type DiscountCodeFormValues = Record<DiscountCodeField, string>;

/** Centavos as the pesos the form takes back: "200" for whole pesos, "1500.50" otherwise. */
function pesosText(centavos: number): string {
  return centavos % 100 === 0 ? String(centavos / 100) : (centavos / 100).toFixed(2);
}

/**
 * A stored code as its edit form starts: the inverse of `DiscountCodeSchema` (pesos with IVA, Mexico
 * City time to the minute, ids separated by commas), so saving the form untouched stores the same row.
 */
export function discountCodeFormValues(row: DiscountCodeInput): DiscountCodeFormValues {
  return {
    code: row.code,
    kind: row.kind,
    value: row.kind === "percentage" ? String(row.value) : row.kind === "fixed" ? pesosText(row.value) : "",
    minimumPurchase: row.minimumPurchase > 0 ? pesosText(row.minimumPurchase) : "",
    startsAt: row.startsAt ? formatShopTimeInput(row.startsAt) : "",
    endsAt: row.endsAt ? formatShopTimeInput(row.endsAt) : "",
    usageLimit: row.usageLimit === null ? "" : String(row.usageLimit),
    perShopperLimit: row.perShopperLimit === null ? "" : String(row.perShopperLimit),
    productIds: row.productIds.join(", "),
    categoryIds: row.categoryIds.join(", "),
  };
}
