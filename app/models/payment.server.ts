import crypto from "node:crypto";
import { STATUS_CODES } from "node:http";
import Stripe from "stripe";
import { CHECKOUT_MESSAGES, paymentLines } from "~/lib/checkout";
import { type PaymentMethod, paymentMethodsFor } from "~/lib/payment-methods";
import { parseId } from "~/lib/ids";
import type { Shipping } from "~/lib/validation/checkout";
import { recordVoucher, voucherOf } from "~/models/async-payment.server";
import type { SystemChange } from "~/models/order-lifecycle.server";
import { enforceHoldLimits, previousCheckouts } from "~/models/hold-limits.server";
import {
  attachPaymentSession,
  CheckoutError,
  createOrderForCheckout,
  type FulfilOutcome,
  releaseReservation,
} from "~/models/order.server";
import { fulfilPaidSession, paymentIntentOf } from "~/models/paid-session.server";
import { claimExpiredReservation, getOwnOrder } from "~/models/order-views.server";
import { isDatabaseUnavailable, prisma } from "~/utils/db.server";
import { getEnv, getInstallmentPlans } from "~/utils/env.server";
import { absoluteUrl, configuredOrigin } from "~/utils/origin.server";
import { cookieSecrets } from "~/utils/session.server";
import { getStripe, PaymentConfigurationError } from "~/utils/stripe.server";
import { logger } from "~/utils/logger.server";
import { verifyWebhook } from "./webhook-signature.server";
import { applyRefundEvent } from "./refund-settlement.server";

/**
 * Payments through Stripe Checkout (or the local simulator, through the same SDK): the session that
 * sends the shopper to the provider's page (a card, an OXXO voucher or a SPEI transfer, as
 * PAYMENT_METHODS allows), the webhook that reports the outcome, and the sweep that settles sessions
 * whose outcome never reached the shop. OXXO and SPEI are paid later: see ./async-payment.server.ts.
 */

/**
 * Stripe refuses sessions that expire in less than 30 minutes from *its* clock: the order's
 * reservation starts a moment earlier, so the session is asked to live a little longer.
 */
const SESSION_EXPIRY_MARGIN_MS = 2 * 60_000;

export type CheckoutOutcome = { ok: true; url: string; orderId: number } | { ok: false; message: string };

/**
 * PAGAR: creates the order (reserving its stock) and its Checkout Session, and returns the URL to
 * send the shopper to. On any failure the reservation is released and the message to show
 * ("Error al procesar el pago: {message}") is returned: a stock or empty-cart refusal, the
 * provider's own message, `Error {status}: {status text}`, or a session without URL.
 */
export async function startCheckout(
  request: Request,
  user: { id: string; email: string } | null,
  shipping: Shipping,
): Promise<CheckoutOutcome> {
  if (!user) return { ok: false, message: CHECKOUT_MESSAGES.noSession };

  // A new PAGAR ends the shopper's earlier unpaid card sessions; vouchers count toward the hold limits.
  for (const old of await previousCheckouts(user.id)) {
    await settleSession(old, absoluteUrl(request, "/orders"), "replaced", "checkout").catch((error: unknown) => {
      logger.warn({ err: error, orderId: old.id }, "payments: ending the shopper's previous checkout failed");
    });
  }
  let order;
  try {
    const guard = (tx: Parameters<typeof enforceHoldLimits>[0]) => enforceHoldLimits(tx, user, shipping);
    order = await createOrderForCheckout(user.id, user.email, shipping, { guard });
  } catch (error) {
    if (error instanceof CheckoutError) return { ok: false, message: error.message };
    throw error;
  }

  const methods = paymentMethodsFor(order.totals.total, getEnv().PAYMENT_METHODS);
  if (methods.length === 0) {
    // Only OXXO is on and the order is beyond one voucher's limit.
    await releaseReservation(order.id, "checkout_failed", "checkout");
    return { ok: false, message: CHECKOUT_MESSAGES.noPaymentMethod };
  }
  let session: Stripe.Checkout.Session;
  try {
    const stripe = getStripe();
    const line = (name: string, unitAmount: number, quantity: number, description?: string) => ({
      price_data: {
        currency: "mxn",
        unit_amount: unitAmount,
        product_data: description ? { name, description } : { name },
      },
      quantity,
    });
    session = await stripe.checkout.sessions.create({
      mode: "payment",
      currency: "mxn",
      ...(await paymentMethodParams(stripe, methods, order)),
      line_items: [
        ...paymentLines(order, getEnv().PRICES_INCLUDE_IVA).map((l) =>
          line(l.name, l.unitAmount, l.quantity, l.description),
        ),
      ],
      client_reference_id: String(order.id),
      metadata: { orderId: String(order.id), orderNumber: order.number },
      expires_at: Math.ceil((order.reservedUntil.getTime() + SESSION_EXPIRY_MARGIN_MS) / 1000),
      success_url: absoluteUrl(request, "/success?session_id={CHECKOUT_SESSION_ID}"),
      cancel_url: absoluteUrl(request, `/cancel?pedido=${order.id}&clave=${cancelKey(order.id)}`),
    });
  } catch (error) {
    await releaseReservation(order.id, "checkout_failed", "checkout");
    return { ok: false, message: providerMessage(error) };
  }

  if (!session.url) {
    await releaseReservation(order.id, "checkout_failed", "checkout");
    return { ok: false, message: CHECKOUT_MESSAGES.missingUrl };
  }
  await attachPaymentSession(order.id, session.id, new Date(session.expires_at * 1000));
  return { ok: true, url: session.url, orderId: order.id };
}

/**
 * The session's methods and their options: meses sin intereses on cards when MSI_PLANS offers any, an OXXO voucher's life (it ends at 23:59 Mexico City time
 * `OXXO_VOUCHER_DAYS` days later) and a SPEI transfer, which Stripe funds through a Customer's balance
 * (one is created for the payment; the shopper's e-mail then travels on it).
 */
async function paymentMethodParams(
  stripe: Stripe,
  methods: PaymentMethod[],
  order: { id: number; email: string },
): Promise<Partial<Stripe.Checkout.SessionCreateParams>> {
  const types = methods.map((method) => (method === "spei" ? "customer_balance" : method));
  // The SDK's API version (2026-10-28) replaced `payment_method_types` with this list.
  const params: Partial<Stripe.Checkout.SessionCreateParams> = { allowed_payment_method_types: types };
  const options: Stripe.Checkout.SessionCreateParams.PaymentMethodOptions = {};
  // Meses sin intereses: with plans configured, the card form offers the plans the shopper's card and
  // the amount qualify for (the provider's minimums, which MSI_PLANS mirrors).
  if (methods.includes("card") && getInstallmentPlans().length > 0) options.card = { installments: { enabled: true } };
  if (methods.includes("oxxo")) options.oxxo = { expires_after_days: getEnv().OXXO_VOUCHER_DAYS };
  if (methods.includes("spei")) {
    options.customer_balance = { funding_type: "bank_transfer", bank_transfer: { type: "mx_bank_transfer" } };
    const customer = await stripe.customers.create({ email: order.email, metadata: { orderId: String(order.id) } });
    params.customer = customer.id;
  } else {
    params.customer_email = order.email;
  }
  if (Object.keys(options).length > 0) params.payment_method_options = options;
  return params;
}

/** The provider's own message, else `Error {status}: {status text}`. */
function providerMessage(error: unknown): string {
  if (error instanceof PaymentConfigurationError) {
    logger.error("payments: STRIPE_SECRET_KEY is not set, card payments are off");
    return error.message;
  }
  if (error instanceof Stripe.errors.StripeConnectionError) {
    // The SDK's own text is English and technical: the shopper reads what happened, in Spanish.
    logger.error({ reason: error.message }, "payments: the payment provider could not be reached");
    return CHECKOUT_MESSAGES.providerUnreachable;
  }
  if (error instanceof Stripe.errors.StripeError) {
    if (error.message) return error.message;
    const status = error.statusCode ?? 500;
    return `Error ${status}: ${STATUS_CODES[status] ?? "Error"}`;
  }
  logger.error({ err: error }, "payments: creating the checkout session failed");
  return error instanceof Error && error.message ? error.message : "Error 500: Internal Server Error";
}

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

/**
 * A complete but unpaid session (a voucher or a transfer waiting for its money): its instructions are
 * read from the payment intent and recorded on the order (once). Returns the end of the order's hold,
 * or null when the order is no longer pending or the intent has no instructions.
 */
async function recordAwaitingPayment(
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

function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "P2002";
}

export type SuccessLookup =
  | { kind: "paid"; orderId: number; outcome: FulfilOutcome }
  /** An OXXO voucher or a SPEI transfer: the order waits for the money. */
  | { kind: "awaiting"; orderId: number }
  | { kind: "unpaid"; orderId: number }
  | { kind: "not_found" };

/**
 * The success page: the session is read from the provider (never trusted from the URL) and must
 * belong to one of this user's orders. A paid one is fulfilled here if the webhook has not
 * arrived yet (exactly once either way).
 */
export async function confirmPaidSession(request: Request, userId: string, sessionId: string): Promise<SuccessLookup> {
  const order = await prisma.order.findFirst({ where: { userId, stripeSessionId: sessionId }, select: { id: true } });
  if (!order) return { kind: "not_found" };
  let session: Stripe.Checkout.Session;
  try {
    session = await getStripe().checkout.sessions.retrieve(sessionId);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError) return { kind: "not_found" };
    throw error;
  }
  if (session.status === "complete" && session.payment_status === "unpaid") {
    const ordersUrl = absoluteUrl(request, "/orders");
    await recordAwaitingPayment(order.id, session, ordersUrl, "success_page");
    return { kind: "awaiting", orderId: order.id };
  }
  if (session.status !== "complete" || session.payment_status !== "paid") return { kind: "unpaid", orderId: order.id };
  const ordersUrl = absoluteUrl(request, "/orders");
  const { outcome } = await fulfilPaidSession(order.id, session, { ordersUrl, via: "success_page" });
  return { kind: "paid", orderId: order.id, outcome };
}

/**
 * The key the cancel URL carries for an order: a keyed hash of its id. The provider's redirect carries
 * it; a link made up elsewhere (order ids are sequential) does not, so a cross-site GET of /cancel can
 * never end a victim's open payment.
 */
function cancelKey(orderId: number, secret = cookieSecrets()[0]!): string {
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
async function settleSession(
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
