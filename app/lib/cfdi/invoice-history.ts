/**
 * An order's invoices are a history (docs/decisions/035 "Invoice history"): after a cancellation with
 * motive 02 a new one may be issued, and a substitute (motive 01) replaces the one it relates. These pure
 * rules say which of them counts; the database's partial unique index
 * (`invoices_one_live_per_order`) keeps the same rule as `holdsTheOrder`.
 */

export type HistoryInvoice = {
  status: string;
  uuid: string | null;
  cancelMotive: string | null;
  createdAt: Date;
};

/** The motive of the invoice being replaced: once its substitute's row exists it no longer holds the order. */
export const SUBSTITUTION_MOTIVE = "01";

/** Not cancelled and not on its way out by a substitute: the order's one live invoice. */
export function holdsTheOrder(invoice: Pick<HistoryInvoice, "status" | "cancelMotive">): boolean {
  return invoice.status !== "cancelada" && invoice.cancelMotive !== SUBSTITUTION_MOTIVE;
}

function newestFirst<T extends HistoryInvoice>(invoices: readonly T[]): T[] {
  return [...invoices].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
}

/**
 * The invoice staff and the shopper read first: the live one once it is stamped; while a substitute is
 * still being stamped (or failed), the invoice it replaces, which is still the valid one; else the newest.
 */
export function currentInvoice<T extends HistoryInvoice>(invoices: readonly T[]): T | null {
  const sorted = newestFirst(invoices);
  const live = sorted.find(holdsTheOrder);
  if (live && (live.status === "emitida" || live.status === "cancelando")) return live;
  return stampedInvoice(sorted) ?? live ?? sorted[0] ?? null;
}

/** The newest invoice valid before the SAT (emitida, with its UUID): what a credit note relates. */
export function stampedInvoice<T extends HistoryInvoice>(invoices: readonly T[]): T | null {
  return newestFirst(invoices).find((invoice) => invoice.status === "emitida" && invoice.uuid !== null) ?? null;
}

/** The history as listed: the current invoice first, then the others newest first. */
export function invoiceHistory<T extends HistoryInvoice>(invoices: readonly T[]): T[] {
  const current = currentInvoice(invoices);
  return current ? [current, ...newestFirst(invoices).filter((invoice) => invoice !== current)] : [];
}
