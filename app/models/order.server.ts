import { prisma } from "~/utils/db.server";
import { logger } from "~/utils/logger.server";
import { changeOrderStatus, recordPaymentToRefund, type SystemChange } from "./order-lifecycle.server";
import { queueConfirmationEmail, queueVoucherExpiredEmail } from "./order-emails.server";
import { releaseDiscountUse } from "./discount-code-uses.server";

/**
 * Orders and their stock reservations. Paying happens on the provider's page, after the order
 * exists, so the stock is taken from the shelf when the order is created (a reservation) and either
 * kept when the payment completes or put back when it does not. Every change of status goes through
 * the order lifecycle (./order-lifecycle.server.ts), so the webhook, the success page, the cancel page
 * and the sweep may all race for the same order and each change still happens exactly once. The order
 * is created by ./order-creation.server.ts.
 */

export { ORPHANED_CHECKOUT_MS, RESERVATION_MS } from "~/lib/order-timing";

/** An expected refusal with the Spanish message the shopper reads. */
export class CheckoutError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CheckoutError";
  }
}

/** Links the order to its provider session; the reservation lasts exactly as long as the session. */
export async function attachPaymentSession(orderId: number, sessionId: string, expiresAt?: Date): Promise<void> {
  await prisma.order.update({
    where: { id: orderId },
    data: { stripeSessionId: sessionId, ...(expiresAt ? { reservedUntil: expiresAt } : {}) },
  });
}

export type ReleaseReason =
  | "expired"
  | "cancelled"
  | "payment_failed"
  | "checkout_failed"
  | "voucher_expired"
  /** The shopper pressed PAGAR again: this order's unpaid session was ended for the new one. */
  | "replaced"
  /** The provider charged another amount or currency than the order's total (paid-session.server.ts). */
  | "amount_mismatch";

/**
 * Cancels a pending order and gives its stock back, exactly once (a second call — a duplicate
 * webhook, the sweep, the cancel page — finds it cancelled and changes nothing). Returns whether
 * this call released it. A paid order is never released.
 */
export async function releaseReservation(orderId: number, reason: ReleaseReason, via: SystemChange): Promise<boolean> {
  const { result, extra: deliver } = await changeOrderStatus(
    { orderId, to: "cancelado", by: "payment", from: ["pendiente"], author: { via }, details: { reason } },
    // A voucher or transfer that ended unpaid: the shopper is told, in the same transaction.
    // Its discount code's use is given back too (docs/decisions/058).
    async (tx) => {
      await releaseDiscountUse(tx, orderId);
      return queueVoucherExpiredEmail(tx, orderId, reason);
    },
  );
  if (result.ok) logger.info({ orderId, reason }, "reservation released");
  deliver?.();
  return result.ok;
}

export type FulfilOutcome =
  /** This call marked the order paid (procesando), cleared the cart and queued the e-mail. */
  | "fulfilled"
  /** The order was already paid or moved on: nothing changed. */
  | "already"
  /** Paid after its reservation was released: the stock was reserved again and the order is paid. */
  | "late_reserved"
  /** Paid after its reservation was released and the stock is gone: it stays cancelled, paid, for a refund. */
  | "refund_due"
  | "not_found";

/**
 * Records a completed payment, exactly once however many times the webhook and the success page
 * call it: the order moves pendiente → procesando, and only the call that moved it clears the
 * user's cart and queues the confirmation e-mail, in the same transaction.
 *
 * A payment may arrive after the reservation was released (a late or lost webhook and an expired
 * reservation): the lifecycle's cancelado → procesando takes the pieces again if they are all there.
 * If any is gone, nothing is oversold: the order stays cancelado with `paidAt` set, which is how staff
 * find the payments to refund, and a warning is logged.
 */
export async function fulfilOrder(
  ref: { orderId: number } | { sessionId: string },
  {
    ordersUrl,
    paymentIntentId = null,
    installmentMonths = null,
    via,
  }: {
    ordersUrl: string;
    paymentIntentId?: string | null;
    /** The meses sin intereses plan the shopper chose (null: one charge). */
    installmentMonths?: number | null;
    via: SystemChange;
  },
): Promise<{ outcome: FulfilOutcome; orderId: number | null }> {
  const order = await prisma.order.findFirst({
    where: "orderId" in ref ? { id: ref.orderId } : { stripeSessionId: ref.sessionId },
    select: { id: true, userId: true, voucherIssuedAt: true },
  });
  if (!order) return { outcome: "not_found", orderId: null };
  const payment = { paidAt: new Date(), paymentIntentId, installmentMonths };
  const pay = (from: "pendiente" | "cancelado") =>
    changeOrderStatus(
      { orderId: order.id, to: "procesando", by: "payment", from: [from], payment, author: { via } },
      async (tx) => {
        // A voucher's cart was cleared when it was issued: what is in the cart now is a new purchase.
        if (order.voucherIssuedAt === null) await tx.cartItem.deleteMany({ where: { userId: order.userId } });
        await tx.order.updateMany({ where: { id: order.id, paymentMethod: null }, data: { paymentMethod: "card" } });
        // The confirmation is queued in the transaction that marks the order paid: both, or neither.
        return queueConfirmationEmail(tx, order.id, ordersUrl);
      },
    );

  let { result, extra: deliver } = await pay("pendiente");
  let outcome: FulfilOutcome = "fulfilled";
  if (!result.ok && result.status === "cancelado") {
    ({ result, extra: deliver } = await pay("cancelado"));
    outcome = "late_reserved";
    if (!result.ok && result.reason === "stock_gone") {
      if (!(await recordPaymentToRefund(order.id, payment, via))) return { outcome: "already", orderId: order.id };
      logger.warn({ orderId: order.id }, "order paid after its stock was released and sold: refund it");
      return { outcome: "refund_due", orderId: order.id };
    }
  }
  if (!result.ok) return { outcome: "already", orderId: order.id };
  deliver?.();
  return { outcome, orderId: order.id };
}
