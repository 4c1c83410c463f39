import { z } from "zod";
import { parseId } from "~/lib/ids";
import { SALE_PERCENT_MAX, SALE_PERCENT_MIN } from "~/lib/sale-prices";
import { parseShopTime } from "~/lib/shop-time";
import { text } from "./text";

/** The sale-event form's Spanish messages (docs/decisions/057-sale-events.md). */
export const SALE_EVENT_MESSAGES = {
  nameRequired: "Escribe el nombre del evento",
  nameTooLong: "El nombre admite hasta 80 caracteres",
  percentRequired: "Escribe el porcentaje de descuento",
  percentInvalid: `El descuento es un número entero de ${SALE_PERCENT_MIN} a ${SALE_PERCENT_MAX}`,
  startRequired: "Escribe cuándo empieza",
  endRequired: "Escribe cuándo termina",
  dateInvalid: "Escribe la fecha y hora como AAAA-MM-DDTHH:MM (hora de la Ciudad de México)",
  endBeforeStart: "El fin debe ser posterior al inicio",
  scopeRequired: "Elige al menos una categoría o una pieza",
  categoryInvalid: "Elige categorías de la lista",
  productsInvalid: "Escribe los números de pieza separados por comas, por ejemplo 12, 15",
  productsUnknown: "Estas piezas no existen: ",
  notFound: "Este evento no existe",
  archived: "Evento archivado: sus precios ya no se aplican",
  restored: "Evento restaurado",
  saved: "Evento guardado",
} as const;

const percent = text({ required: SALE_EVENT_MESSAGES.percentRequired }).pipe(
  z
    .string()
    .regex(/^\d{1,3}$/, SALE_EVENT_MESSAGES.percentInvalid)
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(SALE_PERCENT_MIN, SALE_EVENT_MESSAGES.percentInvalid)
        .max(SALE_PERCENT_MAX, SALE_EVENT_MESSAGES.percentInvalid),
    ),
);

const shopTime = (required: string) =>
  text({ required }).transform((value, ctx) => {
    const date = parseShopTime(value);
    if (!date) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: SALE_EVENT_MESSAGES.dateInvalid });
      return z.NEVER;
    }
    return date;
  });

/** Ticked categories: each a category id (a forged value is an error, never a 500). */
const categoryIds = z
  .union([z.string(), z.array(z.string())], { message: SALE_EVENT_MESSAGES.categoryInvalid })
  .optional()
  .transform((value, ctx) => {
    const ids = (value === undefined ? [] : [value].flat()).map(parseId);
    if (ids.length > 50 || ids.some((id) => id === null)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: SALE_EVENT_MESSAGES.categoryInvalid });
      return z.NEVER;
    }
    return [...new Set(ids as number[])];
  });

/** The pieces as typed: product numbers separated by commas or spaces (empty or absent: none). */
const productIds = text()
  .optional()
  .transform((value, ctx) => {
    const ids = (value ?? "")
      .split(/[\s,;]+/)
      .filter(Boolean)
      .map(parseId);
    if ((value ?? "").length > 2_000 || ids.length > 200 || ids.some((id) => id === null)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: SALE_EVENT_MESSAGES.productsInvalid });
      return z.NEVER;
    }
    return [...new Set(ids as number[])];
  });

export const SaleEventSchema = z
  .object({
    name: text({ required: SALE_EVENT_MESSAGES.nameRequired }).pipe(
      z.string().max(80, SALE_EVENT_MESSAGES.nameTooLong),
    ),
    percentOff: percent,
    startsAt: shopTime(SALE_EVENT_MESSAGES.startRequired),
    endsAt: shopTime(SALE_EVENT_MESSAGES.endRequired),
    categoryIds,
    productIds,
  })
  .superRefine((value, ctx) => {
    // Refinements run even when a field failed (its value is then not a date, or not a list).
    const { startsAt, endsAt } = value as { startsAt: unknown; endsAt: unknown };
    if (startsAt instanceof Date && endsAt instanceof Date && endsAt.getTime() <= startsAt.getTime()) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["endsAt"], message: SALE_EVENT_MESSAGES.endBeforeStart });
    }
    if (
      Array.isArray(value.categoryIds) &&
      Array.isArray(value.productIds) &&
      value.categoryIds.length + value.productIds.length === 0
    ) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["productIds"], message: SALE_EVENT_MESSAGES.scopeRequired });
    }
  });

export type SaleEventInput = z.output<typeof SaleEventSchema>;

/** The list's row buttons: archive or restore an event. */
export const SaleEventRowSchema = z.object({
  intent: z.enum(["archive", "restore"], { message: SALE_EVENT_MESSAGES.notFound }),
  eventId: z.string({ message: SALE_EVENT_MESSAGES.notFound }).transform((value, ctx) => {
    const id = parseId(value);
    if (id === null) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: SALE_EVENT_MESSAGES.notFound });
      return z.NEVER;
    }
    return id;
  }),
});
