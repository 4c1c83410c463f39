import { invoiceDeadlineText } from "~/lib/cfdi/deadline";
import { currentInvoice, holdsTheOrder, invoiceHistory } from "~/lib/cfdi/invoice-history";
import { parseOrderNumber } from "~/lib/ids";
import type { OrderStatusName } from "~/lib/order-status";
import { prisma } from "~/utils/db.server";
import { globalInvoiceRefusal } from "./global-invoice.server";
import { invoiceFileName } from "./invoice-email.server";
import { renderInvoicePdf } from "./invoice-pdf.server";
import { invoiceRefusal } from "./invoice-rules";
import { getInvoicingSettings } from "./settings.server";

/**
 * Reads for the shopper's invoice pages: Mis Pedidos' links, the request page, the downloads. An order's
 * invoices are a history (docs/decisions/035 "Invoice history"): the current one first, then the earlier
 * stamped ones (cancelled, their XML and PDF still downloadable); after a cancellation with 02 the order
 * may be asked for again within the month's deadline.
 */

/** A stamped invoice of the order as its pages list it; its files at `/orders/<number>/factura/<folio>.pdf`. */
export type StampedInvoiceRow = { folio: number; series: string; status: string; uuid: string | null };

export type InvoiceLink = {
  /** The current invoice's state, or "solicitar"/"error" while the shopper may ask (again); null: nothing. */
  state: "emitida" | "solicitar" | "error" | "cancelando" | "cancelada" | null;
  deadline: string | null;
  uuid: string | null;
  /** Every stamped invoice of the order, the current one first. */
  stamped: StampedInvoiceRow[];
};

const HISTORY_SELECT = {
  status: true,
  uuid: true,
  series: true,
  folio: true,
  cancelMotive: true,
  createdAt: true,
} as const;

type Row = {
  status: string;
  uuid: string | null;
  series: string;
  folio: number;
  cancelMotive: string | null;
  createdAt: Date;
};

type LinkOrder = {
  number: string;
  status: OrderStatusName;
  paidAt: Date | null;
  invoices: Row[];
  globalInvoice: { orderId: number } | null;
};

/** An invoice the PAC stamped: valid (emitida), being cancelled, or cancelled; its XML stays downloadable. */
const STAMPED = ["emitida", "cancelando", "cancelada"] as const;
export function isStamped(status: string): boolean {
  return (STAMPED as readonly string[]).includes(status);
}

/** Whether the order holds a stamped invoice now (none: it may be asked for, again after a cancellation). */
function holdsStamped(invoices: readonly Row[]): boolean {
  return invoices.some((row) => isStamped(row.status) && (holdsTheOrder(row) || row.status === "emitida"));
}

function stampedRows(invoices: readonly Row[]): StampedInvoiceRow[] {
  return invoiceHistory(invoices)
    .filter((row) => isStamped(row.status))
    .map(({ folio, series, status, uuid }) => ({ folio, series, status, uuid }));
}

function linkOf(order: LinkOrder, invoicing: boolean, now: Date): InvoiceLink {
  const deadline = order.paidAt ? invoiceDeadlineText(order.paidAt) : null;
  const stamped = stampedRows(order.invoices);
  const current = currentInvoice(order.invoices);
  const base = { deadline, stamped };
  if (current && holdsStamped(order.invoices)) {
    return { ...base, state: current.status as "emitida" | "cancelando", uuid: current.uuid };
  }
  const live = order.invoices.find(holdsTheOrder);
  if (invoicing && !order.globalInvoice && !invoiceRefusal(order, now)) {
    return { ...base, state: live?.status === "error" ? "error" : "solicitar", uuid: null };
  }
  if (current?.status === "cancelada") return { ...base, state: "cancelada", uuid: current.uuid };
  return { ...base, state: null, uuid: null };
}

/** Per order number, what Mis Pedidos shows about its invoices. */
export async function invoiceLinksForUser(userId: string, now = new Date()): Promise<Record<string, InvoiceLink>> {
  const invoicing = getInvoicingSettings() !== null;
  const orders = await prisma.order.findMany({
    where: { userId, paidAt: { not: null } },
    select: {
      number: true,
      status: true,
      paidAt: true,
      invoices: { select: HISTORY_SELECT },
      globalInvoice: { select: { orderId: true } },
    },
  });
  return Object.fromEntries(orders.map((order) => [order.number, linkOf(order, invoicing, now)]));
}

/**
 * The request page's order: its number, total, deadline; `invoice`, the current stamped invoice (none
 * after a cancellation with 02 while it may be asked for again); `previous`, the other stamped ones.
 */
export async function invoicePageOrder(userId: string, typed: string, now = new Date()) {
  // Only an order number reaches the database (a NUL byte in the address was a 500 there).
  const number = parseOrderNumber(typed);
  if (!number) return null;
  const order = await prisma.order.findFirst({
    where: { number, userId },
    select: {
      id: true,
      number: true,
      status: true,
      paidAt: true,
      total: true,
      email: true,
      invoices: {
        select: { ...HISTORY_SELECT, rfc: true, name: true, email: true, errorMessage: true, cancelMotive: true },
      },
    },
  });
  if (!order) return null;
  const invoicing = getInvoicingSettings() !== null;
  const refusal = invoicing ? (invoiceRefusal(order, now) ?? (await globalInvoiceRefusal(order.id))) : "off";
  const current = currentInvoice(order.invoices);
  // A cancelled invoice stays on top when no other can follow it (a refund, the deadline passed).
  const shown = current && isStamped(current.status) && (holdsStamped(order.invoices) || refusal) ? current : null;
  return {
    number: order.number,
    total: order.total,
    email: order.email,
    deadline: order.paidAt ? invoiceDeadlineText(order.paidAt) : null,
    refusal: shown ? null : refusal,
    invoice: shown,
    previous: invoiceHistory(order.invoices).filter((row) => row !== shown && isStamped(row.status)),
  };
}

/**
 * A stamped invoice's XML or its PDF, for the order's owner (or staff, `anyOwner`): the one of `folio`, or
 * without it the order's current stamped invoice.
 */
export async function invoiceFile(
  typed: string,
  kind: "xml" | "pdf",
  viewer: { userId: string; anyOwner: boolean },
  folio?: number,
): Promise<{ filename: string; contentType: string; body: Buffer } | null> {
  const number = parseOrderNumber(typed);
  if (!number) return null;
  const invoices = await prisma.invoice.findMany({
    where: {
      status: { in: [...STAMPED] },
      ...(folio === undefined ? {} : { folio }),
      order: { number, ...(viewer.anyOwner ? {} : { userId: viewer.userId }) },
    },
    select: { ...HISTORY_SELECT, xml: true },
  });
  const invoice = currentInvoice(invoices);
  if (!invoice?.xml) return null;
  const base = invoiceFileName(invoice);
  if (kind === "xml") {
    return { filename: `${base}.xml`, contentType: "application/xml; charset=utf-8", body: Buffer.from(invoice.xml) };
  }
  return { filename: `${base}.pdf`, contentType: "application/pdf", body: await renderInvoicePdf(invoice.xml) };
}

/** `<folio>.xml` or `<folio>.pdf` of an order's invoice address, or null. */
export function parseInvoiceFile(typed: string): { folio: number; kind: "xml" | "pdf" } | null {
  const file = /^(\d{1,9})\.(xml|pdf)$/.exec(typed);
  return file ? { folio: Number(file[1]), kind: file[2] as "xml" | "pdf" } : null;
}
