import { STATUS_CODES } from "node:http";
import Stripe from "stripe";
import { CHECKOUT_MESSAGES, paymentLines } from "~/lib/checkout";
import { type PaymentMethod, paymentMethodsFor } from "~/lib/payment-methods";
import type { Shipping } from "~/lib/validation/checkout";
import type { FiscalProfileInput } from "~/lib/validation/fiscal-profile";
import type { Prisma } from "~/generated/prisma/client";
import { saveCheckoutInvoiceRequest } from "~/invoicing/checkout-invoice.server";
import { enforceHoldLimits, previousCheckouts } from "~/models/hold-limits.server";
import { attachPaymentSession, CheckoutError, type FulfilOutcome, releaseReservation } from "~/models/order.server";
import { createOrderForCheckout } from "~/models/order-creation.server";
import { fulfilPaidSession } from "~/models/paid-session.server";
import { cancelKey, recordAwaitingPayment, settleSession } from "~/models/payment-settlement.server";
import { prisma } from "~/utils/db.server";
import { getEnv, getInstallmentPlans } from "~/utils/env.server";
import { absoluteUrl } from "~/utils/origin.server";
import { getStripe, PaymentConfigurationError } from "~/utils/stripe.server";
import { logger } from "~/utils/logger.server";

/**
 * Payments through Stripe Checkout (or the local simulator, through the same SDK): the session that
 * sends the shopper to the provider's page (a card, an OXXO voucher or a SPEI transfer, as
 * PAYMENT_METHODS allows), the webhook that reports the outcome, and the sweep that settles sessions
 * whose outcome never reached the shop (./payment-settlement.server.ts; the webhook is
 * ./payment-webhook.server.ts). OXXO and SPEI are paid later: see ./async-payment.server.ts.
 */

/**
 * Stripe refuses sessions that expire in less than 30 minutes from *its* clock: the order's
 * reservation starts a moment earlier, so the session is asked to live a little longer.
 */
const SESSION_EXPIRY_MARGIN_MS = 2 * 60_000;

type Tx = Prisma.TransactionClient;

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
  invoice: FiscalProfileInput | null = null,
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
    const withOrder = invoice ? (tx: Tx, id: number) => saveCheckoutInvoiceRequest(tx, id, invoice) : undefined;
    order = await createOrderForCheckout(user.id, user.email, shipping, { guard, withOrder });
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
