import { currentInvoice, type HistoryInvoice } from "./invoice-history";

/** An order's invoice as staff read it (CSV export, order page): the CFDI's state, UUID and total. */

export const INVOICE_STATUS_LABELS: Record<string, string> = {
  emitida: "Emitida",
  error: "Error al emitir",
  emitiendo: "Emitiéndose",
  cancelando: "Por cancelar",
  cancelada: "Cancelada",
};

export type OrderInvoiceFigures = { state: string; uuid: string | null; total: number | null };

/** The order's current invoice (`currentInvoice`), else the factura global that covers it, else null. */
export function orderInvoiceFigures(order: {
  invoices: (HistoryInvoice & { total: number })[];
  globalInvoice: { globalInvoice: { status: string; uuid: string | null; series: string; folio: number } } | null;
}): OrderInvoiceFigures | null {
  const invoice = currentInvoice(order.invoices);
  if (invoice) {
    const { status, uuid, total } = invoice;
    return { state: INVOICE_STATUS_LABELS[status] ?? status, uuid, total: uuid ? total : null };
  }
  const global = order.globalInvoice?.globalInvoice;
  if (global) {
    const state = `Factura global ${global.series}-${global.folio}${global.status === "emitida" ? "" : ` (${INVOICE_STATUS_LABELS[global.status] ?? global.status})`}`;
    return { state, uuid: global.uuid, total: null };
  }
  return null;
}

/** What to select of an order for `orderInvoiceFigures`. */
export const ORDER_INVOICE_SELECT = {
  invoices: { select: { status: true, uuid: true, total: true, cancelMotive: true, createdAt: true } },
  globalInvoice: { select: { globalInvoice: { select: { status: true, uuid: true, series: true, folio: true } } } },
} as const;
