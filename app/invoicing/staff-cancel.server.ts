import type { Actor } from "~/models/audit.server";
import { recordAudit } from "~/models/audit.server";
import { prisma } from "~/utils/db.server";
import { cancelOrderInvoice, type CancelResult, markInvoiceForCancellation } from "./invoice-cancel.server";

/**
 * Staff cancelling a stamped invoice from /admin/facturas (issue 34, docs/decisions/050) with the SAT
 * motive that fits a mistake: **02** (errores sin relación: wrong data, no substitute follows) or **01**
 * (errores con relación: the invoice was re-issued with corrected data, and the substitute's UUID is
 * related). 03 stays the refund's (035). Marked in one transaction with the audit entry (the order's row
 * locked, a conditional update from *emitida*, so two staff clicks cancel once), then the PAC is asked as
 * for every cancellation; a PAC failure leaves it *Por cancelar* with its retry.
 */

const UUID = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/i;

export const STAFF_CANCEL_MESSAGES = {
  motive: "Elige el motivo: 01 (se volvió a emitir con datos corregidos) o 02 (errores sin relación).",
  substitute: "Con el motivo 01 escribe el folio fiscal (UUID) de la factura que la sustituye.",
  same: "El folio fiscal sustituto no puede ser el de la misma factura.",
  notStamped: "Esa factura no está emitida: no se puede cancelar.",
} as const;

export type StaffCancelResult =
  { status: "refused"; field: "motive" | "substitute" | null; message: string } | CancelResult;

export async function staffCancelInvoice(input: {
  invoiceId: string;
  motive: unknown;
  substitute: unknown;
  actor: Actor;
}): Promise<StaffCancelResult> {
  const motive = input.motive === "01" || input.motive === "02" ? input.motive : null;
  if (!motive) return { status: "refused", field: "motive", message: STAFF_CANCEL_MESSAGES.motive };
  const typed = typeof input.substitute === "string" ? input.substitute.trim().toUpperCase() : "";
  const substitute = motive === "01" ? typed : null;
  if (motive === "01" && !UUID.test(typed)) {
    return { status: "refused", field: "substitute", message: STAFF_CANCEL_MESSAGES.substitute };
  }
  if (!/^[0-9a-f-]{36}$/i.test(input.invoiceId)) {
    return { status: "refused", field: null, message: STAFF_CANCEL_MESSAGES.notStamped };
  }
  const invoice = await prisma.invoice.findUnique({
    where: { id: input.invoiceId },
    select: { orderId: true, uuid: true, status: true },
  });
  if (!invoice || invoice.status !== "emitida") {
    return { status: "refused", field: null, message: STAFF_CANCEL_MESSAGES.notStamped };
  }
  if (substitute && substitute === invoice.uuid?.toUpperCase()) {
    return { status: "refused", field: "substitute", message: STAFF_CANCEL_MESSAGES.same };
  }
  const marked = await prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT "id" FROM "orders" WHERE "id" = ${invoice.orderId} FOR UPDATE`;
    if (!(await markInvoiceForCancellation(tx, invoice.orderId, motive, substitute))) return false;
    await recordAudit(tx, input.actor, {
      action: "invoice",
      orderId: invoice.orderId,
      before: { invoice: "emitida", uuid: invoice.uuid },
      after: { invoice: "cancelando", motive, substitute },
    });
    return true;
  });
  if (!marked) return { status: "refused", field: null, message: STAFF_CANCEL_MESSAGES.notStamped };
  return cancelOrderInvoice(invoice.orderId);
}
