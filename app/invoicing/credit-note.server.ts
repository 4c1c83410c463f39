import { formaPagoFor } from "~/lib/cfdi/catalogs";
import { buildEgreso, buildEgresoConcepts, type RefundedLine } from "~/lib/cfdi/egreso";
import { lineSatProductKey } from "~/lib/cfdi/product-keys";
import { GLOBAL_RECEPTOR } from "~/lib/cfdi/global";
import { stampedInvoice } from "~/lib/cfdi/invoice-history";
import { storedRefundItems } from "~/lib/refund-amounts";
import type { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/utils/db.server";
import { logger } from "~/utils/logger.server";
import { queueCreditNoteEmail } from "./credit-note-email.server";
import { issueCfdi } from "./pac-client.server";
import { issuingSettings } from "./issuer.server";

/**
 * The CFDI de egreso (nota de crédito) of a partial refund (issue 34, docs/decisions/050). The refund's
 * settlement — when the provider confirmed it, or staff recorded a manual one — calls
 * `creditNoteAfterRefund` in its transaction: when the order's invoice (or the factura global covering
 * it) is stamped and the refund leaves part of the sale standing, a `credit_notes` row is written for that
 * refund (refund_id is unique: one egreso per refund, however often the event arrives). After the commit
 * the PAC is asked under a lease; Serie (INVOICE_SERIES + "E") and Folio come from the row, so a retry
 * after a lost answer gets the PAC's earlier stamp. A failure leaves the row in error for staff to retry.
 * A refund of everything that was paid cancels the invoice instead (./invoice-cancel.server.ts).
 */

const CLAIM_MS = 90_000;
const GLOBAL_USO = "S01";
/** c_UsoCFDI G02 "Devoluciones, descuentos o bonificaciones": what an egreso is for the receptor. */
const EGRESO_USO = "G02";

type Tx = Prisma.TransactionClient;

/** Writes the refund's egreso (to be issued after the commit); returns what to run then. */
export async function creditNoteAfterRefund(
  tx: Tx,
  refund: { id: number; orderId: number; amount: number },
): Promise<() => void> {
  if (refund.amount <= 0) return () => {};
  const settings = await issuingSettings(tx);
  if (!settings) return () => {};
  const order = await tx.order.findUniqueOrThrow({
    where: { id: refund.orderId },
    select: {
      total: true,
      email: true,
      paymentMethod: true,
      cardFunding: true,
      invoices: {
        select: {
          createdAt: true,
          cancelMotive: true,
          id: true,
          status: true,
          uuid: true,
          rfc: true,
          name: true,
          regimen: true,
          zip: true,
          uso: true,
          email: true,
          formaPago: true,
        },
      },
      globalInvoice: { select: { globalInvoice: { select: { id: true, status: true, uuid: true } } } },
    },
  });
  const given = await tx.refund.aggregate({
    where: { orderId: refund.orderId, status: "reembolsado" },
    _sum: { amount: true },
  });
  if ((given._sum.amount ?? 0) >= order.total) return () => {}; // all given back: the invoice is cancelled
  const split = { subtotal: 0, tax: 0, total: refund.amount };
  const base = { refundId: refund.id, orderId: refund.orderId, status: "pendiente", ...split };
  // The live stamped invoice: after a substitution, the substitute (its UUID is the one in force).
  const invoice = stampedInvoice(order.invoices);
  const global = order.globalInvoice?.globalInvoice;
  if (invoice?.status === "emitida" && invoice.uuid) {
    const uso = invoice.regimen === "616" || invoice.regimen === "605" ? "S01" : EGRESO_USO;
    await tx.creditNote.create({
      data: {
        ...base,
        invoiceId: invoice.id,
        relatedUuid: invoice.uuid,
        series: `${settings.series}E`,
        rfc: invoice.rfc,
        name: invoice.name,
        regimen: invoice.regimen,
        zip: invoice.zip,
        uso,
        email: invoice.email,
        formaPago: invoice.formaPago,
      },
    });
  } else if (global?.status === "emitida" && global.uuid) {
    await tx.creditNote.create({
      data: {
        ...base,
        globalInvoiceId: global.id,
        relatedUuid: global.uuid,
        series: `${settings.series}E`,
        rfc: GLOBAL_RECEPTOR.rfc,
        name: GLOBAL_RECEPTOR.name,
        regimen: GLOBAL_RECEPTOR.regimen,
        zip: settings.issuer.zip,
        uso: GLOBAL_USO,
        email: order.email,
        formaPago: formaPagoFor(order.paymentMethod, order.cardFunding),
      },
    });
  } else {
    return () => {};
  }
  return () => {
    void issueCreditNote(refund.id);
  };
}

export type CreditNoteResult = "issued" | "taken" | "error";

/** Asks the PAC for the refund's egreso (a pending one, one in error, or one whose lease ran out). */
export async function issueCreditNote(refundId: number, now = new Date()): Promise<CreditNoteResult> {
  const settings = await issuingSettings();
  if (!settings) return "taken";
  const claimed = await prisma.creditNote.updateMany({
    where: {
      refundId,
      OR: [{ status: { in: ["pendiente", "error"] } }, { status: "emitiendo", claimedUntil: { lt: now } }],
    },
    data: { status: "emitiendo", claimedUntil: new Date(now.getTime() + CLAIM_MS), attempts: { increment: 1 } },
  });
  if (claimed.count === 0) return "taken";
  try {
    const note = await prisma.creditNote.findUniqueOrThrow({ where: { refundId } });
    const refund = await prisma.refund.findUniqueOrThrow({
      where: { id: refundId },
      select: {
        items: true,
        shipping: true,
        order: {
          select: {
            items: {
              select: {
                id: true,
                productName: true,
                variantName: true,
                product: { select: { category: { select: { satProductKey: true } } } },
              },
            },
          },
        },
      },
    });
    const lines = refundedLines(refund);
    const rest = note.total - lines.reduce((sum, line) => sum + line.amount, 0);
    if (rest > 0) lines.push({ kind: "other", description: "Bonificación", quantity: 1, amount: rest });
    const amounts = buildEgresoConcepts(lines);
    if (amounts.total !== note.total) throw new Error(`egreso total ${amounts.total} differs from the refund's`);
    const global = note.globalInvoiceId
      ? await prisma.globalInvoice.findUniqueOrThrow({ where: { id: note.globalInvoiceId } })
      : null;
    const comprobante = buildEgreso({
      issuer: settings.issuer,
      // Público en general's domicilio fiscal is the issuer's lugar de expedición as it is now.
      receptor: {
        rfc: note.rfc,
        name: note.name,
        regimen: note.regimen,
        zip: global ? settings.issuer.zip : note.zip,
        uso: note.uso,
      },
      amounts,
      series: note.series,
      folio: note.folio,
      date: now,
      formaPago: note.formaPago,
      metodoPago: "PUE",
      relatedUuid: note.relatedUuid,
      ...(global
        ? { informacionGlobal: { Periodicidad: global.periodicidad, Meses: global.meses, Año: String(global.year) } }
        : {}),
    });
    const answer = await issueCfdi(settings, comprobante, { rfc: note.rfc, total: comprobante.Total });
    if (!answer.ok) {
      const message = answer.kind === "rejected" ? answer.message : answer.reason;
      await prisma.creditNote.update({
        where: { id: note.id },
        data: { status: "error", claimedUntil: null, errorMessage: message },
      });
      logger.warn({ refundId, pac: message }, "invoicing: credit note (egreso) not stamped");
      return "error";
    }
    const deliver = await prisma.$transaction(async (tx) => {
      await tx.creditNote.update({
        where: { id: note.id },
        data: {
          status: "emitida",
          uuid: answer.stamp.uuid,
          xml: answer.stamp.cfdi,
          stampedAt: now,
          claimedUntil: null,
          errorMessage: null,
          subtotal: amounts.subtotal,
          tax: amounts.tax,
        },
      });
      return queueCreditNoteEmail(tx, note.id);
    });
    deliver();
    logger.info({ refundId, uuid: answer.stamp.uuid }, "invoicing: credit note (egreso) stamped");
    return "issued";
  } catch (error) {
    logger.error({ err: error, refundId }, "invoicing: issuing a credit note (egreso) failed");
    await prisma.creditNote.updateMany({
      where: { refundId, status: "emitiendo" },
      data: { status: "error", claimedUntil: null, errorMessage: error instanceof Error ? error.message : "error" },
    });
    return "error";
  }
}

/** The refund's pieces, gift packaging and shipping as egreso lines, IVA included. */
function refundedLines(refund: {
  items: unknown;
  shipping: number;
  order: {
    items: Array<{
      id: number;
      productName: string;
      variantName: string | null;
      product: { category: { satProductKey: string } } | null;
    }>;
  };
}): RefundedLine[] {
  const stored = storedRefundItems(refund.items);
  const lines: RefundedLine[] = stored.pieces.map((piece) => {
    const item = refund.order.items.find((i) => i.id === piece.orderItemId);
    const name = item ? `${item.productName}${item.variantName ? ` (${item.variantName})` : ""}` : "Pieza";
    const productKey = lineSatProductKey(item?.product?.category.satProductKey);
    return { kind: "piece", description: name, quantity: piece.quantity, amount: piece.amount, productKey };
  });
  if (stored.giftWrap > 0)
    lines.push({ kind: "giftWrap", description: "Envoltura de regalo", quantity: 1, amount: stored.giftWrap });
  if (refund.shipping > 0) lines.push({ kind: "shipping", description: "Envío", quantity: 1, amount: refund.shipping });
  return lines;
}

/** Staff's and the shopper's list: the order's egresos, oldest first. */
export function creditNotesOf(orderId: number) {
  return prisma.creditNote.findMany({
    where: { orderId },
    orderBy: { createdAt: "asc" },
    select: { id: true, status: true, series: true, folio: true, uuid: true, total: true, relatedUuid: true },
  });
}
