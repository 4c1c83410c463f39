import { z } from "zod";
import { idField } from "~/lib/ids";
import { ORDER_STATUSES } from "~/lib/order-status";
import { ROLES } from "~/lib/roles";
import { text } from "./text";

/**
 * What the admin panel's actions accept. Ids, intents, statuses and roles are written by the
 * panel's own pages, so a bad one is a malformed request (400); what staff type (names, prices,
 * stock, tracking codes, reasons) gets a Spanish message next to its field.
 */

export const ADMIN_BAD_REQUEST = "Solicitud no válida";

const badRequest = { required_error: ADMIN_BAD_REQUEST, invalid_type_error: ADMIN_BAD_REQUEST };

const Id = idField(ADMIN_BAD_REQUEST);

const Uuid = z.string(badRequest).uuid(ADMIN_BAD_REQUEST);

/** Most pieces a stock count may hold (keeps a typo such as 1e9 out of a 32-bit column). */
export const STOCK_MAX = 999_999;

/**
 * A stock count as staff type it: the leading integer of the text, 0 when there is none
 * ("abc", "", missing), never negative and never above STOCK_MAX. Bad input is not an error here:
 * the shop's rule is that it counts as 0.
 */
export function parseStock(value: unknown): number {
  if (typeof value !== "string") return 0;
  const match = /^\s*([+-]?\d+)/.exec(value);
  const parsed = match ? Number(match[1]) : 0;
  if (!Number.isFinite(parsed) || parsed < 0) return 0;
  return Math.min(parsed, STOCK_MAX);
}

const Stock = z.unknown().transform(parseStock);

export const PRICE_MESSAGES = {
  required: "El precio es requerido",
  invalid: "Escribe el precio en pesos, por ejemplo 1299.50",
  positive: "El precio debe ser mayor que cero",
  originalBelow: "El precio original debe ser mayor que el precio",
} as const;

/** Most a piece may cost, in pesos (a typo guard; the column holds centavos in 32 bits). */
const PRICE_MAX_PESOS = 1_000_000;

/**
 * A price typed in pesos ("1299.50", "$1,299.5", "1299") to integer centavos. Parsed from the
 * digits, never through floating point, so 0.29 is 29 centavos exactly.
 */
export function parsePesos(value: string): number | null {
  const cleaned = value.replace(/[$\s,]/g, "");
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  const centavos = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return centavos <= PRICE_MAX_PESOS * 100 ? centavos : null;
}

const Price = text({ required: PRICE_MESSAGES.required }).transform((value, ctx) => {
  const centavos = parsePesos(value);
  if (centavos === null) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: PRICE_MESSAGES.invalid });
    return z.NEVER;
  }
  if (centavos === 0) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: PRICE_MESSAGES.positive });
    return z.NEVER;
  }
  return centavos;
});

const Checkbox = z
  .literal("on", badRequest)
  .optional()
  .transform((value) => value === "on");

export const PRODUCT_MESSAGES = {
  nameRequired: "El nombre es requerido",
  nameTooLong: "El nombre no puede tener más de 120 caracteres",
  imageRequired: "La imagen es requerida",
  imageInvalid: "Escribe una dirección https:// o una ruta de la tienda que empiece con /",
  descriptionTooLong: "La descripción no puede tener más de 5000 caracteres",
  materialTooLong: "El material no puede tener más de 80 caracteres",
  categoryRequired: "Elige una categoría",
} as const;

/** An image address: https://… (or http://…) or a path of this shop such as /uploads/… */
const ImageUrl = text({ required: PRODUCT_MESSAGES.imageRequired }).pipe(
  z
    .string()
    .max(500, PRODUCT_MESSAGES.imageInvalid)
    .regex(/^(https?:\/\/[^\s"'<>]+|\/(?!\/)[^\s"'<>]*)$/, PRODUCT_MESSAGES.imageInvalid),
);

/** The product form (new and edit): prices in pesos become centavos. */
export const ProductSchema = z
  .object({
    name: text({ required: PRODUCT_MESSAGES.nameRequired }).pipe(z.string().max(120, PRODUCT_MESSAGES.nameTooLong)),
    price: Price,
    originalPrice: text()
      .optional()
      .transform((value, ctx) => {
        if (value === undefined || value === "") return null;
        const centavos = parsePesos(value);
        if (centavos === null) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, message: PRICE_MESSAGES.invalid });
          return z.NEVER;
        }
        return centavos;
      }),
    image: ImageUrl,
    // Length rules go before `.optional()`: conform reads an empty field as missing, and a rule
    // piped after the default would see an empty default as missing again.
    description: text({ multiline: true })
      .pipe(z.string().max(5000, PRODUCT_MESSAGES.descriptionTooLong))
      .optional()
      .transform((value) => value ?? ""),
    material: text()
      .pipe(z.string().max(80, PRODUCT_MESSAGES.materialTooLong))
      .optional()
      .transform((value) => value || null),
    categoryId: idField(PRODUCT_MESSAGES.categoryRequired),
    stock: Stock,
    inStock: Checkbox,
    isNew: Checkbox,
    isFeatured: Checkbox,
  })
  .superRefine((value, ctx) => {
    if (value.originalPrice !== null && value.originalPrice <= value.price) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["originalPrice"], message: PRICE_MESSAGES.originalBelow });
    }
  });

export type ProductInput = z.infer<typeof ProductSchema>;

/** Actions of the product list and the product page, one schema per `intent`. */
export const ProductActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("stock"), productId: Id, stock: Stock }),
    z.object({ intent: z.literal("variant-stock"), variantId: Id, stock: Stock }),
    z.object({ intent: z.literal("delete"), productId: Id }),
  ],
  { errorMap: () => ({ message: ADMIN_BAD_REQUEST }) },
);

export type ProductCommand = z.infer<typeof ProductActionSchema>;

export const TRACKING_MESSAGES = {
  invalid: "El código de seguimiento solo puede tener letras, números, espacios y guiones",
  tooLong: "El código de seguimiento no puede tener más de 64 caracteres",
} as const;

/** Actions of the orders tab. An empty tracking code removes it. */
export const OrderActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("status"), orderId: Id, status: z.enum(ORDER_STATUSES, badRequest) }),
    z.object({
      intent: z.literal("tracking"),
      orderId: Id,
      trackingCode: text()
        .pipe(
          z
            .string()
            .max(64, TRACKING_MESSAGES.tooLong)
            .regex(/^[\p{L}\p{N} -]*$/u, TRACKING_MESSAGES.invalid),
        )
        .optional()
        .transform((value) => value ?? ""),
    }),
  ],
  { errorMap: () => ({ message: ADMIN_BAD_REQUEST }) },
);

export type OrderCommand = z.infer<typeof OrderActionSchema>;

export const DEFAULT_RETURN_REASON = "Devolución procesada";

export const RETURN_MESSAGES = {
  orderRequired: "Escribe el número del pedido, por ejemplo LJ123456",
  orderNotFound: "No existe un pedido con ese número",
  notReturnable: "Solo se puede devolver un pedido enviado o entregado, y una sola vez",
  reasonTooLong: "El motivo no puede tener más de 500 caracteres",
} as const;

/** The return form: the order by its public number (LJ + digits) and an optional reason. */
export const ReturnSchema = z.object({
  orderNumber: text({ required: RETURN_MESSAGES.orderRequired })
    .transform((value) => value.toUpperCase())
    .pipe(z.string().regex(/^LJ\d{1,12}$/, RETURN_MESSAGES.orderRequired)),
  reason: text({ multiline: true })
    .pipe(z.string().max(500, RETURN_MESSAGES.reasonTooLong))
    .optional()
    .transform((value) => value || DEFAULT_RETURN_REASON),
});

export const ROLE_MESSAGES = {
  lastAdmin: "No puedes quitarte el rol de administrador: eres el último administrador de la tienda",
  userNotFound: "El usuario ya no existe",
} as const;

export const RoleActionSchema = z.object({
  intent: z.literal("role", badRequest),
  userId: Uuid,
  role: z.enum(ROLES, badRequest),
});

/** The first message of a failed parse (for refusals answered as a 400 or a flash message). */
export function firstMessage(error: Record<string, string[] | null> | undefined): string {
  return Object.values(error ?? {}).find((messages) => messages?.length)?.[0] ?? ADMIN_BAD_REQUEST;
}
