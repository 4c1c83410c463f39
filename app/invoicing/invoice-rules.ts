import { canStillRequestInvoice, invoiceDeadlineText } from "~/lib/cfdi/deadline";
import type { OrderStatusName } from "~/lib/order-status";

/**
 * Which orders a shopper may ask an invoice for (docs/decisions/035): a paid order not given back
 * (procesando, enviado, entregado), until the end of the calendar month it was paid in, Mexico City time.
 */

export const INVOICEABLE_STATUSES: readonly OrderStatusName[] = ["procesando", "enviado", "entregado"];

export const INVOICE_MESSAGES = {
  off: "La facturación en línea no está disponible por ahora. Escríbenos y te enviamos tu factura.",
  notPaid: "Sólo se factura un pedido pagado.",
  givenBack: "Este pedido fue cancelado, reembolsado o devuelto: no se factura.",
  inProgress: "Tu factura se está emitiendo en este momento. Recarga la página en unos segundos para descargarla.",
  cancelled: "La factura de este pedido fue cancelada. Escríbenos si necesitas una nueva.",
  substituting:
    "Estamos corrigiendo la factura de este pedido: te enviamos la nueva en cuanto quede emitida. Escríbenos si tienes dudas.",
  notStamped: "Esa factura no está emitida o ya se está cancelando o sustituyendo.",
} as const;

export function lateMessage(paidAt: Date): string {
  return `El plazo para solicitar la factura de este pedido terminó el ${invoiceDeadlineText(paidAt)} (fin del mes de la compra). Tu compra quedó incluida en la factura global de la tienda.`;
}

/** Why this order cannot be invoiced now, or null when it can. */
export function invoiceRefusal(
  order: { status: OrderStatusName; paidAt: Date | null },
  now: Date = new Date(),
  { late = false }: { late?: boolean } = {},
): string | null {
  if (order.paidAt === null) return INVOICE_MESSAGES.notPaid;
  if (!INVOICEABLE_STATUSES.includes(order.status)) return INVOICE_MESSAGES.givenBack;
  if (!late && !canStillRequestInvoice(order.paidAt, now)) return lateMessage(order.paidAt);
  return null;
}
