import { describe, expect, it } from "vitest";
import { expectConsoleError } from "../setup/fail-on-console-error";
import { addToCart, getCart } from "~/models/cart.server";
import { startCheckout } from "~/models/payment.server";
import { action as checkoutAction } from "~/routes/checkout";
import { action as webhookAction } from "~/routes/webhooks.stripe";
import { prisma } from "~/utils/db.server";
import { resetEnvCache } from "~/utils/env.server";
import { createUserSession } from "~/utils/session.server";
import { freePort } from "../../scripts/lib/database.mjs";
import { createProduct, createUser } from "../db-utils";
import { callAction, formRequest } from "./auth-helpers";
import {
  eventually,
  SHIPPING,
  SHIPPING_FORM,
  SHOP_ORIGIN,
  sessionEvent,
  signedWebhookRequest,
  setUpPayments,
} from "./payment-helpers";

/**
 * The payment provider fails under the shop: it is unreachable at PAGAR, or its webhooks come late,
 * repeated and out of order while many orders are paid at once. Stock and fulfilment stay exact.
 */
const payments = setUpPayments();

const stockOf = async (id: number) => (await prisma.product.findUniqueOrThrow({ where: { id } })).stock;

describe("the payment simulator is down", () => {
  it("PAGAR shows Error al procesar el pago on the checkout page and keeps nothing reserved", async () => {
    const user = await createUser();
    const product = await createProduct({ name: "Anillo Aurora", price: 1_000_00, stock: 5 });
    await addToCart(user.id, { productId: product.id, variantId: null, quantity: 2 });
    const cookie = (await createUserSession(new Request(`${SHOP_ORIGIN}/login`), user.id)).split(";")[0]!;
    // Nothing listens where the provider should be: the connection is refused.
    process.env.STRIPE_API_BASE = `http://127.0.0.1:${await freePort()}`;
    resetEnvCache();
    expectConsoleError(); // the shop logs that the provider could not be reached
    try {
      const outcome = await callAction(
        checkoutAction,
        formRequest("/checkout", { intent: "pay", ...SHIPPING_FORM }, { cookie }),
      );
      expect(outcome.status).toBe(409);
      expect(outcome.body).toMatchObject({
        step: 2,
        paymentError:
          "Error al procesar el pago: No se pudo conectar con el procesador de pagos. Intenta de nuevo en unos minutos.",
      });
    } finally {
      process.env.STRIPE_API_BASE = payments.simulator.url;
      resetEnvCache();
    }
    expect(await stockOf(product.id)).toBe(5);
    const orders = await prisma.order.findMany();
    expect(orders.every((o) => o.status === "cancelado" && o.stockReleasedAt !== null)).toBe(true);
    expect((await getCart(user.id)).count).toBe(2); // the shopper can try again
  });
});

describe("webhooks replayed and out of order under concurrent load", () => {
  it(
    "20 orders paid or expired at once, every event resent 3× and shuffled: each fulfilled once",
    { timeout: 60_000 },
    async () => {
      const STOCK = 25;
      const product = await createProduct({ name: "Pulsera Sol", price: 800_00, stock: STOCK });
      const spare = await createProduct({ name: "Arete Luna", price: 500_00, stock: 100 });
      const users = await Promise.all(Array.from({ length: 20 }, () => createUser()));
      for (const user of users) await addToCart(user.id, { productId: product.id, variantId: null, quantity: 1 });

      const checkouts = await Promise.all(
        users.map(async (user) => {
          const outcome = await startCheckout(
            new Request(`${SHOP_ORIGIN}/checkout`, { method: "POST" }),
            user,
            SHIPPING,
          );
          if (!outcome.ok) throw new Error(outcome.message);
          return { user, ...outcome };
        }),
      );
      expect(await stockOf(product.id)).toBe(STOCK - 20);
      const paid = checkouts.slice(0, 14);
      const expired = checkouts.slice(14);
      const sessionOf = async (orderId: number) =>
        (await prisma.order.findUniqueOrThrow({ where: { id: orderId } })).stripeSessionId!;

      // Payments and expiries at the same moment; their webhooks arrive while the others are handled.
      await Promise.all([
        ...paid.map((c) => payments.pay(c.url)),
        ...expired.map(async (c) => payments.stripe.checkout.sessions.expire(await sessionOf(c.orderId))),
      ]);
      await eventually(
        async () => (await payments.events()).filter((e) => e.delivery.status === "delivered").length === 20,
        "the 20 first deliveries",
        20_000,
      );
      // The paid shoppers go on shopping: a replayed payment must not empty their new cart.
      for (const c of paid) await addToCart(c.user.id, { productId: spare.id, variantId: null, quantity: 1 });

      // Every event three more times, plus a stale expiry for each paid session, all shuffled and concurrent.
      const events = await payments.events();
      const deliveries: Array<() => Promise<unknown>> = [];
      for (const event of events) for (let i = 0; i < 3; i++) deliveries.push(() => payments.resend(event.id));
      for (const c of paid) {
        const session = await payments.stripe.checkout.sessions.retrieve(await sessionOf(c.orderId));
        const stale = signedWebhookRequest(sessionEvent("checkout.session.expired", { ...session, status: "expired" }));
        deliveries.push(() => webhookAction({ request: stale, params: {}, context: {} }));
      }
      deliveries.sort(() => Math.random() - 0.5);
      await Promise.all(deliveries.map((deliver) => deliver()));
      await eventually(
        async () => (await payments.events()).every((e) => e.delivery.status === "delivered"),
        "every replay delivered",
        20_000,
      );

      const orders = await prisma.order.findMany({ include: { items: true } });
      for (const c of paid) {
        const order = orders.find((o) => o.id === c.orderId)!;
        expect(order).toMatchObject({ status: "procesando", stockReleasedAt: null });
        const cart = await getCart(c.user.id);
        expect(cart.lines.map((l) => l.productId)).toEqual([spare.id]); // cleared once, at the payment
      }
      for (const c of expired) {
        const order = orders.find((o) => o.id === c.orderId)!;
        expect(order.status).toBe("cancelado");
        expect(order.stockReleasedAt).not.toBeNull();
      }
      expect(await stockOf(product.id)).toBe(STOCK - paid.length); // sold once each, the rest back once
      const emails = await prisma.outboxEmail.findMany({ where: { kind: "order-confirmation" } });
      expect(emails).toHaveLength(paid.length);
      const numbers = orders.filter((o) => o.status === "procesando").map((o) => o.number);
      for (const number of numbers) expect(emails.filter((e) => e.subject.includes(number))).toHaveLength(1);
      expect(await prisma.paymentEvent.count()).toBe(events.length + paid.length);
    },
  );
});
