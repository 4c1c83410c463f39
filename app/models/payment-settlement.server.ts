import crypto from "node:crypto";
import Stripe from "stripe";
import { recordVoucher, voucherOf } from "~/models/async-payment.server";
import type { SystemChange } from "~/models/order-lifecycle.server";
import { releaseReservation } from "~/models/order.server";
import { fulfilPaidSession, paymentIntentOf } from "~/models/paid-session.server";
import { claimExpiredReservation, getOwnOrder } from "~/models/order-views.server";
import { configuredOrigin, absoluteUrl } from "~/utils/origin.server";
import { cookieSecrets } from "~/utils/session.server";
import { getStripe } from "~/utils/stripe.server";
import { logger } from "~/utils/logger.server";

/**
 * Settling a payment session with the provider when no event said how it ended: the cancel page (the
 * shopper came back), a new PAGAR replacing an unpaid one, and the periodic sweep of reservations that
 * ran out. Each asks the provider what the session became and fulfils, records or releases the order.
 * Starting a checkout is ./payment.server.ts; the webhook is ./payment-webhook.server.ts.
 */

/**
 * A complete but unpaid session (a voucher or a transfer waiting for its money): its instructions are
 * read from the payment intent and recorded on the order (once). Returns the end of the order's hold,
 * or null when the order is no longer pending or the intent has no instructions.
 */
export async function recordAwaitingPayment(
  orderId: number,
  session: Stripe.Checkout.Session,
  ordersUrl: string,
  via: SystemChange,
): Promise<Date | null> {
  const intentId = paymentIntentOf(session);
  if (!intentId) return null;
  const now = new Date();
  const voucher = voucherOf(await getStripe().paymentIntents.retrieve(intentId), now);
  if (!voucher) {
    logger.warn({ orderId, intentId }, "payments: an unpaid complete session without voucher instructions");
    return null;
  }
  return (await recordVoucher(orderId, voucher, { ordersUrl, via, now })).holdEnd;
}

/**
 * The key the cancel URL carries for an order: a keyed hash of its id. The provider's redirect carries
 * it; a link made up elsewhere (order ids are sequential) does not, so a cross-site GET of /cancel can
 * never end a victim's open payment.
 */
export function cancelKey(orderId: number, secret = cookieSecrets()[0]!): string {
  return crypto.createHmac("sha256", secret).update(`cancel:${orderId}`).digest("base64url").slice(0, 22);
}

function isCancelKey(orderId: number, key: string): boolean {
  // Every secret in rotation, so a payment started before a rotation can still be cancelled.
  return cookieSecrets().some((secret) => {
    const expected = Buffer.from(cancelKey(orderId, secret));
    const given = Buffer.from(key);
    return given.length === expected.length && crypto.timingSafeEqual(given, expected);
  });
}

/**
 * The cancel page: the shopper left the provider's page. With the key of the provider's redirect,
 * their own pending order's session is expired (so it can no longer be paid) and its reservation
 * released; the cart stays as it was. When the session turns out to be paid already, the order is
 * fulfilled instead. Without the key nothing changes (the sweep settles the order when its session ends).
 */
export async function cancelCheckout(
  request: Request,
  userId: string,
  { orderId, key }: { orderId: number; key: string },
): Promise<"released" | "paid" | "unchanged"> {
  if (!isCancelKey(orderId, key)) return "unchanged";
  const order = await getOwnOrder(userId, orderId);
  if (!order || order.status !== "pendiente") return "unchanged";
  return settleSession(order, absoluteUrl(request, "/orders"), "cancelled", "cancel_page");
}

/**
 * Ends the provider session of a pending order and settles the order by what the provider says:
 * paid → fulfilled; otherwise → released.
 */
export async function settleSession(
  order: { id: number; stripeSessionId: string | null },
  ordersUrl: string,
  reason: "cancelled" | "expired" | "replaced",
  via: SystemChange,
  now = new Date(),
): Promise<"released" | "paid" | "unchanged"> {
  if (order.stripeSessionId) {
    const stripe = getStripe();
    let session: Stripe.Checkout.Session;
    try {
      session = await stripe.checkout.sessions.expire(order.stripeSessionId);
    } catch (error) {
      // Only open sessions can be expired: read what it became instead.
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      session = await stripe.checkout.sessions.retrieve(order.stripeSessionId);
    }
    if (session.status === "complete") {
      if (session.payment_status !== "paid") {
        // A voucher or transfer in flight: recorded if no event told the shop yet, released only once
        // its hold ended (the money never came).
        const holdEnd = await recordAwaitingPayment(order.id, session, ordersUrl, via);
        if (via !== "sweep" || holdEnd === null || holdEnd > now) return "unchanged";
        return (await releaseReservation(order.id, "voucher_expired", via)) ? "released" : "unchanged";
      }
      await fulfilPaidSession(order.id, session, { ordersUrl, via });
      return "paid";
    }
    if (session.status === "open") return "unchanged";
  }
  return (await releaseReservation(order.id, reason, via)) ? "released" : "unchanged";
}

/**
 * How long the sweep's claim on one order lasts. Settling one order takes at most two provider calls
 * (20 s timeout each, no retries: app/utils/stripe.server.ts) and one transaction, so the lease only
 * runs out when its instance died; then another instance's sweep takes the order over. An order the
 * sweep could not settle (provider down, session still open) is looked at again once it ends.
 */
export const SWEEP_CLAIM_MS = 5 * 60_000;

/**
 * The periodic sweep: pending orders whose reservation ended without any event reaching the shop
 * (webhooks get lost) are settled with the provider, so stock never stays locked by an abandoned
 * payment. Each order is claimed just before it is settled (`claimExpiredReservation`), so any
 * number of instances may sweep at once and the provider hears about each order from one of them.
 * Returns how many orders it looked at (at most `limit`).
 */
export async function sweepExpiredReservations(now = new Date(), limit = 50): Promise<number> {
  const ordersUrl = `${configuredOrigin()}/orders`;
  let looked = 0;
  while (looked < limit) {
    const order = await claimExpiredReservation(now, SWEEP_CLAIM_MS);
    if (!order) break;
    looked += 1;
    try {
      await settleSession(order, ordersUrl, "expired", "sweep", now);
    } catch (error) {
      logger.error({ err: error, orderId: order.id }, "payments: sweeping an expired reservation failed");
    }
  }
  return looked;
}
