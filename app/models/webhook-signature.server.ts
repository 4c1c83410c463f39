import Stripe from "stripe";
import { logger } from "~/utils/logger.server";
import { type WebhookRefusalReason, webhookRefusals } from "~/utils/metrics.server";
import { getStripe, getWebhookSecret, PaymentConfigurationError } from "~/utils/stripe.server";

/**
 * The first step of every payment webhook (./payment-webhook.server.ts `handleWebhook`): the raw body's
 * signature is checked against STRIPE_WEBHOOK_SECRET before anything is read from it. A refusal is
 * answered 400 "Firma no válida" (the provider retries it for days), and is never silent: one warn line
 * with the reason, the request id (the logger's) and what helps to fix it, and one count in
 * `joyeria_webhooks_refused_total{reason}`. Neither the body, nor the signature header, nor the secret
 * is logged.
 */

export type VerifiedWebhook = { ok: true; event: Stripe.Event } | { ok: false; status: 400; body: string };

/** What an operator does about each reason (the log line's `hint`). */
const HINTS: Record<WebhookRefusalReason, string> = {
  missing_signature: "a POST without a Stripe-Signature header: not sent by Stripe",
  malformed_signature: "the Stripe-Signature header is unreadable: not sent by Stripe",
  signature_mismatch:
    "STRIPE_WEBHOOK_SECRET is not this endpoint's signing secret (Dashboard → Developers → Webhooks, or the one `stripe listen` printed), or the body was changed on its way",
  timestamp_outside_tolerance: "the signature is older than 5 minutes: a replay, or this machine's clock is wrong",
  not_configured: "payments are not configured (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET unset)",
  invalid_payload: "the signed body is not a Stripe event",
};

/** The signed event, or the refusal to answer (already logged and counted). */
export function verifyWebhook(rawBody: string, signature: string | null): VerifiedWebhook {
  if (!signature) return refuse("missing_signature", rawBody);
  try {
    return { ok: true, event: getStripe().webhooks.constructEvent(rawBody, signature, getWebhookSecret()) };
  } catch (error) {
    return refuse(reasonOf(error), rawBody, error, signature);
  }
}

function reasonOf(error: unknown): WebhookRefusalReason {
  if (error instanceof PaymentConfigurationError) return "not_configured";
  if (!(error instanceof Stripe.errors.StripeSignatureVerificationError)) return "invalid_payload";
  if (error.message.startsWith("No signatures found matching")) return "signature_mismatch";
  if (error.message.startsWith("Timestamp outside the tolerance zone")) return "timestamp_outside_tolerance";
  return "malformed_signature";
}

function refuse(reason: WebhookRefusalReason, rawBody: string, error?: unknown, signature?: string): VerifiedWebhook {
  webhookRefusals().inc({ reason });
  const fields: Record<string, unknown> = { reason, hint: HINTS[reason], bodyBytes: Buffer.byteLength(rawBody) };
  // The SDK's first sentence only (the rest is general advice); its error object holds the body and header.
  if (error instanceof Error && reason !== "not_configured") fields.detail = error.message.split(/\.\s/)[0];
  // The signature's own time (not secret): tells a replay from a wrong clock.
  const signedAt = Number(/(?:^|,)t=(\d+)/.exec(signature ?? "")?.[1]);
  if (Number.isFinite(signedAt) && signedAt > 0) fields.signedSecondsAgo = Math.round(Date.now() / 1000 - signedAt);
  logger.warn(fields, "payments: webhook refused");
  return { ok: false, status: 400, body: "Firma no válida" };
}
