import Stripe from "stripe";
import { getEnv } from "./env.server";

/**
 * The one Stripe client of the app. With STRIPE_API_BASE set (the local payment simulator, in
 * `npm start` without keys and in the tests) the real SDK talks to that server instead of
 * api.stripe.com; everything else is identical. Network retries are off: a payment call that fails
 * is reported to the shopper and the reservation released, never silently repeated.
 */
let cached: { key: string; base: string | undefined; client: Stripe } | undefined;

/** No Stripe key: the shopper reads that card payments are unavailable; the log says why. */
export class PaymentConfigurationError extends Error {
  constructor() {
    super("Los pagos con tarjeta no están disponibles en este momento. Intenta más tarde.");
    this.name = "PaymentConfigurationError";
  }
}

export function getStripe(): Stripe {
  const env = getEnv();
  const key = env.STRIPE_SECRET_KEY;
  if (!key) throw new PaymentConfigurationError();
  const base = env.STRIPE_API_BASE;
  if (cached && cached.key === key && cached.base === base) return cached.client;
  // A shopper waits on PAGAR: 20 s at most for the provider (the SDK's default is 80 s).
  const options: Stripe.StripeConfig = { maxNetworkRetries: 0, telemetry: false, timeout: 20_000 };
  if (base) {
    const url = new URL(base);
    options.host = url.hostname;
    options.port = url.port ? Number(url.port) : url.protocol === "https:" ? 443 : 80;
    options.protocol = url.protocol === "https:" ? "https" : "http";
  }
  cached = { key, base, client: new Stripe(key, options) };
  return cached.client;
}

/** The secret that signs the webhooks this shop accepts. */
export function getWebhookSecret(): string {
  const secret = getEnv().STRIPE_WEBHOOK_SECRET;
  if (!secret) throw new PaymentConfigurationError();
  return secret;
}

export type { Stripe };
