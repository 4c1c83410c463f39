/**
 * Stripe's two settings go together: a secret key without the webhook's signing secret creates payments
 * whose webhooks are all refused (paid orders never fulfilled), and a signing secret without a key is a
 * setting left behind. Either half refuses to start, on localhost too. The shop's server checks the same
 * on its own (app/utils/payment-config.server.ts), so `node server/index.mjs` alone refuses as well.
 */

/**
 * The operator's message for a half Stripe configuration, or null when both or neither are set.
 * An empty variable counts as unset.
 * @param {Record<string, string | undefined>} [env]
 * @returns {string | null}
 */
export function halfStripeConfiguration(env = process.env) {
  const key = Boolean(env.STRIPE_SECRET_KEY);
  const secret = Boolean(env.STRIPE_WEBHOOK_SECRET);
  if (key === secret) return null;
  return key
    ? "STRIPE_SECRET_KEY is set without STRIPE_WEBHOOK_SECRET: every payment webhook would be refused and paid orders " +
        "never fulfilled. Set STRIPE_WEBHOOK_SECRET to the signing secret of the endpoint APP_ORIGIN/webhooks/stripe " +
        "(Stripe Dashboard → Developers → Webhooks, or the whsec_… that `stripe listen` prints). Refusing to start."
    : "STRIPE_WEBHOOK_SECRET is set without STRIPE_SECRET_KEY: the shop could not create a payment. Set STRIPE_SECRET_KEY " +
        "(sk_live_… or sk_test_…), or unset STRIPE_WEBHOOK_SECRET too (with neither, a shop on localhost uses the local " +
        "payment simulator). Refusing to start.";
}
