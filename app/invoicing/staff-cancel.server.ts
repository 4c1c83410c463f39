import type { Actor } from "~/models/audit.server";
import { recordAudit } from "~/models/audit.server";
import { prisma } from "~/utils/db.server";
import { cancelInvoice, type CancelResult, markInvoiceForCancellation } from "./invoice-cancel.server";

/**
 * Staff cancelling a stamped invoice from /admin/facturas (issue 34, docs/decisions/050) with SAT motive
 * **02** (errores sin relación: wrong data, no substitute follows); the shopper may then ask for the
 * corrected invoice again from Mis Pedidos within the month's deadline (035 "Invoice history"). Motive
 * 01 is the shop's own substitution (*Sustituir*, ./invoice-substitute.server.ts), which stamps the
 * substitute first; 03 stays the refund's. Marked in one transaction with the audit entry (the order's row
 * locked, a conditional update from *emitida*, so two staff clicks cancel once), then the PAC is asked as
 * for every cancellation; a PAC failure leaves it *Por cancelar* with its retry.
 */

export const STAFF_CANCEL_MESSAGES = {
  motive: "Elige el motivo 02 (errores sin relación). Para corregir los datos con el motivo 01, usa «Sustituir».",
  notStamped: "Esa factura no está emitida o ya se está sustituyendo: no se puede cancelar.",
} as const;

export type StaffCancelResult = { status: "refused"; field: "motive" | null; message: string } | CancelResult;

export async function staffCancelInvoice(input: {
  invoiceId: string;
  motive: unknown;
  actor: Actor;
}): Promise<StaffCancelResult> {
  if (input.motive !== "02") return { status: "refused", field: "motive", message: STAFF_CANCEL_MESSAGES.motive };
  const refused = { status: "refused", field: null, message: STAFF_CANCEL_MESSAGES.notStamped } as const;
  if (!/^[0-9a-f-]{36}$/i.test(input.invoiceId)) return refused;
  const invoice = await prisma.invoice.findUnique({
    where: { id: input.invoiceId },
    select: { id: true, orderId: true, uuid: true, status: true },
  });
  if (!invoice || invoice.status !== "emitida") return refused;
  const marked = await prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT "id" FROM "orders" WHERE "id" = ${invoice.orderId} FOR UPDATE`;
    if (!(await markInvoiceForCancellation(tx, invoice.orderId, "02", null, new Date(), invoice.id))) return false;
    await recordAudit(tx, input.actor, {
      action: "invoice",
      orderId: invoice.orderId,
      before: { invoice: "emitida", uuid: invoice.uuid },
      after: { invoice: "cancelando", motive: "02" },
    });
    return true;
  });
  if (!marked) return refused;
  return cancelInvoice(invoice.id);
}
