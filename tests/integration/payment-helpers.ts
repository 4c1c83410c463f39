import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { startPaymentSimulator } from "@joyeria/payment-simulator";
import { refundCard } from "~/models/refunds.server";
import { action as webhookAction } from "~/routes/webhooks.stripe";
import { prisma } from "~/utils/db.server";
import { resetEnvCache } from "~/utils/env.server";
import { type Shipping, shippingFormValues } from "~/lib/validation/checkout";
import { createCategories, createUser, resetDatabase } from "../db-utils";
import { until } from "../support/wait";

export const API_KEY = "sk_test_checkout_integration";
export const WEBHOOK_SECRET = "whsec_checkout_integration";
export const SHOP_ORIGIN = "https://tienda.example";

/**
 * The real payment simulator (port 0) delivering its signed webhooks to the shop's real webhook
 * route, mounted on a small HTTP server of the test. The shop reaches the simulator through the
 * real `stripe` SDK, configured by the same environment variables as in production.
 *
 * `offsetMs` moves the simulator's clock (sessions expire without waiting); `webhooksDown` makes
 * every delivery fail with a 503, as when webhooks get lost.
 */
export async function startPayments() {
  const state = { offsetMs: 0, webhooksDown: false, deliveries: 0 };
  // The shop's handling of each delivery, until it has answered: a delivery the simulator gave up on (its
  // timeout) may still be running in the shop, and must end before a test empties the database under it.
  const handling = new Set<Promise<unknown>>();
  const hooks = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      state.deliveries += 1;
      if (state.webhooksDown) {
        res.writeHead(503).end("down");
        return;
      }
      const headers = new Headers();
      for (const [key, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(key, value);
      const request = new Request(`${SHOP_ORIGIN}/webhooks/stripe`, {
        method: "POST",
        headers,
        body: Buffer.concat(chunks),
      });
      const handled = Promise.resolve(webhookAction({ request, params: {}, context: {} }))
        .then(async (response) => res.writeHead(response.status).end(await response.text()))
        .catch((error: unknown) => res.writeHead(500).end(String(error)))
        .finally(() => handling.delete(handled));
      handling.add(handled);
    });
  });
  await new Promise<void>((resolve) => hooks.listen(0, "127.0.0.1", resolve));
  const hookPort = (hooks.address() as AddressInfo).port;
  const simulator = await startPaymentSimulator({
    apiKey: API_KEY,
    webhookSecret: WEBHOOK_SECRET,
    webhookUrl: `http://127.0.0.1:${hookPort}/webhooks/stripe`,
    now: () => Date.now() + state.offsetMs,
    expiryCheckIntervalMs: 50,
    webhookRetryDelaysMs: [],
  });
  process.env.STRIPE_SECRET_KEY = API_KEY;
  process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
  process.env.STRIPE_API_BASE = simulator.url;
  process.env.APP_ORIGIN = SHOP_ORIGIN;
  resetEnvCache();
  const stripe = new Stripe(API_KEY, {
    host: "127.0.0.1",
    port: simulator.port,
    protocol: "http",
    maxNetworkRetries: 0,
    telemetry: false,
  });

  /** Every event the simulator sent, oldest first. */
  async function events(): Promise<Array<{ id: string; type: string; delivery: { status: string } }>> {
    const response = await fetch(`${simulator.url}/__simulator/events`, {
      headers: { Authorization: `Bearer ${API_KEY}` },
    });
    return ((await response.json()) as { data: Array<{ id: string; type: string; delivery: { status: string } }> })
      .data;
  }

  return {
    state,
    simulator,
    stripe,
    /**
     * Pays on the hosted page as a browser would; resolves with where the page redirects. `fields`
     * adds form fields (the meses sin intereses plan: `{ installment_plan: "6" }`).
     */
    async pay(sessionUrl: string, card = "4242 4242 4242 4242", fields: Record<string, string> = {}) {
      const response = await fetch(sessionUrl, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ card_number: card, expiry: "12/39", cvc: "123", ...fields }),
      });
      return { status: response.status, location: response.headers.get("location"), html: await response.text() };
    },
    events,
    /**
     * Waits until nothing the simulator sent is still on its way: no event pending or being retried, and
     * no delivery still being handled by the shop. Before a test empties the database, so no webhook's
     * transaction meets the TRUNCATE (a deadlock on PostgreSQL).
     */
    async quiet(timeoutMs = 20_000) {
      await eventually(
        async () =>
          handling.size === 0 &&
          (await events()).every((e) => !["pending", "retrying"].includes(e.delivery.status)) &&
          handling.size === 0,
        "the webhooks in flight",
        timeoutMs,
      );
    },
    /** Delivers an event again (the same bytes, a fresh signature). */
    async resend(eventId: string) {
      await fetch(`${simulator.url}/__simulator/events/${eventId}/resend`, {
        method: "POST",
        headers: { Authorization: `Bearer ${API_KEY}` },
      });
    },
    async stop() {
      await simulator.stop();
      await new Promise<void>((resolve) => hooks.close(() => resolve()));
      for (const key of ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_API_BASE", "APP_ORIGIN"]) {
        delete process.env[key];
      }
      resetEnvCache();
    },
  };
}

export type Payments = Awaited<ReturnType<typeof startPayments>>;

/**
 * The payment simulator for a test file (started before its tests, stopped after them) and, before
 * each test, an empty database with the categories and the simulator back in its normal state.
 */
export function setUpPayments(): Payments {
  const payments = {} as Payments;
  beforeAll(async () => {
    Object.assign(payments, await startPayments());
  });
  afterAll(async () => {
    await payments.stop();
  });
  beforeEach(async () => {
    await payments.quiet();
    await resetDatabase();
    await createCategories();
    payments.state.offsetMs = 0;
    payments.state.webhooksDown = false;
  });
  return payments;
}

/** A webhook request signed with the shop's secret, for events the simulator never sends. */
export function signedWebhookRequest(event: Record<string, unknown>, secret = WEBHOOK_SECRET): Request {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return new Request(`${SHOP_ORIGIN}/webhooks/stripe`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
    body: payload,
  });
}

export function sessionEvent(type: string, session: Stripe.Checkout.Session, id = `evt_test_${Math.random()}`) {
  return {
    id,
    object: "event",
    type,
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: session },
  };
}

export const SHIPPING: Shipping = {
  firstName: "María",
  lastName: "López",
  email: "ignorada@example.mx",
  phone: "5512345678",
  address: "Polanco",
  address_line2: "Av. Masaryk 123",
  city: "Miguel Hidalgo",
  postalCode: "11560",
  state: "Ciudad de México",
  interiorNumber: null,
  references: null,
  giftWrap: false,
  giftMessage: null,
  country: "México",
};

/** SHIPPING as the checkout form posts it. */
export const SHIPPING_FORM: Record<string, string> = Object.fromEntries(shippingFormValues(SHIPPING));

/** Waits until `check` holds (webhooks and expiry timers run in the background). */
export const eventually = (check: () => Promise<boolean>, what: string, timeoutMs = 5000) =>
  until(check, what, { timeoutMs });

/**
 * An admin (created for it) refunds pieces of a card-paid order through the provider, and the refund is
 * settled by the simulator's webhook: resolves with the amount given back.
 */
export async function settledCardRefund(orderId: number, items: Record<number, number>): Promise<number> {
  const admin = await createUser({ role: "admin" });
  const refund = await refundCard(
    { id: admin.id, email: admin.email },
    { orderId, chosen: { items, shipping: false, giftWrap: false }, reason: "Talla" },
  );
  if (!refund.ok) throw new Error(`the refund was refused: ${refund.reason}`);
  const settled = () => prisma.refund.findUniqueOrThrow({ where: { id: refund.refundId } });
  await eventually(async () => (await settled()).status === "reembolsado", "the refund settled");
  return (await settled()).amount;
}
