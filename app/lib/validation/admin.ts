import { z } from "zod";
import { CARRIER_KEYS } from "~/lib/carriers";
import { idField } from "./id-field";
import { isOrderStatus, ORDER_STATUSES, type OrderStatusName } from "~/lib/order-status";
import { ROLES } from "~/lib/roles";
import { text } from "./text";

/**
 * What the admin panel's actions accept. Ids, intents, statuses and roles are written by the
 * panel's own pages, so a bad one is a malformed request (400); what staff type (names, prices,
 * stock, tracking codes, reasons) gets a Spanish message next to its field. The product form's
 * schemas are in ./admin-product.ts.
 */

export const ADMIN_BAD_REQUEST = "Solicitud no válida";

const badRequest = { required_error: ADMIN_BAD_REQUEST, invalid_type_error: ADMIN_BAD_REQUEST };

const Id = idField(ADMIN_BAD_REQUEST);

const Uuid = z.string(badRequest).uuid(ADMIN_BAD_REQUEST);

export const TRACKING_MESSAGES = {
  invalid: "El número de guía solo puede tener letras, números, espacios y guiones",
  tooLong: "El número de guía no puede tener más de 64 caracteres",
  required: "Escribe el número de guía",
  carrier: "Elige la paquetería",
} as const;

/**
 * Who carries the parcel and its guide number: the number is required except with "Otra
 * paquetería" (a local courier or a delivery by hand may have none).
 */
const shipmentFields = {
  orderId: Id,
  carrier: z.enum(CARRIER_KEYS, { errorMap: () => ({ message: TRACKING_MESSAGES.carrier }) }),
  trackingCode: text()
    .pipe(
      z
        .string()
        .max(64, TRACKING_MESSAGES.tooLong)
        .regex(/^[\p{L}\p{N} -]*$/u, TRACKING_MESSAGES.invalid),
    )
    .optional()
    .transform((value) => value || null),
};

function requireGuide(value: { carrier: string; trackingCode: string | null }, ctx: z.RefinementCtx) {
  if (value.carrier !== "otra" && value.trackingCode === null) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["trackingCode"], message: TRACKING_MESSAGES.required });
  }
}

/**
 * Actions of an order (the Pedidos tab and the order page): a change of status the lifecycle allows,
 * shipping (carrier and guide number, which e-mails the shopper), or correcting the carrier or guide
 * number afterwards.
 */
export const OrderActionSchema = z
  .discriminatedUnion(
    "intent",
    [
      z.object({ intent: z.literal("status"), orderId: Id, status: z.enum(ORDER_STATUSES, badRequest) }),
      z.object({ intent: z.literal("ship"), ...shipmentFields }),
      z.object({ intent: z.literal("tracking"), ...shipmentFields }),
    ],
    { errorMap: () => ({ message: ADMIN_BAD_REQUEST }) },
  )
  .superRefine((value, ctx) => {
    if (value.intent !== "status") requireGuide(value, ctx);
  });

export type OrderCommand = z.infer<typeof OrderActionSchema>;

export const DEFAULT_RETURN_REASON = "Devolución procesada";

export const RETURN_MESSAGES = {
  orderRequired: "Escribe el número del pedido, por ejemplo LJ4821937365",
  orderNotFound: "No existe un pedido con ese número",
  notReturnable: "Solo se puede devolver un pedido enviado o entregado, y una sola vez",
  hasRequests: "Este pedido tiene solicitudes de devolución o cambio del cliente: atiéndelas en su solicitud",
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

export const EXPORT_MESSAGES = {
  date: "Escribe las fechas como AAAA-MM-DD, por ejemplo 2026-11-01",
  range: "La fecha «desde» debe ser anterior a la fecha «hasta»",
} as const;

/** A calendar day as forms and links carry it (YYYY-MM-DD), or null when it is not a real day. */
export function parseDay(value: string | null): string | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) ? value : null;
}

/**
 * The orders export's filter from its query: `desde` and `hasta` (days, both included, either may be
 * left out) and `estado`. A malformed day is refused with a Spanish message; an unknown status means all.
 */
export function parseExportFilter(
  params: URLSearchParams,
):
  | { ok: true; value: { from: string | null; to: string | null; status: OrderStatusName | null } }
  | { ok: false; message: string } {
  const raw = { from: params.get("desde") || null, to: params.get("hasta") || null };
  const from = parseDay(raw.from);
  const to = parseDay(raw.to);
  if ((raw.from && !from) || (raw.to && !to)) return { ok: false, message: EXPORT_MESSAGES.date };
  if (from && to && from > to) return { ok: false, message: EXPORT_MESSAGES.range };
  const estado = params.get("estado");
  return { ok: true, value: { from, to, status: isOrderStatus(estado) ? estado : null } };
}
