import type { Prisma } from "~/generated/prisma/client";
import {
  addTaken,
  NOTHING_TAKEN,
  quoteRefund,
  type QuoteRefusal,
  type RefundOrder,
  type RefundQuote,
  type RefundSelection,
  storedRefundItems,
  type StoredRefundItems,
} from "~/lib/refund-amounts";
import { orderShowsIvaIncluded } from "~/lib/order-breakdown";
import { prisma } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { getStripe } from "~/utils/stripe.server";
import { type Actor, recordAudit } from "./audit.server";
import { settleRefund } from "./refund-settlement.server";

/**
 * Refunds (docs/decisions/032-refunds-through-the-provider.md): staff choose pieces and the shipping,
 * the amount is their share of what was paid (app/lib/refund-amounts.ts). A card payment is refunded
 * through the provider (`stripe.refunds.create`), and the refund stays *pendiente* until the
 * provider's event says it succeeded or failed (./refund-settlement.server.ts). OXXO and SPEI cannot
 * be refunded by the provider: an admin records the transfer made to the shopper's CLABE. Each refund
 * takes its amount with the order's row locked, so two admins refunding at once never give back more
 * than was paid. A worker may only ask for a refund (solicitado), which admins see on the order.
 */

type Tx = Prisma.TransactionClient;

/** Refunds that hold their amount: asked of the provider, or done. */
export const TAKING_STATUSES = ["pendiente", "reembolsado"] as const;

export type RefundRefusal =
  | QuoteRefusal
  | "not_found"
  /** The order was never paid. */
  | "unpaid"
  /** A card refund of a payment the provider cannot refund (OXXO, SPEI), or a manual one of a card. */
  | "wrong_method";

export type RefundOutcome = { ok: true; refundId: number; status: string } | { ok: false; reason: RefundRefusal };

/** How an order was paid, as a refund sees it: through the provider (card), or by hand (OXXO, SPEI). */
export function refundMethodOf(order: { paymentMethod: string | null }): "card" | "transfer" {
  return order.paymentMethod === "oxxo" || order.paymentMethod === "spei" ? "transfer" : "card";
}

const ORDER_SELECT = {
  id: true,
  number: true,
  subtotal: true,
  tax: true,
  total: true,
  shipping: true,
  giftWrapPrice: true,
  paidAt: true,
  paymentMethod: true,
  stripePaymentIntentId: true,
  items: { select: { id: true, quantity: true, price: true, discount: true }, orderBy: { id: "asc" } },
} as const satisfies Prisma.OrderSelect;

export type RefundableOrder = Prisma.OrderGetPayload<{ select: typeof ORDER_SELECT }>;

type PricedOrder = Omit<RefundOrder, "ivaIncluded"> & { subtotal: number; tax: number };

/** An order as its refunds are priced: its discount shares read in the prices it was shown in. */
export function refundBasis<T extends PricedOrder>(order: T): T & { ivaIncluded: boolean } {
  return { ...order, ivaIncluded: orderShowsIvaIncluded(order, getEnv().PRICES_INCLUDE_IVA) };
}

/** What the order's refunds that hold their amount already gave back (or are giving back). */
export async function takenBy(db: Tx, orderId: number): Promise<{ taken: RefundSelection; amount: number }> {
  const rows = await db.refund.findMany({
    where: { orderId, status: { in: [...TAKING_STATUSES] } },
    select: { amount: true, items: true, shipping: true },
  });
  let taken = NOTHING_TAKEN;
  for (const row of rows) {
    const items = storedRefundItems(row.items);
    taken = addTaken(taken, { items: items.pieces, shipping: row.shipping, giftWrap: items.giftWrap });
  }
  return { taken, amount: rows.reduce((sum, row) => sum + row.amount, 0) };
}

/** The amount of a choice for an order, without taking it (the confirmation screen). */
export async function previewRefund(
  orderId: number,
  chosen: RefundSelection,
): Promise<{ ok: true; quote: RefundQuote; order: RefundableOrder } | { ok: false; reason: RefundRefusal }> {
  const order = await prisma.order.findUnique({ where: { id: orderId }, select: ORDER_SELECT });
  if (!order) return { ok: false, reason: "not_found" };
  if (order.paidAt === null) return { ok: false, reason: "unpaid" };
  const { taken } = await takenBy(prisma, orderId);
  const quoted = quoteRefund(refundBasis(order), taken, chosen);
  return quoted.ok ? { ok: true, quote: quoted.quote, order } : quoted;
}

/** Locks the order's row and prices the choice against what is left: the one place amounts are taken. */
async function takeAmount(
  tx: Tx,
  orderId: number,
  chosen: RefundSelection,
): Promise<{ ok: true; quote: RefundQuote; order: RefundableOrder } | { ok: false; reason: RefundRefusal }> {
  const [locked] = await tx.$queryRaw<{ id: number }[]>`SELECT "id" FROM "orders" WHERE "id" = ${orderId} FOR UPDATE`;
  if (!locked) return { ok: false, reason: "not_found" };
  const order = await tx.order.findUniqueOrThrow({ where: { id: orderId }, select: ORDER_SELECT });
  if (order.paidAt === null) return { ok: false, reason: "unpaid" };
  const { taken, amount } = await takenBy(tx, orderId);
  const quoted = quoteRefund(refundBasis(order), taken, chosen);
  if (!quoted.ok) return quoted;
  // The pieces' shares never add up to more than the total; said once more where the money is.
  if (amount + quoted.quote.amount > order.total) return { ok: false, reason: "too_many" };
  return { ok: true, quote: quoted.quote, order };
}

function storedItems(quote: RefundQuote): Prisma.InputJsonValue {
  return { pieces: quote.items, giftWrap: quote.giftWrap } satisfies StoredRefundItems;
}

/** A worker's request: recorded and shown to admins; nothing is taken and the provider is not asked. */
export async function requestRefund(
  actor: Actor,
  { orderId, chosen, reason }: { orderId: number; chosen: RefundSelection; reason: string },
): Promise<RefundOutcome> {
  const preview = await previewRefund(orderId, chosen);
  if (!preview.ok) return preview;
  const { quote, order } = preview;
  const row = await prisma.$transaction(async (tx) => {
    const created = await tx.refund.create({
      data: {
        orderId,
        status: "solicitado",
        method: refundMethodOf(order),
        amount: quote.amount,
        items: storedItems(quote),
        shipping: quote.shipping,
        reason,
        requestedById: actor.id,
        requestedByEmail: actor.email,
      },
      select: { id: true },
    });
    await recordAudit(tx, actor, {
      action: "refund",
      orderId,
      before: null,
      after: { refund: "solicitado", amount: quote.amount, reason },
    });
    return created;
  });
  return { ok: true, refundId: row.id, status: "solicitado" };
}

/**
 * An admin's refund of a card payment: the amount is taken (row locked), the refund recorded
 * *pendiente*, then the provider is asked (idempotently: the key is the order's number and the refund's id). The provider's
 * answer only records its refund id — the outcome comes with its event — unless it is already final.
 * A refusal by the provider marks the refund fallido at once, shown to staff.
 */
export async function refundCard(
  actor: Actor,
  input: { orderId: number; chosen: RefundSelection; reason: string; requestId?: number | null },
): Promise<RefundOutcome> {
  const taken = await prisma.$transaction(async (tx) => {
    const priced = await takeAmount(tx, input.orderId, input.chosen);
    if (!priced.ok) return priced;
    const { quote, order } = priced;
    if (refundMethodOf(order) !== "card" || !order.stripePaymentIntentId) {
      return { ok: false as const, reason: "wrong_method" as const };
    }
    const row = await createTaken(tx, actor, input, quote, { status: "pendiente", method: "card" });
    return { ok: true as const, row, order, quote };
  });
  if (!taken.ok) return taken;
  const { row, order, quote } = taken;
  try {
    const refund = await getStripe().refunds.create(
      {
        payment_intent: order.stripePaymentIntentId!,
        amount: quote.amount,
        reason: "requested_by_customer",
        metadata: { refund_id: String(row.id), order_number: order.number },
      },
      // The key names the order too: a key the provider remembers must never meet a reused id (a restored backup).
      { idempotencyKey: `refund-${order.number}-${row.id}` },
    );
    await prisma.refund.updateMany({
      where: { id: row.id, providerRefundId: null },
      data: { providerRefundId: refund.id },
    });
    if (refund.status === "succeeded" || refund.status === "failed" || refund.status === "canceled") {
      await settleRefund({ id: row.id }, refund.status, refund.failure_reason ?? null);
    }
  } catch (error) {
    logger.error({ err: error, refundId: row.id, orderId: order.id }, "refunds: the provider refused a refund");
    const message = error instanceof Error ? error.message : String(error);
    await settleRefund({ id: row.id }, "failed", message.slice(0, 500));
  }
  const after = await prisma.refund.findUniqueOrThrow({ where: { id: row.id }, select: { status: true } });
  return { ok: true, refundId: row.id, status: after.status };
}

/**
 * An admin records a manual refund of an OXXO or SPEI payment: the transfer already made to the
 * shopper's CLABE, with its tracking key. It is done (reembolsado) when recorded; the shopper is
 * e-mailed what was sent where, and a refund of everything makes the order reembolsado.
 */
export async function recordManualRefund(
  actor: Actor,
  input: {
    orderId: number;
    chosen: RefundSelection;
    reason: string;
    clabe: string;
    reference: string;
    requestId?: number | null;
  },
): Promise<RefundOutcome> {
  const outcome = await prisma.$transaction(async (tx) => {
    const priced = await takeAmount(tx, input.orderId, input.chosen);
    if (!priced.ok) return priced;
    if (refundMethodOf(priced.order) !== "transfer") return { ok: false as const, reason: "wrong_method" as const };
    const row = await createTaken(tx, actor, input, priced.quote, {
      status: "pendiente",
      method: "transfer",
      clabe: input.clabe,
      reference: input.reference,
    });
    return { ok: true as const, row };
  });
  if (!outcome.ok) return outcome;
  // Recorded as done through the same path as a provider's confirmation: e-mail, order status.
  await settleRefund({ id: outcome.row.id }, "succeeded", null, actor);
  return { ok: true, refundId: outcome.row.id, status: "reembolsado" };
}

async function createTaken(
  tx: Tx,
  actor: Actor,
  input: { orderId: number; reason: string; requestId?: number | null },
  quote: RefundQuote,
  extra: { status: string; method: string; clabe?: string; reference?: string },
) {
  const row = await tx.refund.create({
    data: {
      orderId: input.orderId,
      amount: quote.amount,
      items: storedItems(quote),
      shipping: quote.shipping,
      reason: input.reason,
      requestedById: actor.id,
      requestedByEmail: actor.email,
      confirmedById: actor.id,
      confirmedByEmail: actor.email,
      ...extra,
    },
    select: { id: true },
  });
  // A worker's request this refund answers is done with.
  if (input.requestId) {
    await tx.refund.updateMany({
      where: { id: input.requestId, orderId: input.orderId, status: "solicitado" },
      data: { status: "atendido", settledAt: new Date() },
    });
  }
  await recordAudit(tx, actor, {
    action: "refund",
    orderId: input.orderId,
    before: null,
    after: {
      refund: extra.status,
      method: extra.method,
      amount: quote.amount,
      shipping: quote.shipping,
      reason: input.reason,
      ...(extra.reference ? { reference: extra.reference } : {}),
    },
  });
  return row;
}
