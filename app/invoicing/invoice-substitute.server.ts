import { SUBSTITUTION_MOTIVE } from "~/lib/cfdi/invoice-history";
import type { FiscalProfileInput } from "~/lib/validation/fiscal-profile";
import { type Actor, recordAudit } from "~/models/audit.server";
import { prisma } from "~/utils/db.server";
import { claimSubstitute } from "./invoice-claim.server";
import { cancelInvoice, type CancelResult } from "./invoice-cancel.server";
import { INVOICE_MESSAGES, INVOICEABLE_STATUSES } from "./invoice-rules";
import { type InvoiceRequestResult, invoiceOrder, prepareInvoice, stampClaimed } from "./invoice.server";
import { issuingSettings } from "./issuer.server";

/**
 * Staff's *Sustituir* (SAT motive 01, docs/decisions/035 "Invoice history"): a stamped invoice with wrong
 * receptor data is re-issued with the corrected data and then cancelled, in the SAT's order — the
 * substitute first, stamped with `CfdiRelacionados TipoRelacion="04"` relating the old UUID, then the old
 * one cancelled with motive 01 and the substitute's UUID. The substitute's row is unique per invoice it
 * replaces (./invoice-claim.server.ts), so a double submission, a second tab or a retry stamps one; the old
 * invoice is marked *cancelando* in the transaction that records the stamp (with the audit entry), and the
 * PAC's cancellation after the commit is the same path as every other, retried from /admin/facturas.
 */

export type SubstituteResult =
  { status: "substituted"; uuid: string; cancel: CancelResult } | Exclude<InvoiceRequestResult, { status: "issued" }>;

const UUID_ID = /^[0-9a-f-]{36}$/i;

export async function substituteInvoice(input: {
  invoiceId: string;
  receptor: FiscalProfileInput;
  actor: Actor;
  now?: Date;
}): Promise<SubstituteResult> {
  const refused = { status: "refused", message: INVOICE_MESSAGES.notStamped } as const;
  const settings = await issuingSettings();
  if (!settings) return { status: "refused", message: INVOICE_MESSAGES.off };
  if (!UUID_ID.test(input.invoiceId)) return refused;
  const now = input.now ?? new Date();
  const old = await prisma.invoice.findUnique({
    where: { id: input.invoiceId },
    select: { id: true, orderId: true, status: true, uuid: true, replacedBy: { select: { id: true } } },
  });
  // A stamped invoice, or one whose substitution is under way (a second submission joins it).
  if (!old?.uuid || (old.status !== "emitida" && !old.replacedBy)) return refused;
  const order = await invoiceOrder(old.orderId);
  if (!order || !INVOICEABLE_STATUSES.includes(order.status)) {
    return { status: "refused", message: INVOICE_MESSAGES.givenBack };
  }
  const prepared = prepareInvoice(order, input.receptor, now);
  const claimed = await claimSubstitute(old, settings.series, prepared.data, now);
  const result = await stampClaimed({
    settings,
    order,
    claimed,
    receptor: input.receptor,
    now,
    ...prepared,
    substitutes: old.uuid,
    onStamped: async (tx, uuid) => {
      await tx.invoice.updateMany({
        where: { id: old.id, status: "emitida", cancelMotive: SUBSTITUTION_MOTIVE },
        data: { status: "cancelando", cancelSubstitute: uuid, cancelRequestedAt: now, cancelError: null },
      });
      await recordAudit(tx, input.actor, {
        action: "invoice",
        orderId: old.orderId,
        before: { invoice: "emitida", uuid: old.uuid },
        after: { invoice: "cancelando", motive: SUBSTITUTION_MOTIVE, substitute: uuid, rfc: input.receptor.rfc },
      });
    },
  });
  if (result.status !== "issued") {
    if (claimed.status === "claimed") await auditFailure(input.actor, old.orderId, old.uuid, result);
    return result;
  }
  return { status: "substituted", uuid: result.uuid, cancel: await cancelInvoice(old.id, now) };
}

/** A substitute the PAC did not stamp goes to the order's trail too: staff try again with corrected data. */
async function auditFailure(actor: Actor, orderId: number, uuid: string, result: { message: string }) {
  await prisma.$transaction((tx) =>
    recordAudit(tx, actor, {
      action: "invoice",
      orderId,
      before: { invoice: "emitida", uuid },
      after: { invoice: "error", motive: SUBSTITUTION_MOTIVE, result: result.message },
    }),
  );
}
