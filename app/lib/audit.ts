// Types only (erased from the bundle): the writers' own lists, so a new value without a label fails to compile.
import type { SystemChange } from "~/models/order-lifecycle.server";
import type { ReleaseReason } from "~/models/order.server";
import { carrierLabel } from "./carriers";
import { formatDateTime } from "./dates";
import { formatMoney } from "./money";
import { isOrderStatus, ORDER_STATUS_INFO } from "./order-status";
import { isPaymentMethod, PAYMENT_METHOD_LABELS } from "./payment-methods";
import { isRole, ROLE_LABEL } from "./roles";
import { isReturnRequestKind, isReturnRequestStatus, RETURN_KIND_LABEL, RETURN_STATUS_INFO } from "./return-requests";

/** What an audit entry records, how the panel names it, and how its values read for a shop owner. */

export type AuditAction =
  | "stock"
  | "variant_stock"
  | "variant_create"
  | "variant"
  | "variant_archive"
  | "variant_delete"
  | "product"
  | "product_create"
  | "product_delete"
  | "product_archive"
  | "product_restore"
  | "product_import"
  | "status"
  | "tracking"
  | "return"
  | "refund"
  | "return_request"
  | "role"
  | "password_reset"
  | "invoice"
  | "sale_event"
  | "sale_event_archive"
  | "category_sat_key"
  | "issuer_settings"
  | "discount_code";

export const AUDIT_ACTION_LABEL: Record<AuditAction, string> = {
  stock: "Existencias",
  variant_stock: "Existencias de variante",
  variant_create: "Variante agregada",
  variant: "Variante editada",
  variant_archive: "Variante archivada",
  variant_delete: "Variante eliminada",
  product: "Producto editado",
  product_create: "Producto creado",
  product_delete: "Producto eliminado",
  product_archive: "Producto archivado",
  product_restore: "Producto restaurado",
  product_import: "Importación de catálogo",
  status: "Estado del pedido",
  tracking: "Envío",
  return: "Devolución",
  refund: "Reembolso",
  return_request: "Devolución o cambio solicitado",
  role: "Rol de usuario",
  password_reset: "Contraseña restablecida",
  invoice: "Factura (CFDI)",
  sale_event: "Evento de ofertas",
  sale_event_archive: "Evento de ofertas archivado o restaurado",
  category_sat_key: "Clave SAT de categoría",
  issuer_settings: "Datos fiscales de la tienda",
  discount_code: "Cupón de descuento",
};

/** Field names of the trail as the panel labels them, in the order the panel lists them. */
const FIELD_LABEL: Record<string, string> = {
  name: "Nombre",
  model: "Modelo",
  size: "Talla",
  categoryId: "Categoría",
  material: "Material",
  price: "Precio",
  originalPrice: "Precio original",
  stock: "Existencias",
  inStock: "En venta",
  isNew: "Nuevo",
  isFeatured: "Destacado",
  description: "Descripción",
  image: "Foto",
  images: "Fotos",
  archivedAt: "Archivado",
  status: "Estado",
  carrier: "Paquetería",
  trackingCode: "Código de rastreo",
  reason: "Motivo",
  items: "Piezas",
  via: "Origen",
  awaiting: "Esperando el pago por",
  holdUntil: "Piezas apartadas hasta",
  restocked: "Piezas de vuelta en existencias",
  refundDue: "Pago por reembolsar",
  role: "Rol",
  rows: "Filas leídas",
  created: "Productos nuevos",
  updated: "Productos que cambiaron",
  unchanged: "Productos sin cambios",
  variantsCreated: "Variantes nuevas",
  variantsChanged: "Variantes que cambiaron",
  sessionsEnded: "Sesiones cerradas",
  paidAmount: "Monto cobrado",
  expectedTotal: "Total del pedido",
  refund: "Reembolso",
  amount: "Monto",
  method: "Forma de reembolso",
  shipping: "Envío reembolsado",
  reference: "Referencia",
  failureReason: "Motivo del fallo",
  request: "Solicitud",
  kind: "Tipo",
  message: "Mensaje al cliente",
  sellable: "Piezas vendibles de vuelta",
  invoice: "Factura",
  uuid: "Folio fiscal (UUID)",
  motive: "Motivo SAT",
  result: "Resultado",
  percentOff: "Descuento (%)",
  startsAt: "Empieza",
  endsAt: "Termina",
  categoryIds: "Categorías",
  productIds: "Piezas",
  category: "Categoría",
  satProductKey: "Clave de producto SAT",
  rfc: "RFC",
  razonSocial: "Razón social",
  regimenFiscal: "Régimen fiscal",
  lugarExpedicion: "Lugar de expedición (C.P.)",
  creditNote: "Nota de crédito",
  cupon: "Cupón",
  descuento: "Descuento",
  condiciones: "Condiciones",
  archivado: "Archivado",
};

const FIELD_ORDER = Object.keys(FIELD_LABEL);

const MONEY_FIELDS = new Set(["price", "originalPrice", "total", "amount", "shipping"]);

/** The shop's own writers of a status, as the trail names them (author `sistema`). */
export const VIA_LABEL: Record<SystemChange, string> = {
  webhook: "Aviso del procesador de pagos",
  success_page: "Página de pago exitoso",
  cancel_page: "Página de pago cancelado",
  sweep: "Reserva vencida",
  checkout: "Pago fallido",
};

/** Why the shop cancelled a pending order on its own (`reason` of a status entry), as the trail reads it. */
export const RELEASE_REASON_LABEL: Record<ReleaseReason, string> = {
  expired: "El pago no se completó a tiempo",
  cancelled: "El cliente canceló el pago",
  payment_failed: "El pago fue rechazado",
  checkout_failed: "No se pudo abrir la página de pago",
  voucher_expired: "La ficha OXXO o la transferencia venció sin pago",
  replaced: "El cliente volvió a pulsar PAGAR: se abrió un pago nuevo",
  amount_mismatch: "El monto cobrado no coincide con el total del pedido",
};

/** A refund's state and method (app/models/refunds.server.ts), as the trail reads them. */
const REFUND_LABEL: Record<string, string> = {
  solicitado: "Solicitado por el equipo",
  pendiente: "Pendiente de confirmar por el procesador",
  reembolsado: "Reembolsado",
  fallido: "Fallido",
  atendido: "Atendido",
};
const REFUND_METHOD_LABEL: Record<string, string> = {
  card: "Tarjeta (procesador de pagos)",
  transfer: "Transferencia SPEI (manual)",
};

/** An invoice's state (app/invoicing), as the trail reads it. */
const INVOICE_STATUS_LABEL: Record<string, string> = {
  emitida: "Emitida",
  error: "Error al emitir",
  emitiendo: "Emitiéndose",
  cancelando: "Por cancelar ante el SAT",
  cancelada: "Cancelada ante el SAT",
};

/** "2026-11-28T05:24:22.033Z": an instant as the trail stores it (JSON has no dates). */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * Fields never listed: what identifies the thing changed (the entry's title names it), a variant's
 * name (its model and size are listed) and its position among the others.
 */
const HIDDEN_FIELDS = new Set(["variantId", "variant", "sortOrder"]);

export type AuditContext = { categories?: Record<number, string> };

/** One value of the trail as text: pesos, dates, statuses, roles, carriers, payment methods, reasons, sí/no. */
export function auditValue(field: string, value: unknown, context: AuditContext = {}): string {
  if (value === null || value === undefined || value === "") return "—";
  if (MONEY_FIELDS.has(field) && typeof value === "number") return formatMoney(value);
  if (typeof value === "boolean") return value ? "Sí" : "No";
  if (field === "status" && isOrderStatus(value)) return ORDER_STATUS_INFO[value].label;
  if (field === "role" && isRole(value)) return ROLE_LABEL[value];
  if (field === "carrier" && typeof value === "string") return carrierLabel(value) ?? value;
  if (field === "via" && typeof value === "string" && Object.hasOwn(VIA_LABEL, value)) {
    return VIA_LABEL[value as SystemChange];
  }
  if (field === "refund" && typeof value === "string") return REFUND_LABEL[value] ?? value;
  if (field === "method" && typeof value === "string") return REFUND_METHOD_LABEL[value] ?? value;
  if (field === "request" && isReturnRequestStatus(value)) return RETURN_STATUS_INFO[value].label;
  if (field === "kind" && isReturnRequestKind(value)) return RETURN_KIND_LABEL[value];
  if ((field === "invoice" || field === "creditNote") && typeof value === "string") {
    return INVOICE_STATUS_LABEL[value] ?? value;
  }
  if (field === "categoryId" && typeof value === "number") return context.categories?.[value] ?? `#${value}`;
  if (field === "awaiting" && isPaymentMethod(value)) return PAYMENT_METHOD_LABELS[value];
  if (field === "reason" && typeof value === "string" && Object.hasOwn(RELEASE_REASON_LABEL, value)) {
    return RELEASE_REASON_LABEL[value as ReleaseReason];
  }
  // Dates (archivedAt, holdUntil, …) in the shop's format and time zone, like the entry's own date.
  if (typeof value === "string" && ISO_INSTANT.test(value)) return formatDateTime(value);
  if (field === "items" && Array.isArray(value)) return value.map(itemText).join("; ");
  if (Array.isArray(value)) return value.map((v) => (typeof v === "string" ? v : JSON.stringify(v))).join(", ");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

function itemText(item: unknown): string {
  if (typeof item !== "object" || item === null) return String(item);
  const { quantity, productName, variantName } = item as Record<string, unknown>;
  return `${String(quantity ?? "?")} × ${String(productName ?? "")}${variantName ? ` (${String(variantName)})` : ""}`;
}

export type AuditChange = { field: string; label: string; before: string | null; after: string | null };

function rank(field: string): number {
  const i = FIELD_ORDER.indexOf(field);
  return i < 0 ? FIELD_ORDER.length : i;
}

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/**
 * What an entry changed, field by field, in Spanish: "Precio: $4,890.00 → $4,790.00". A creation
 * lists what was created (`before` null), a removal what was removed (`after` null); an edit lists
 * only the fields whose value changed. Fields staff never see (ids of variants) are left out.
 */
export function describeAuditChanges(
  entry: { before: unknown; after: unknown },
  context: AuditContext = {},
): AuditChange[] {
  const before = record(entry.before);
  const after = record(entry.after);
  const isVariant = Boolean(before?.variant ?? after?.variant);
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].sort(
    (a, b) => rank(a) - rank(b),
  );
  const blank = (value: unknown) => value === null || value === undefined || value === "";
  return fields
    .filter((field) => !HIDDEN_FIELDS.has(field) && !(isVariant && field === "name"))
    .filter((field) =>
      before && after
        ? JSON.stringify(before[field]) !== JSON.stringify(after[field])
        : // A creation or a removal lists what the thing had, not its empty fields.
          !blank((after ?? before)?.[field]),
    )
    .map((field) => ({
      field,
      label: FIELD_LABEL[field] ?? field,
      before: before && field in before ? auditValue(field, before[field], context) : null,
      after: after && field in after ? auditValue(field, after[field], context) : null,
    }));
}

/** The variant an entry is about, as the trail recorded it (its name), if any. */
export function auditVariantName(entry: { before: unknown; after: unknown }): string | null {
  for (const side of [record(entry.after), record(entry.before)]) {
    const name = side?.variant;
    if (typeof name === "string" && name) return name;
  }
  return null;
}
