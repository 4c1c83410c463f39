import type { Env } from "./env.server";

/**
 * Stripe's two settings go together, on localhost too: a secret key without the webhook's signing secret
 * creates payments whose webhooks are all refused (paid orders never fulfilled), and a signing secret
 * without a key is a setting left behind. The start-up (./start-up.server.ts) refuses either half with
 * the variable's name, so `node server/index.mjs` refuses on its own; `npm start` says the same before it
 * starts anything (scripts/lib/payment-keys.mjs).
 */
export function checkPaymentConfiguration(env: Pick<Env, "STRIPE_SECRET_KEY" | "STRIPE_WEBHOOK_SECRET">): void {
  const key = Boolean(env.STRIPE_SECRET_KEY);
  const secret = Boolean(env.STRIPE_WEBHOOK_SECRET);
  if (key && !secret) {
    throw new Error(
      "STRIPE_SECRET_KEY is set without STRIPE_WEBHOOK_SECRET: every payment webhook would be refused and paid orders " +
        "never fulfilled. Set STRIPE_WEBHOOK_SECRET to the signing secret of the endpoint APP_ORIGIN/webhooks/stripe " +
        "(Stripe Dashboard → Developers → Webhooks, or the whsec_… that `stripe listen` prints). Refusing to start.",
    );
  }
  if (secret && !key) {
    throw new Error(
      "STRIPE_WEBHOOK_SECRET is set without STRIPE_SECRET_KEY: the shop could not create a payment. Set " +
        "STRIPE_SECRET_KEY (sk_live_… or sk_test_…), or unset STRIPE_WEBHOOK_SECRET too. Refusing to start.",
    );
  }
}
