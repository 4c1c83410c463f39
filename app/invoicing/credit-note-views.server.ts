import { parseOrderNumber } from "~/lib/ids";
import { type Actor, recordAudit } from "~/models/audit.server";
import { prisma } from "~/utils/db.server";
import { issueCreditNote } from "./credit-note.server";
import { invoiceFileName } from "./invoice-email.server";
import { renderInvoicePdf } from "./invoice-pdf.server";

/**
 * The egresos (notas de crédito, docs/decisions/050) as the shopper sees them in Mis Pedidos and staff in
 * /admin/facturas: listed with their status, the XML and PDF downloadable, staff retrying one in error.
 */

export type CreditNoteView = {
  id: string;
  status: string;
  series: string;
  folio: number;
  uuid: string | null;
  total: number;
  relatedUuid: string;
  errorMessage: string | null;
  orderNumber: string;
};

const SELECT = {
  id: true,
  status: true,
  series: true,
  folio: true,
  uuid: true,
  total: true,
  relatedUuid: true,
  errorMessage: true,
  orderId: true,
} as const;

async function withNumbers(rows: Array<Omit<CreditNoteView, "orderNumber"> & { orderId: number }>) {
  const orders = await prisma.order.findMany({
    where: { id: { in: [...new Set(rows.map((r) => r.orderId))] } },
    select: { id: true, number: true },
  });
  return rows.map(({ orderId, ...row }) => ({
    ...row,
    orderNumber: orders.find((o) => o.id === orderId)?.number ?? "",
  }));
}

/** A shopper's order's egresos, oldest first (none for an order that is not theirs). */
export async function creditNotesForOrder(userId: string, typed: string): Promise<CreditNoteView[]> {
  const number = parseOrderNumber(typed);
  if (!number) return [];
  const order = await prisma.order.findFirst({ where: { number, userId }, select: { id: true } });
  if (!order) return [];
  return withNumbers(
    await prisma.creditNote.findMany({ where: { orderId: order.id }, orderBy: { createdAt: "asc" }, select: SELECT }),
  );
}

/** Staff's list: the latest egresos. */
export async function listCreditNotes(take = 50): Promise<CreditNoteView[]> {
  return withNumbers(await prisma.creditNote.findMany({ orderBy: { createdAt: "desc" }, take, select: SELECT }));
}

/** `<folio>.xml` or `<folio>.pdf` of an order's stamped egreso, for its shopper (or staff, `anyOwner`). */
export async function creditNoteFile(
  typedNumber: string,
  typedFile: string,
  viewer: { userId: string; anyOwner: boolean },
): Promise<{ filename: string; contentType: string; body: Buffer } | null> {
  const number = parseOrderNumber(typedNumber);
  const file = /^(\d{1,9})\.(xml|pdf)$/.exec(typedFile);
  if (!number || !file) return null;
  const note = await prisma.creditNote.findFirst({ where: { folio: Number(file[1]), status: "emitida" } });
  if (!note?.xml) return null;
  const order = await prisma.order.findFirst({
    where: { id: note.orderId, number, ...(viewer.anyOwner ? {} : { userId: viewer.userId }) },
    select: { id: true },
  });
  if (!order) return null;
  const base = invoiceFileName(note);
  if (file[2] === "xml") {
    return { filename: `${base}.xml`, contentType: "application/xml; charset=utf-8", body: Buffer.from(note.xml) };
  }
  return { filename: `${base}.pdf`, contentType: "application/pdf", body: await renderInvoicePdf(note.xml) };
}

/** Staff's retry of an egreso in error; null when there is none such. */
export async function retryCreditNote(id: string, actor: Actor) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const note = await prisma.creditNote.findFirst({
    where: { id, status: "error" },
    select: { refundId: true, orderId: true },
  });
  if (!note) return null;
  const result = await issueCreditNote(note.refundId);
  // Staff's retry goes to the order's audit trail with what the PAC answered, as an invoice's retry does.
  const after = await prisma.creditNote.findUniqueOrThrow({
    where: { id },
    select: { status: true, uuid: true, errorMessage: true },
  });
  await prisma.$transaction((tx) =>
    recordAudit(tx, actor, {
      action: "invoice",
      orderId: note.orderId,
      before: { creditNote: "error" },
      after: {
        creditNote: after.status,
        ...(after.status === "emitida" ? { uuid: after.uuid } : { result: after.errorMessage }),
      },
    }),
  );
  return result;
}
