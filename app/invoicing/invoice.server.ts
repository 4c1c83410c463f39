import { buildComprobante } from "~/lib/cfdi/comprobante";
import { formaPagoFor } from "~/lib/cfdi/catalogs";
import { lineSatProductKey } from "~/lib/cfdi/product-keys";
import { buildConcepts, type InvoiceSourceOrder } from "~/lib/cfdi/concepts";
import { invoiceLineDiscounts } from "~/lib/discounts";
import { mapPacError, PAC_UNAVAILABLE_MESSAGE, type PacField } from "~/lib/cfdi/pac-errors";
import type { FiscalProfileInput } from "~/lib/validation/fiscal-profile";
import type { CfdiAmounts } from "~/lib/cfdi/concepts";
import { holdsTheOrder } from "~/lib/cfdi/invoice-history";
import type { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/utils/db.server";
import { logger } from "~/utils/logger.server";
import { saveFiscalProfile } from "./fiscal-profiles.server";
import { globalInvoiceRefusal } from "./global-invoice.server";
import { type Claim, claimInvoice, type InvoiceData } from "./invoice-claim.server";
import { cancelOrderInvoice, markInvoiceForCancellation } from "./invoice-cancel.server";
import { queueInvoiceEmail } from "./invoice-email.server";
import { INVOICE_MESSAGES, invoiceRefusal } from "./invoice-rules";
import { issueCfdi } from "./pac-client.server";
import { issuingSettings, type IssuingSettings } from "./issuer.server";

/**
 * Issuing an order's CFDI exactly once (docs/decisions/035). The invoice row is claimed before the PAC
 * is called (./invoice-claim.server.ts: the order's one live invoice, a second request finds it), with a
 * lease while one request talks to the PAC (a double click or a second tab is told it is being issued). Serie and Folio come from the
 * row and the PAC stamps a Serie and Folio once (it answers a repeat with the earlier stamp), so a retry
 * after a timeout gets the same invoice. Stamped, the invoice, the saved fiscal profile and the e-mail
 * with the XML and PDF are written in one transaction.
 */

const CLAIM_MS = 90_000;

export type InvoiceRequestResult =
  | { status: "issued"; uuid: string }
  | { status: "refused"; message: string }
  | { status: "in-progress"; message: string }
  | { status: "rejected"; field: PacField | null; message: string }
  | { status: "unavailable"; message: string };

const ORDER_SELECT = {
  id: true,
  number: true,
  status: true,
  paidAt: true,
  paymentMethod: true,
  cardFunding: true,
  subtotal: true,
  shipping: true,
  tax: true,
  total: true,
  giftWrapPrice: true,
  items: {
    select: {
      productName: true,
      variantName: true,
      quantity: true,
      price: true,
      discount: true,
      product: { select: { category: { select: { satProductKey: true } } } },
    },
    orderBy: { id: "asc" },
  },
  invoices: { select: { status: true, uuid: true, cancelMotive: true } },
} satisfies Prisma.OrderSelect;

type InvoiceOrder = Prisma.OrderGetPayload<{ select: typeof ORDER_SELECT }>;

/** What the order charged, as the concept builder reads it. */
export function invoiceSource(
  order: Omit<InvoiceOrder, "invoices" | "id" | "number" | "status" | "paidAt" | "paymentMethod" | "cardFunding">,
): InvoiceSourceOrder {
  // A discount code's share of each line, before IVA: the concept's Descuento (docs/decisions/058).
  const discounts = invoiceLineDiscounts(order);
  return {
    lines: order.items.map((item, i) => ({
      description: item.variantName ? `${item.productName} (${item.variantName})` : item.productName,
      quantity: item.quantity,
      unitPrice: item.price,
      // The category's key when the CFDI is stamped (the XML keeps it); the default when the piece is gone.
      productKey: lineSatProductKey(item.product?.category.satProductKey),
      ...(discounts[i]!.discount ? discounts[i] : {}),
    })),
    giftWrapPrice: order.giftWrapPrice,
    subtotal: order.subtotal,
    shipping: order.shipping,
    tax: order.tax,
    total: order.total,
  };
}

export async function requestInvoice(input: {
  userId: string;
  orderNumber: string;
  receptor: FiscalProfileInput;
  now?: Date;
  /** Staff retrying an invoice the shopper asked for in time (its row exists, in error) past the month's end. */
  late?: boolean;
}): Promise<InvoiceRequestResult> {
  const settings = await issuingSettings();
  if (!settings) return { status: "refused", message: INVOICE_MESSAGES.off };
  const now = input.now ?? new Date();
  const order = await prisma.order.findFirst({
    where: { number: input.orderNumber, userId: input.userId },
    select: ORDER_SELECT,
  });
  if (!order) return { status: "refused", message: INVOICE_MESSAGES.notPaid };
  const live = order.invoices.find(holdsTheOrder);
  if (live?.status === "emitida" && live.uuid) return { status: "issued", uuid: live.uuid };
  const refusal = invoiceRefusal(order, now, { late: input.late === true && live?.status === "error" });
  if (refusal) return { status: "refused", message: refusal };
  const inGlobal = await globalInvoiceRefusal(order.id);
  if (inGlobal) return { status: "refused", message: inGlobal };
  const prepared = prepareInvoice(order, input.receptor, now);
  const claimed = await claimInvoice(order.id, settings.series, prepared.data, now);
  const result = await stampClaimed({ settings, order, claimed, receptor: input.receptor, now, ...prepared });
  if (result.status === "issued") await saveFiscalProfile(input.userId, input.receptor);
  return result;
}

/** The row's data and the CFDI's amounts for this order and receptor, claimed for `CLAIM_MS`. */
export function prepareInvoice(order: InvoiceOrder, receptor: FiscalProfileInput, now: Date) {
  const amounts = buildConcepts(invoiceSource(order));
  const data = {
    rfc: receptor.rfc,
    name: receptor.name,
    regimen: receptor.regimen,
    zip: receptor.zip,
    uso: receptor.uso,
    email: receptor.email,
    formaPago: formaPagoFor(order.paymentMethod, order.cardFunding),
    metodoPago: "PUE",
    subtotal: amounts.subtotal,
    discount: amounts.discount,
    tax: amounts.tax,
    total: amounts.total,
    status: "emitiendo",
    claimedUntil: new Date(now.getTime() + CLAIM_MS),
  } satisfies InvoiceData;
  return { amounts, data };
}

/** The order as `prepareInvoice` reads it. */
export async function invoiceOrder(orderId: number): Promise<InvoiceOrder | null> {
  return prisma.order.findUnique({ where: { id: orderId }, select: ORDER_SELECT });
}

/**
 * Stamps a claimed row at the PAC and records the answer. Stamped, the invoice (and `onStamped`, the
 * substitution's cancellation of the invoice it replaces) and its e-mail are written in one transaction.
 */
export async function stampClaimed(input: {
  settings: IssuingSettings;
  order: { id: number; number: string };
  claimed: Claim;
  receptor: FiscalProfileInput;
  amounts: CfdiAmounts;
  data: { formaPago: string };
  now: Date;
  substitutes?: string;
  onStamped?: (tx: Prisma.TransactionClient, uuid: string) => Promise<unknown>;
}): Promise<InvoiceRequestResult> {
  const { settings, order, claimed, receptor, now } = input;
  if (claimed.status !== "claimed") return claimed.result;
  const comprobante = buildComprobante({
    issuer: settings.issuer,
    receptor,
    amounts: input.amounts,
    series: claimed.series,
    folio: claimed.folio,
    date: now,
    formaPago: input.data.formaPago,
    metodoPago: "PUE",
    substitutes: input.substitutes ?? null,
  });
  const answer = await issueCfdi(settings, comprobante, { rfc: receptor.rfc, total: comprobante.Total });
  if (!answer.ok) {
    const rejected = answer.kind === "rejected";
    const mapped = rejected ? mapPacError(answer.message) : null;
    await prisma.invoice.update({
      where: { id: claimed.id },
      data: {
        status: "error",
        claimedUntil: null,
        errorCode: mapped?.code ?? "unavailable",
        errorMessage: rejected ? answer.message : answer.reason,
      },
    });
    logger.warn({ order: order.number, pac: rejected ? answer.message : answer.reason }, "invoice not stamped");
    if (!mapped) return { status: "unavailable", message: PAC_UNAVAILABLE_MESSAGE };
    return { status: "rejected", field: mapped.field, message: mapped.message };
  }
  let refundedMeanwhile = false;
  const deliver = await prisma.$transaction(async (tx) => {
    // The order's row first, as the refund's settlement locks it: a refund that landed while the PAC
    // stamped sees this invoice, or this sees the refund and marks the new invoice for cancellation.
    await tx.$queryRaw`SELECT "id" FROM "orders" WHERE "id" = ${order.id} FOR UPDATE`;
    await tx.invoice.update({
      where: { id: claimed.id },
      data: {
        status: "emitida",
        uuid: answer.stamp.uuid,
        xml: answer.stamp.cfdi,
        stampedAt: now,
        claimedUntil: null,
        errorCode: null,
        errorMessage: null,
      },
    });
    await input.onStamped?.(tx, answer.stamp.uuid);
    const current = await tx.order.findUniqueOrThrow({ where: { id: order.id }, select: { status: true } });
    if (current.status === "reembolsado") refundedMeanwhile = await markInvoiceForCancellation(tx, order.id, "03");
    return queueInvoiceEmail(tx, claimed.id);
  });
  deliver();
  if (refundedMeanwhile) await cancelOrderInvoice(order.id);
  logger.info({ order: order.number, uuid: answer.stamp.uuid, repeated: answer.repeated }, "invoice stamped");
  return { status: "issued", uuid: answer.stamp.uuid };
}
