import type Stripe from "stripe";
import { parseId } from "~/lib/ids";
import { releaseReservation } from "~/models/order.server";
import { fulfilPaidSession } from "~/models/paid-session.server";
import { isTransactionConflict } from "~/utils/database-errors.server";
import { isDatabaseUnavailable, prisma } from "~/utils/db.server";
import { logger } from "~/utils/logger.server";
import { recordAwaitingPayment } from "./payment-settlement.server";
import { applyRefundEvent } from "./refund-settlement.server";
import { verifyWebhook } from "./webhook-signature.server";

/**
 * The payment provider's webhook (`/webhooks/stripe`): a signed event about a Checkout Session settles
 * its order (paid → fulfilled, a voucher issued → recorded, expired or failed → released); refund
 * events go to ./refund-settlement.server.ts. Checkout itself is ./payment.server.ts.
 */

export type WebhookResult = { status: number; body: string };

/**
 * Handles one webhook delivery: the raw body and its signature. A bad signature is a 400; an event
 * already handled is acknowledged and ignored; unknown event types are acknowledged. An event that
 * fails while being handled is forgotten again and answered 500, so the provider retries it.
 */
export async function handleWebhook(
  rawBody: string,
  signature: string | null,
  ordersUrl: string,
): Promise<WebhookResult> {
  // A refusal (bad signature, no secret…) is logged with its reason and counted: ./webhook-signature.server.ts.
  const verified = verifyWebhook(rawBody, signature);
  if (!verified.ok) return { status: verified.status, body: verified.body };
  const event = verified.event;

  // An event is recorded as processed only after it was applied: had the database gone away in
  // between, a record written first would answer every retry "already processed" and the order
  // would never be settled. Applying twice is harmless: every change of an order is a conditional
  // update that happens once (a duplicate delivery in flight finds the order already settled).
  const seen = await prisma.paymentEvent.findUnique({ where: { id: event.id }, select: { id: true } });
  if (seen) return { status: 200, body: "Evento ya procesado" };
  const session = isSessionEvent(event) ? event.data.object : null;
  const orderId = session ? await orderIdOf(session) : null;

  try {
    if (session && orderId !== null) await applySessionEvent(event.type, session, orderId, ordersUrl);
    else await applyRefundEvent(event);
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw error; // a 503: the provider retries
    if (isTransactionConflict(error)) {
      // Lost to a concurrent write (a staff refund on the same order): nothing committed; the provider retries.
      logger.warn(
        { eventType: event.type, eventId: event.id },
        "payments: webhook event met a concurrent write, retried later",
      );
      return { status: 503, body: "Reintenta más tarde" };
    }
    logger.error({ err: error, eventType: event.type, eventId: event.id }, "payments: handling a webhook event failed");
    return { status: 500, body: "Error al procesar el evento" };
  }
  try {
    await prisma.paymentEvent.create({ data: { id: event.id, type: event.type, orderId } });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error; // a concurrent delivery of the same event recorded it
  }
  return { status: 200, body: "OK" };
}

const SESSION_EVENTS = new Set([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "checkout.session.expired",
]);

function isSessionEvent(event: Stripe.Event): event is Stripe.Event & { data: { object: Stripe.Checkout.Session } } {
  return SESSION_EVENTS.has(event.type);
}

/** The shop's order for a session: the one linked to it, else the order id it carries (metadata). */
async function orderIdOf(session: Stripe.Checkout.Session): Promise<number | null> {
  const linked = await prisma.order.findUnique({ where: { stripeSessionId: session.id }, select: { id: true } });
  if (linked) return linked.id;
  const claimed = parseId(session.metadata?.orderId ?? session.client_reference_id);
  if (claimed === null) return null;
  // Only an order not linked to another session may be settled by this one.
  const order = await prisma.order.findFirst({ where: { id: claimed, stripeSessionId: null }, select: { id: true } });
  return order?.id ?? null;
}

/**
 * Completed (paid) sessions fulfil the order; expired sessions and failed delayed payments release
 * it. Both are conditional on the order's state, so events in any order end right: an expiry
 * after a payment releases nothing, a payment after an expiry is handled by `fulfilOrder`.
 */
async function applySessionEvent(
  type: string,
  session: Stripe.Checkout.Session,
  orderId: number,
  ordersUrl: string,
): Promise<void> {
  switch (type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      if (session.payment_status === "paid") await fulfilPaidSession(orderId, session, { ordersUrl, via: "webhook" });
      else if (type === "checkout.session.completed") {
        // An OXXO voucher or a SPEI transfer was issued: the money comes later.
        await recordAwaitingPayment(orderId, session, ordersUrl, "webhook");
      }
      return;
    case "checkout.session.expired":
      await releaseReservation(orderId, "expired", "webhook");
      return;
    case "checkout.session.async_payment_failed":
      await releaseReservation(orderId, "payment_failed", "webhook");
      return;
  }
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "P2002";
}
