import { CANCEL_MOTIVES, type CancelMotive } from "~/lib/cfdi/catalogs";
import { readCfdi } from "~/lib/cfdi/read-xml";
import { SHOP_NAME } from "~/lib/constants";
import { formatMoney } from "~/lib/money";
import type { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/utils/db.server";
import { queueEmail } from "~/utils/email.server";
import { escapeHtml, heading, layout } from "~/utils/email-templates.server";
import { logger } from "~/utils/logger.server";
import { cancelCfdi } from "./pac-client.server";
import { getInvoicingSettings } from "./settings.server";

/**
 * Cancelling an order's CFDI through the PAC (docs/decisions/035), exactly once and never in the way of
 * the refund: the refund's own transaction only marks the stamped invoice "cancelando" with its SAT motive
 * (03, the sale did not take place, for an order refunded in full); the PAC is called after it commits,
 * under a lease like issuing, and the invoice becomes "cancelada" with the SAT's acuse and the shopper's
 * e-mail in one conditional update. A PAC failure leaves it "cancelando" with the reason, shown to staff
 * in /admin/facturas to retry; the PAC answers a repeat with 202 (already cancelled), taken as done.
 */

type Tx = Prisma.TransactionClient;
const CLAIM_MS = 90_000;

export type CancelResult =
  | { status: "cancelled"; uuid: string }
  | { status: "failed"; message: string }
  | { status: "nothing" }
  | { status: "in-progress" };

/**
 * Marks the order's stamped invoice for cancellation, in the caller's transaction (the order's row locked);
 * true when there was one. `invoiceId` narrows it to that invoice (staff's choice). An invoice being
 * replaced (its motive already 01) is left to its substitution, which cancels it once the substitute is
 * stamped: marking it with another motive would make it hold the order again beside its substitute.
 */
export async function markInvoiceForCancellation(
  tx: Tx,
  orderId: number,
  motive: CancelMotive,
  substitute: string | null = null,
  now = new Date(),
  invoiceId?: string,
): Promise<boolean> {
  const marked = await tx.invoice.updateMany({
    where: {
      orderId,
      ...(invoiceId ? { id: invoiceId } : {}),
      status: "emitida",
      uuid: { not: null },
      cancelMotive: null,
    },
    data: {
      status: "cancelando",
      cancelMotive: motive,
      cancelSubstitute: substitute,
      cancelRequestedAt: now,
      cancelError: null,
    },
  });
  return marked.count > 0;
}

/**
 * The refund's hook (app/models/refund-settlement.server.ts, an order refunded in full): marks its
 * invoice in the refund's transaction and returns what to run after it commits — the PAC call, in the
 * background, whose failure is logged and left for staff, never thrown at the refund.
 */
export async function cancelInvoiceAfterRefund(tx: Tx, orderId: number): Promise<() => void> {
  if (!(await markInvoiceForCancellation(tx, orderId, "03"))) return () => {};
  return () => {
    cancelOrderInvoice(orderId).catch((error: unknown) => {
      logger.error({ orderId, err: error }, "invoice cancellation failed: retry it from /admin/facturas");
    });
  };
}

/** Asks the PAC to cancel the order's invoices marked "cancelando" (one, but for a substitution's race). */
export async function cancelOrderInvoice(orderId: number, now = new Date()): Promise<CancelResult> {
  const marked = await prisma.invoice.findMany({
    where: { orderId, status: "cancelando" },
    select: { id: true },
    orderBy: { createdAt: "asc" },
  });
  let result: CancelResult = { status: "nothing" };
  for (const { id } of marked) result = await cancelInvoice(id, now);
  return result;
}

/** Asks the PAC to cancel one invoice marked "cancelando"; one caller at a time (a lease). */
export async function cancelInvoice(invoiceId: string, now = new Date()): Promise<CancelResult> {
  const settings = getInvoicingSettings();
  const claimed = await prisma.invoice.updateMany({
    where: { id: invoiceId, status: "cancelando", OR: [{ claimedUntil: null }, { claimedUntil: { lt: now } }] },
    data: { claimedUntil: new Date(now.getTime() + CLAIM_MS) },
  });
  const row = await prisma.invoice.findUnique({
    where: { id: invoiceId },
    select: {
      id: true,
      orderId: true,
      uuid: true,
      status: true,
      cancelMotive: true,
      cancelSubstitute: true,
      xml: true,
    },
  });
  if (!row || row.status !== "cancelando" || !row.uuid) return { status: "nothing" };
  if (claimed.count === 0) return { status: "in-progress" };
  const { orderId } = row;
  const fail = async (message: string): Promise<CancelResult> => {
    await prisma.invoice.updateMany({
      where: { id: row.id, status: "cancelando" },
      data: { claimedUntil: null, cancelError: message },
    });
    logger.warn({ orderId, uuid: row.uuid, pac: message }, "invoice not cancelled at the PAC");
    return { status: "failed", message };
  };
  if (!settings) return fail("La facturación está apagada (PAC_API_TOKEN): no se pudo cancelar ante el PAC.");
  const answer = await cancelCfdi(settings, {
    // Cancelled by the RFC that issued it, even if the shop's fiscal data changed since.
    issuerRfc: readCfdi(row.xml ?? "").emisor.Rfc ?? "",
    uuid: row.uuid,
    motive: row.cancelMotive ?? "03",
    substitute: row.cancelSubstitute,
  });
  if (!answer.ok) return fail(answer.message);
  const deliver = await prisma.$transaction(async (tx) => {
    const done = await tx.invoice.updateMany({
      where: { id: row.id, status: "cancelando" },
      data: { status: "cancelada", cancelledAt: now, cancelAcuse: answer.acuse, cancelError: null, claimedUntil: null },
    });
    return done.count === 1 ? queueCancelEmail(tx, row.id) : null;
  });
  deliver?.();
  logger.info({ orderId, uuid: row.uuid, sat: answer.code }, "invoice cancelled");
  return { status: "cancelled", uuid: row.uuid };
}

/** Why the shopper's invoice was cancelled, in the e-mail's words. */
const CANCEL_REASONS: Record<CancelMotive, string> = {
  "01": "porque la sustituimos por una nueva con los datos corregidos (te la enviamos por separado)",
  "02": "porque tenía datos equivocados; puedes solicitarla de nuevo desde Mis Pedidos dentro del plazo",
  "03": "porque el pedido fue reembolsado",
  "04": "porque la venta quedó en la factura global",
};

/** The shopper is told which invoice was cancelled, why, and that it no longer counts before the SAT. */
async function queueCancelEmail(tx: Tx, invoiceId: string): Promise<() => void> {
  const invoice = await tx.invoice.findUniqueOrThrow({
    where: { id: invoiceId },
    select: {
      uuid: true,
      series: true,
      folio: true,
      total: true,
      email: true,
      name: true,
      cancelMotive: true,
      order: { select: { number: true } },
    },
  });
  const motive = (invoice.cancelMotive ?? "03") as CancelMotive;
  const lines = [
    `Cancelamos ante el SAT la factura ${invoice.series}-${invoice.folio} de tu pedido ${invoice.order.number} a nombre de ${invoice.name}, por ${formatMoney(invoice.total)}, ${CANCEL_REASONS[motive]}.`,
    `Folio fiscal (UUID): ${invoice.uuid ?? ""}. Motivo de cancelación: ${motive} — ${CANCEL_MOTIVES[motive]}.`,
    "Esa factura ya no tiene validez fiscal: si la registraste en tu contabilidad, dala de baja. Puedes verificar su estado en el portal del SAT.",
  ];
  const { deliver } = await queueEmail(tx, {
    to: invoice.email,
    kind: "invoice-cancelled",
    subject: `Cancelamos la factura de tu pedido ${invoice.order.number} — ${SHOP_NAME}`,
    html: layout({
      preheader: `Factura ${invoice.series}-${invoice.folio} cancelada`,
      body: `${heading("Tu factura fue cancelada")}${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("")}`,
    }),
    text: `${lines.join("\n\n")}\n`,
  });
  return deliver;
}
