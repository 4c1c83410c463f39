import { canStillRequestInvoice } from "~/lib/cfdi/deadline";
import { INVOICEABLE_STATUSES } from "./invoice-rules";
import { issueCheckoutInvoice } from "./checkout-invoice.server";
import { getInvoicingSettings } from "./settings.server";
import { prisma } from "~/utils/db.server";

/** Left to the payment's own path first: it issues the invoice as the webhook confirms the payment. */
export const CHECKOUT_INVOICE_GRACE_MS = 5 * 60_000;
const BATCH = 20;
const DAY_MS = 86_400_000;

/**
 * Issues the invoices asked for at checkout that the payment's own path never issued — its process died
 * (a deploy, a crash) between the payment and the stamp. Picks paid orders with a checkout request, no
 * invoice of their own (an invoice in error is staff's to retry, in /admin/facturas) and no factura
 * global, paid over five minutes ago and still within the month's deadline; each goes through
 * `issueCheckoutInvoice`, which issues exactly once however many instances run this at the same time.
 * Returns how many it tried.
 */
export async function issueMissedCheckoutInvoices(now = new Date()): Promise<number> {
  if (!getInvoicingSettings()) return 0;
  const missed = await prisma.order.findMany({
    where: {
      invoiceRequest: { isNot: null },
      invoices: { none: {} },
      globalInvoice: { is: null },
      status: { in: [...INVOICEABLE_STATUSES] },
      // The deadline is the end of the purchase's month: nothing paid over a month ago is still due.
      paidAt: { gt: new Date(now.getTime() - 32 * DAY_MS), lt: new Date(now.getTime() - CHECKOUT_INVOICE_GRACE_MS) },
    },
    orderBy: { paidAt: "desc" },
    take: BATCH,
    select: { id: true, paidAt: true },
  });
  const due = missed.filter((order) => order.paidAt && canStillRequestInvoice(order.paidAt, now));
  for (const order of due) await issueCheckoutInvoice(order.id, now);
  return due.length;
}
