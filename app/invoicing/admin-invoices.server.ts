import { ORDER_INVOICE_SELECT, type OrderInvoiceFigures, orderInvoiceFigures } from "~/lib/cfdi/invoice-status";
import { pageOf, pageWindow, type Page } from "~/lib/pagination";
import { type Actor, recordAudit } from "~/models/audit.server";
import { prisma } from "~/utils/db.server";
import { cancelInvoice, type CancelResult } from "./invoice-cancel.server";
import { substituteInvoice } from "./invoice-substitute.server";
import { requestInvoice, type InvoiceRequestResult } from "./invoice.server";

/**
 * /admin/facturas: every invoice, newest first, with its status (emitida, error, emitiendo, cancelada),
 * order, receptor, total and UUID; staff retry one in error with the data the shopper gave.
 */

export type AdminInvoiceRow = {
  id: string;
  status: string;
  series: string;
  folio: number;
  uuid: string | null;
  rfc: string;
  name: string;
  total: number;
  errorCode: string | null;
  errorMessage: string | null;
  cancelMotive: string | null;
  cancelError: string | null;
  cancelledAt: Date | null;
  createdAt: Date;
  orderNumber: string;
  /** The UUID of the invoice this one substitutes (motive 01). */
  replacesUuid: string | null;
  /** Its substitution is under way or done. */
  replaced: boolean;
};

export async function listInvoices(page: number): Promise<Page<AdminInvoiceRow>> {
  const [rows, total] = await prisma.$transaction([
    prisma.invoice.findMany({
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      ...pageWindow(page),
      select: {
        id: true,
        status: true,
        series: true,
        folio: true,
        uuid: true,
        rfc: true,
        name: true,
        total: true,
        errorCode: true,
        errorMessage: true,
        cancelMotive: true,
        cancelError: true,
        cancelledAt: true,
        createdAt: true,
        order: { select: { number: true } },
        replaces: { select: { uuid: true } },
        replacedBy: { select: { id: true } },
      },
    }),
    prisma.invoice.count(),
  ]);
  const items = rows.map(({ order, replaces, replacedBy, ...row }) => ({
    ...row,
    orderNumber: order.number,
    replacesUuid: replaces?.uuid ?? null,
    replaced: replacedBy !== null,
  }));
  return pageOf(items, total, page);
}

/**
 * Asks the PAC again for an invoice in error, with the receptor data stored on it: as its shopper, or, for
 * a substitute, as the substitution it is.
 */
export async function retryInvoice(id: string, actor: Actor): Promise<InvoiceRequestResult | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const invoice = await prisma.invoice.findUnique({
    where: { id },
    select: {
      status: true,
      rfc: true,
      name: true,
      regimen: true,
      zip: true,
      uso: true,
      email: true,
      replacesInvoiceId: true,
      order: { select: { id: true, number: true, userId: true } },
    },
  });
  if (!invoice || invoice.status !== "error") return null;
  const { order, status: _status, replacesInvoiceId, ...receptor } = invoice;
  if (replacesInvoiceId) {
    const substituted = await substituteInvoice({ invoiceId: replacesInvoiceId, receptor, actor });
    return substituted.status === "substituted" ? { status: "issued", uuid: substituted.uuid } : substituted;
  }
  const result = await requestInvoice({ userId: order.userId, orderNumber: order.number, receptor, late: true });
  await auditRetry(
    actor,
    order.id,
    { invoice: "error" },
    {
      invoice: result.status === "issued" ? "emitida" : "error",
      ...(result.status === "issued" ? { uuid: result.uuid } : { result: result.message }),
    },
  );
  return result;
}

/** Asks the PAC again to cancel an invoice whose cancellation failed (it stays "cancelando" until it is done). */
export async function retryCancellation(id: string, actor: Actor): Promise<CancelResult | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const invoice = await prisma.invoice.findUnique({
    where: { id },
    select: { orderId: true, status: true, uuid: true, cancelMotive: true },
  });
  if (!invoice || invoice.status !== "cancelando") return null;
  const result = await cancelInvoice(id);
  await auditRetry(
    actor,
    invoice.orderId,
    { invoice: "cancelando", uuid: invoice.uuid, motive: invoice.cancelMotive },
    {
      invoice: result.status === "cancelled" ? "cancelada" : "cancelando",
      ...(result.status === "failed" ? { result: result.message } : {}),
    },
  );
  return result;
}

/** Staff retries go to the order's audit trail, with what the PAC answered. */
async function auditRetry(
  actor: Actor,
  orderId: number,
  before: Record<string, string | null>,
  after: Record<string, string | null>,
) {
  await prisma.$transaction((tx) => recordAudit(tx, actor, { action: "invoice", orderId, before, after }));
}

/** The admin order page's invoice figures: its own CFDI or the factura global covering it, or null. */
export async function orderInvoiceFor(orderId: number): Promise<OrderInvoiceFigures | null> {
  const order = await prisma.order.findUnique({ where: { id: orderId }, select: ORDER_INVOICE_SELECT });
  return order ? orderInvoiceFigures(order) : null;
}

/** The invoice's admin screen (/admin/facturas/<id>): its receptor, its place in the order's history. */
export async function adminInvoice(id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  return prisma.invoice.findUnique({
    where: { id },
    select: {
      id: true,
      status: true,
      series: true,
      folio: true,
      uuid: true,
      rfc: true,
      name: true,
      regimen: true,
      zip: true,
      uso: true,
      email: true,
      total: true,
      cancelMotive: true,
      errorMessage: true,
      order: { select: { number: true } },
      replaces: { select: { id: true, uuid: true, series: true, folio: true } },
      replacedBy: { select: { id: true, uuid: true, series: true, folio: true, status: true } },
    },
  });
}
