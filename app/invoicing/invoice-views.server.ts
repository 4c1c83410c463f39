import { invoiceDeadlineText } from "~/lib/cfdi/deadline";
import { parseOrderNumber } from "~/lib/ids";
import type { OrderStatusName } from "~/lib/order-status";
import { prisma } from "~/utils/db.server";
import { globalInvoiceRefusal } from "./global-invoice.server";
import { invoiceFileName } from "./invoice-email.server";
import { renderInvoicePdf } from "./invoice-pdf.server";
import { invoiceRefusal } from "./invoice-rules";
import { getInvoicingSettings } from "./settings.server";

/** Reads for the shopper's invoice pages: Mis Pedidos' links, the request page, the downloads. */

export type InvoiceLink = {
  /** "emitida": downloads; "solicitar": the request page is open until `deadline`; null: nothing to show. */
  state: "emitida" | "solicitar" | "error" | "cancelando" | "cancelada" | null;
  deadline: string | null;
  uuid: string | null;
};

type LinkOrder = {
  number: string;
  status: OrderStatusName;
  paidAt: Date | null;
  invoice: { status: string; uuid: string | null } | null;
  globalInvoice: { orderId: number } | null;
};

/** An invoice the PAC stamped: valid (emitida), being cancelled, or cancelled; its XML stays downloadable. */
const STAMPED = ["emitida", "cancelando", "cancelada"] as const;
export function isStamped(status: string): boolean {
  return (STAMPED as readonly string[]).includes(status);
}

function linkOf(order: LinkOrder, invoicing: boolean, now: Date): InvoiceLink {
  const deadline = order.paidAt ? invoiceDeadlineText(order.paidAt) : null;
  const stamped = order.invoice && isStamped(order.invoice.status) ? order.invoice : null;
  if (stamped) return { state: stamped.status as "emitida" | "cancelando" | "cancelada", deadline, uuid: stamped.uuid };
  if (!invoicing || order.globalInvoice || invoiceRefusal(order, now)) return { state: null, deadline, uuid: null };
  return { state: order.invoice?.status === "error" ? "error" : "solicitar", deadline, uuid: null };
}

/** Per order number, what Mis Pedidos shows about its invoice. */
export async function invoiceLinksForUser(userId: string, now = new Date()): Promise<Record<string, InvoiceLink>> {
  const invoicing = getInvoicingSettings() !== null;
  const orders = await prisma.order.findMany({
    where: { userId, paidAt: { not: null } },
    select: {
      number: true,
      status: true,
      paidAt: true,
      invoice: { select: { status: true, uuid: true } },
      globalInvoice: { select: { orderId: true } },
    },
  });
  return Object.fromEntries(orders.map((order) => [order.number, linkOf(order, invoicing, now)]));
}

/** The request page's order: its number, total, status, deadline, and the invoice when there is one. */
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
      invoice: {
        select: {
          status: true,
          uuid: true,
          series: true,
          folio: true,
          rfc: true,
          name: true,
          email: true,
          errorMessage: true,
        },
      },
    },
  });
  if (!order) return null;
  const invoicing = getInvoicingSettings() !== null;
  return {
    number: order.number,
    total: order.total,
    email: order.email,
    deadline: order.paidAt ? invoiceDeadlineText(order.paidAt) : null,
    refusal:
      order.invoice && isStamped(order.invoice.status)
        ? null
        : invoicing
          ? (invoiceRefusal(order, now) ?? (await globalInvoiceRefusal(order.id)))
          : "off",
    invoice: order.invoice,
  };
}

/** The stamped XML or its PDF, for the order's owner (or staff, `anyOwner`). */
export async function invoiceFile(
  typed: string,
  kind: "xml" | "pdf",
  viewer: { userId: string; anyOwner: boolean },
): Promise<{ filename: string; contentType: string; body: Buffer } | null> {
  const number = parseOrderNumber(typed);
  if (!number) return null;
  const invoice = await prisma.invoice.findFirst({
    where: { status: { in: [...STAMPED] }, order: { number, ...(viewer.anyOwner ? {} : { userId: viewer.userId }) } },
    select: { series: true, folio: true, uuid: true, xml: true },
  });
  if (!invoice?.xml) return null;
  const base = invoiceFileName(invoice);
  if (kind === "xml") {
    return { filename: `${base}.xml`, contentType: "application/xml; charset=utf-8", body: Buffer.from(invoice.xml) };
  }
  return { filename: `${base}.pdf`, contentType: "application/pdf", body: await renderInvoicePdf(invoice.xml) };
}
