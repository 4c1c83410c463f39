import { pageOf, pageWindow, type Page } from "~/lib/pagination";
import { prisma } from "~/utils/db.server";
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
  createdAt: Date;
  orderNumber: string;
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
        createdAt: true,
        order: { select: { number: true } },
      },
    }),
    prisma.invoice.count(),
  ]);
  const items = rows.map(({ order, ...row }) => ({ ...row, orderNumber: order.number }));
  return pageOf(items, total, page);
}

/** Asks the PAC again for an invoice in error, with the receptor data stored on it, as its shopper. */
export async function retryInvoice(id: string): Promise<InvoiceRequestResult | null> {
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
      order: { select: { number: true, userId: true } },
    },
  });
  if (!invoice || invoice.status !== "error") return null;
  const { order, status: _status, ...receptor } = invoice;
  return requestInvoice({ userId: order.userId, orderNumber: order.number, receptor, late: true });
}
