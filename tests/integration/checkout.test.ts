import { describe, expect, it } from "vitest";
import { expectConsoleError } from "../setup/fail-on-console-error";
import { ORDER_NUMBER_PATTERN } from "~/lib/checkout";
import { addToCart, getCart } from "~/models/cart.server";
import { CheckoutError, fulfilOrder, ORPHANED_CHECKOUT_MS, releaseReservation } from "~/models/order.server";
import { createOrderForCheckout } from "~/models/order-creation.server";
import { getOrdersForUser } from "~/models/order-views.server";
import { getProductDetail } from "~/models/product.server";
import { confirmPaidSession, startCheckout } from "~/models/payment.server";
import { cancelCheckout, sweepExpiredReservations } from "~/models/payment-settlement.server";
import { action as webhookAction, loader as webhookLoader } from "~/routes/webhooks.stripe";
import { prisma } from "~/utils/db.server";
import { resetEnvCache } from "~/utils/env.server";
import { createProduct, createUser } from "../db-utils";
import {
  API_KEY,
  eventually,
  SHIPPING,
  SHOP_ORIGIN,
  sessionEvent,
  signedWebhookRequest,
  setUpPayments,
} from "./payment-helpers";

const payments = setUpPayments();

const request = () => new Request(`${SHOP_ORIGIN}/checkout`, { method: "POST" });
const ORDERS_URL = `${SHOP_ORIGIN}/orders`;

async function stockOf(productId: number) {
  return (await prisma.product.findUniqueOrThrow({ where: { id: productId } })).stock;
}

async function orderOf(id: number) {
  return prisma.order.findUniqueOrThrow({ where: { id }, include: { items: true, address: true } });
}

async function confirmationEmails() {
  return prisma.outboxEmail.findMany({ where: { kind: "order-confirmation" } });
}

/** A customer with `quantity` pieces of a new product (stock `stock`) in the cart. */
async function shopperWith(quantity = 1, stock = 10, price = 1_500_00) {
  const user = await createUser();
  const product = await createProduct({ name: "Anillo Aurora", price, stock });
  await addToCart(user.id, { productId: product.id, variantId: null, quantity });
  return { user, product };
}

async function checkout(user: { id: string; email: string }) {
  const outcome = await startCheckout(request(), user, SHIPPING);
  if (!outcome.ok) throw new Error(`checkout refused: ${outcome.message}`);
  const order = await orderOf(outcome.orderId);
  return { ...outcome, order, sessionId: order.stripeSessionId! };
}

describe("PAGAR: order, reservation and Checkout Session", () => {
  it("creates a pending order at server prices, reserves its stock and opens a session with the prices shown and Envío", async () => {
    const user = await createUser({ name: "María" });
    const ring = await createProduct({ name: "Anillo Aurora", price: 1_500_00, stock: 5 });
    const necklace = await createProduct({ name: "Collar Luna", price: 2_000_00, stock: 10 });
    const variant = await prisma.variant.create({
      data: { productId: necklace.id, name: "Oro 14k", price: 2_499_50, stock: 3 },
    });
    await addToCart(user.id, { productId: ring.id, variantId: null, quantity: 2 });
    await addToCart(user.id, { productId: necklace.id, variantId: variant.id, quantity: 1 });
    // The cart row's informative price is not what the order charges: the catalogue's price is.
    await prisma.cartItem.updateMany({ where: { userId: user.id }, data: { price: 1 } });

    const { url, order, sessionId } = await checkout(user);

    expect(order).toMatchObject({
      status: "pendiente",
      email: user.email,
      subtotal: 2 * 1_500_00 + 2_499_50,
      shipping: 15_00,
      tax: 879_92, // 2 × 240.00 + 399.92, per piece (prices shown with IVA); also 16 % of 5 499.50
      total: 5_499_50 + 15_00 + 879_92,
      stockReleasedAt: null,
      paidAt: null,
    });
    expect(order.number).toMatch(/^LJ\d{10}$/);
    expect(order.reservedUntil!.getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
    expect(order.items.map((i) => [i.productName, i.variantName, i.quantity, i.price])).toEqual(
      expect.arrayContaining([
        ["Anillo Aurora", null, 2, 1_500_00],
        ["Collar Luna", "Oro 14k", 1, 2_499_50],
      ]),
    );
    expect(order.address).toMatchObject({
      name: "María López",
      phone: "5512345678",
      addressLine1: "Polanco",
      addressLine2: "Av. Masaryk 123",
      city: "Miguel Hidalgo",
      state: "Ciudad de México",
      postalCode: "11560",
      country: "México",
    });
    expect(await stockOf(ring.id)).toBe(3);
    expect((await prisma.variant.findUniqueOrThrow({ where: { id: variant.id } })).stock).toBe(2);
    // A variant line takes the variant's stock; the product's own is their sum (decision 018).
    expect(await stockOf(necklace.id)).toBe(
      (await prisma.variant.aggregate({ where: { productId: necklace.id }, _sum: { stock: true } }))._sum.stock,
    );

    const session = await payments.stripe.checkout.sessions.retrieve(sessionId, { expand: ["line_items"] });
    expect(url).toBe(session.url);
    expect(session).toMatchObject({
      mode: "payment",
      currency: "mxn",
      amount_total: order.total,
      customer_email: user.email,
      client_reference_id: String(order.id),
      metadata: { orderId: String(order.id) },
      success_url: `${SHOP_ORIGIN}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: expect.stringMatching(new RegExp(`^${SHOP_ORIGIN}/cancel\\?pedido=${order.id}&clave=[\\w-]{22}$`)),
    });
    expect(session.expires_at * 1000).toBeGreaterThanOrEqual(Date.now() + 30 * 60_000);
    // Each piece at the price the shopper saw, with its IVA (no separate IVA line), and Envío.
    expect(session.line_items!.data.map((l) => [l.description, l.quantity, l.amount_total]).sort()).toEqual(
      [
        ["Anillo Aurora", 2, 2 * 1_740_00],
        ["Collar Luna", 1, 2_899_42],
        ["Envío", 1, 15_00],
      ].sort(),
    );
    // The cart stays until the payment completes.
    expect((await getCart(user.id)).count).toBe(3);
  });

  it("creates nothing when a line no longer fits the stock, and names the product", async () => {
    const user = await createUser();
    const plenty = await createProduct({ name: "Collar Luna", stock: 10 });
    const scarce = await createProduct({ name: "Anillo Aurora", stock: 5 });
    await addToCart(user.id, { productId: plenty.id, variantId: null, quantity: 2 });
    await addToCart(user.id, { productId: scarce.id, variantId: null, quantity: 3 });
    await prisma.product.update({ where: { id: scarce.id }, data: { stock: 1 } });

    expect(await startCheckout(request(), user, SHIPPING)).toEqual({
      ok: false,
      message: "Solo queda 1 pieza de Anillo Aurora",
    });
    await prisma.product.update({ where: { id: scarce.id }, data: { stock: 0 } });
    await expect(createOrderForCheckout(user.id, user.email, SHIPPING)).rejects.toThrow(
      new CheckoutError("Anillo Aurora está agotado"),
    );
    expect(await prisma.order.count()).toBe(0);
    expect(await stockOf(plenty.id)).toBe(10); // its reservation was rolled back
    expect(await stockOf(scarce.id)).toBe(0);
  });

  it("refreshes the catalogue pages of the pieces it reserves, and of those a release puts back", async () => {
    const { user, product } = await shopperWith(2, 5);
    expect((await getProductDetail(product.id))?.stock).toBe(5); // now in the catalogue cache
    const { order } = await checkout(user);
    expect((await getProductDetail(product.id))?.stock).toBe(3);
    await releaseReservation(order.id, "cancelled", "cancel_page");
    expect((await getProductDetail(product.id))?.stock).toBe(5);
  });

  it("refuses a piece staff hid from sale while it sat in the cart, reserving nothing", async () => {
    const { user, product } = await shopperWith(1, 5);
    await prisma.product.update({ where: { id: product.id }, data: { inStock: false } });
    const outcome = await startCheckout(request(), user, SHIPPING);
    expect(outcome).toEqual({ ok: false, message: "Anillo Aurora está agotado" });
    expect(await prisma.order.count()).toBe(0);
    expect(await stockOf(product.id)).toBe(5);
  });

  it("freezes the chosen model's own metal in the order, as the cart showed it", async () => {
    const user = await createUser();
    const ring = await createProduct({ name: "Argolla Clásica", material: "Oro blanco 14k", stock: 5 });
    const yellow = await prisma.variant.create({
      data: {
        productId: ring.id,
        name: "Oro amarillo · 7",
        model: "Oro amarillo",
        size: "7",
        price: 4_890_00,
        stock: 2,
        material: "Oro amarillo 14k",
      },
    });
    const white = await prisma.variant.create({
      data: { productId: ring.id, name: "Oro blanco · 7", model: "Oro blanco", size: "7", price: 4_890_00, stock: 2 },
    });
    await addToCart(user.id, { productId: ring.id, variantId: yellow.id, quantity: 1 });
    await addToCart(user.id, { productId: ring.id, variantId: white.id, quantity: 1 });
    const cartMaterials = (await getCart(user.id)).lines.map((l) => [l.variantName, l.material]);
    const { order } = await checkout(user);
    expect(order.items.map((i) => [i.variantName, i.material])).toEqual(expect.arrayContaining(cartMaterials));
    expect(order.items.map((i) => [i.variantName, i.material])).toEqual(
      expect.arrayContaining([
        ["Oro amarillo · 7", "Oro amarillo 14k"],
        ["Oro blanco · 7", "Oro blanco 14k"],
      ]),
    );
  });

  it("refuses an empty cart and a missing session", async () => {
    const user = await createUser();
    expect(await startCheckout(request(), user, SHIPPING)).toEqual({
      ok: false,
      message: "No hay productos en el carrito",
    });
    expect(await startCheckout(request(), null, SHIPPING)).toEqual({ ok: false, message: "No hay sesión activa" });
    expect(await prisma.order.count()).toBe(0);
  });

  it("releases the reservation and reports the provider's message when the session cannot be created", async () => {
    const { user, product } = await shopperWith(2, 5);
    process.env.STRIPE_SECRET_KEY = "sk_test_wrong_key";
    resetEnvCache();
    try {
      const outcome = await startCheckout(request(), user, SHIPPING);
      expect(outcome).toEqual({ ok: false, message: "Invalid API Key provided: sk_test_***" });
    } finally {
      process.env.STRIPE_SECRET_KEY = API_KEY;
      resetEnvCache();
    }
    const [order] = await prisma.order.findMany();
    expect(order).toMatchObject({ status: "cancelado", stripeSessionId: null });
    expect(order!.stockReleasedAt).not.toBeNull();
    expect(await stockOf(product.id)).toBe(5);
    expect((await getCart(user.id)).count).toBe(2);
  });

  it("without a Stripe key, PAGAR says card payments are unavailable and keeps nothing reserved", async () => {
    const { user, product } = await shopperWith(2, 5);
    delete process.env.STRIPE_SECRET_KEY;
    resetEnvCache();
    expectConsoleError(); // the operator's log line: the key is missing
    try {
      expect(await startCheckout(request(), user, SHIPPING)).toEqual({
        ok: false,
        message: "Los pagos con tarjeta no están disponibles en este momento. Intenta más tarde.",
      });
    } finally {
      process.env.STRIPE_SECRET_KEY = API_KEY;
      resetEnvCache();
    }
    expect(await stockOf(product.id)).toBe(5);
    expect((await prisma.order.findFirstOrThrow()).status).toBe("cancelado");
  });

  it("draws order numbers at random: two orders of the same millisecond share nothing guessable", async () => {
    const now = new Date("2026-11-21T12:00:00.123Z");
    const first = await shopperWith(1);
    const second = await shopperWith(1);
    const a = await createOrderForCheckout(first.user.id, first.user.email, SHIPPING, { now });
    const b = await createOrderForCheckout(second.user.id, second.user.email, SHIPPING, { now });
    for (const n of [a.number, b.number]) {
      expect(n).toMatch(ORDER_NUMBER_PATTERN);
      // Not the time's digits (the old, predictable scheme: LJ + the last six digits of the time).
      expect(n).not.toContain(String(now.getTime() % 1_000_000).padStart(6, "0"));
    }
    expect(a.number).not.toBe(b.number);
  });
});

describe("concurrency", () => {
  it("20 parallel checkouts for the last 5 units: exactly 5 orders reserve, stock never negative", async () => {
    const product = await createProduct({ name: "Pulsera Sol", stock: 5 });
    const users = await Promise.all(Array.from({ length: 20 }, () => createUser()));
    for (const user of users) await addToCart(user.id, { productId: product.id, variantId: null, quantity: 1 });

    const outcomes = await Promise.all(users.map((user) => startCheckout(request(), user, SHIPPING)));

    const ok = outcomes.filter((o) => o.ok);
    const refused = outcomes.filter((o) => !o.ok);
    expect(ok).toHaveLength(5);
    expect(refused).toHaveLength(15);
    for (const o of refused) expect(o).toEqual({ ok: false, message: "Pulsera Sol está agotado" });
    expect(await stockOf(product.id)).toBe(0);
    expect(await prisma.order.count()).toBe(5);
    expect(new Set((await prisma.order.findMany()).map((o) => o.number)).size).toBe(5);
    const reserved = await prisma.orderItem.aggregate({ _sum: { quantity: true } });
    expect(reserved._sum.quantity).toBe(5);
  });
});

describe("fulfilment", () => {
  it("a paid session marks the order procesando, clears the cart and queues one confirmation e-mail", async () => {
    const { user, product } = await shopperWith(2, 5);
    const { url, order } = await checkout(user);

    const paid = await payments.pay(url);
    expect(paid.status).toBe(303);
    expect(paid.location).toBe(`${SHOP_ORIGIN}/success?session_id=${order.stripeSessionId}`);

    const after = await orderOf(order.id);
    expect(after.status).toBe("procesando");
    expect(after.paidAt).not.toBeNull();
    expect(after.stripePaymentIntentId).toMatch(/^pi_/);
    expect(await stockOf(product.id)).toBe(3);
    expect((await getCart(user.id)).count).toBe(0);

    const emails = await confirmationEmails();
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ to: user.email, subject: expect.stringContaining(order.number) });
    for (const text of [
      order.number,
      "Anillo Aurora × 2",
      "Anillo Aurora × 2: $3,480.00",
      "Subtotal (IVA incluido): $3,480.00",
      "Envío: $15.00",
      "Total: $3,495.00",
      "Incluye IVA (16%): $482.07",
      "Av. Masaryk 123",
      `${SHOP_ORIGIN}/orders`,
    ]) {
      expect(emails[0]!.text).toContain(text);
    }
    expect(emails[0]!.html).toContain(`href="${SHOP_ORIGIN}/orders"`);
  });

  it("the same webhook twice fulfils once (the second is acknowledged and ignored)", async () => {
    const { user } = await shopperWith(1);
    const { url, order } = await checkout(user);
    await payments.pay(url);
    const [completed] = (await payments.events()).filter((e) => e.type === "checkout.session.completed");
    await payments.resend(completed!.id);
    await payments.resend(completed!.id);

    expect(await prisma.paymentEvent.count({ where: { id: completed!.id } })).toBe(1);
    expect(await confirmationEmails()).toHaveLength(1);
    expect((await orderOf(order.id)).status).toBe("procesando");
  });

  it("the success page racing the webhook fulfils once", async () => {
    const { user } = await shopperWith(1);
    const { url, order, sessionId } = await checkout(user);
    payments.state.webhooksDown = true;
    await payments.pay(url);
    expect((await orderOf(order.id)).status).toBe("pendiente"); // the webhook did not get through
    payments.state.webhooksDown = false;
    const [completed] = (await payments.events()).filter((e) => e.type === "checkout.session.completed");

    const results = await Promise.all([
      confirmPaidSession(request(), user.id, sessionId),
      payments.resend(completed!.id),
      confirmPaidSession(request(), user.id, sessionId),
      fulfilOrder({ sessionId }, { ordersUrl: ORDERS_URL, via: "webhook" }),
    ]);

    expect(results[0]).toMatchObject({ kind: "paid", orderId: order.id });
    expect((await orderOf(order.id)).status).toBe("procesando");
    expect(await confirmationEmails()).toHaveLength(1);
  });

  it("the success page does not show another user's session", async () => {
    const { user } = await shopperWith(1);
    const stranger = await createUser();
    const { url, sessionId } = await checkout(user);
    await payments.pay(url);
    expect(await confirmPaidSession(request(), stranger.id, sessionId)).toEqual({ kind: "not_found" });
    expect(await confirmPaidSession(request(), user.id, "cs_test_does_not_exist")).toEqual({ kind: "not_found" });
  });

  it("an expiry event after the payment releases nothing", async () => {
    const { user, product } = await shopperWith(2, 5);
    const { url, order, sessionId } = await checkout(user);
    await payments.pay(url);
    const session = await payments.stripe.checkout.sessions.retrieve(sessionId);

    const response = await webhookAction({
      request: signedWebhookRequest(sessionEvent("checkout.session.expired", { ...session, status: "expired" })),
      params: {},
      context: {},
    });
    expect(response.status).toBe(200);
    const after = await orderOf(order.id);
    expect(after.status).toBe("procesando");
    expect(after.stockReleasedAt).toBeNull();
    expect(await stockOf(product.id)).toBe(3);
  });

  it("a payment after the reservation was released reserves the stock again, or leaves the order for a refund", async () => {
    const { user, product } = await shopperWith(2, 5);
    const { order, sessionId } = await checkout(user);
    await payments.stripe.checkout.sessions.expire(sessionId);
    await eventually(async () => (await orderOf(order.id)).status === "cancelado", "the expiry webhook");
    expect(await stockOf(product.id)).toBe(5);

    const paidSession = {
      ...(await payments.stripe.checkout.sessions.retrieve(sessionId)),
      status: "complete" as const,
      payment_status: "paid" as const,
      payment_intent: "pi_late",
    };
    await webhookAction({
      request: signedWebhookRequest(sessionEvent("checkout.session.completed", paidSession)),
      params: {},
      context: {},
    });
    expect((await orderOf(order.id)).status).toBe("procesando");
    expect(await stockOf(product.id)).toBe(3);
    expect(await confirmationEmails()).toHaveLength(1);

    // The same, when the pieces were sold in the meantime: nothing is oversold.
    const other = await shopperWith(1, 1);
    const second = await checkout(other.user);
    await releaseReservation(second.order.id, "expired", "webhook");
    await prisma.product.update({ where: { id: other.product.id }, data: { stock: 0 } });
    const { outcome } = await fulfilOrder({ orderId: second.order.id }, { ordersUrl: ORDERS_URL, via: "webhook" });
    expect(outcome).toBe("refund_due");
    const refundDue = await orderOf(second.order.id);
    expect(refundDue.status).toBe("cancelado");
    expect(refundDue.paidAt).not.toBeNull();
    expect(await stockOf(other.product.id)).toBe(0);
    expect(await confirmationEmails()).toHaveLength(1);
  });
});

describe("expiry and release", () => {
  it("an expired session releases the stock exactly once", async () => {
    const { user, product } = await shopperWith(2, 5);
    const { order } = await checkout(user);
    expect(await stockOf(product.id)).toBe(3);

    payments.state.offsetMs = 40 * 60_000; // the simulator's timer expires the session and sends the event
    await eventually(async () => (await orderOf(order.id)).status === "cancelado", "the expiry webhook");
    const [expired] = (await payments.events()).filter((e) => e.type === "checkout.session.expired");
    await payments.resend(expired!.id);
    expect(await releaseReservation(order.id, "expired", "webhook")).toBe(false);

    expect(await stockOf(product.id)).toBe(5);
    expect((await getCart(user.id)).count).toBe(2);
  });

  it("releases exactly once when called concurrently", async () => {
    const { user, product } = await shopperWith(3, 5);
    const { order } = await checkout(user);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => releaseReservation(order.id, "expired", "webhook")),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await stockOf(product.id)).toBe(5);
  });

  it("the sweep settles reservations whose webhooks were lost: expired ones released, paid ones fulfilled", async () => {
    payments.state.webhooksDown = true;
    const abandoned = await shopperWith(2, 5);
    const paid = await shopperWith(1, 5);
    const a = await checkout(abandoned.user);
    const p = await checkout(paid.user);
    await payments.pay(p.url);
    expect((await orderOf(p.order.id)).status).toBe("pendiente");

    expect(await sweepExpiredReservations(new Date())).toBe(0); // nothing has expired yet
    const later = new Date(Date.now() + 40 * 60_000);
    payments.state.offsetMs = 40 * 60_000;
    expect(await sweepExpiredReservations(later)).toBe(2);

    expect((await orderOf(a.order.id)).status).toBe("cancelado");
    expect(await stockOf(abandoned.product.id)).toBe(5);
    expect((await orderOf(p.order.id)).status).toBe("procesando");
    expect(await stockOf(paid.product.id)).toBe(4);
    expect(await confirmationEmails()).toHaveLength(1);
    expect(await sweepExpiredReservations(later)).toBe(0);
  });

  it("the sweep releases an order whose PAGAR never got a payment session, after ORPHANED_CHECKOUT_MS only", async () => {
    // The database went away between writing the order and attaching the provider's session: the
    // shopper got the error page, never the payment page.
    const { user, product } = await shopperWith(2, 5);
    const order = await createOrderForCheckout(user.id, user.email, SHIPPING);
    expect(await stockOf(product.id)).toBe(3);
    const created = (await orderOf(order.id)).createdAt.getTime();

    expect(await sweepExpiredReservations(new Date(created + ORPHANED_CHECKOUT_MS - 1000))).toBe(0); // maybe still in PAGAR
    expect(await sweepExpiredReservations(new Date(created + ORPHANED_CHECKOUT_MS + 1000))).toBe(1);
    expect((await orderOf(order.id)).status).toBe("cancelado");
    expect(await stockOf(product.id)).toBe(5);
    expect(await sweepExpiredReservations(new Date(created + ORPHANED_CHECKOUT_MS + 1000))).toBe(0);
  });

  it("the cancel page expires the session and releases the user's own pending order, keeping the cart", async () => {
    const { user, product } = await shopperWith(2, 5);
    const stranger = await createUser();
    const { order, sessionId } = await checkout(user);
    // The key the provider's redirect carries: the session's cancel URL.
    const cancelUrl = new URL((await payments.stripe.checkout.sessions.retrieve(sessionId)).cancel_url!);
    const key = cancelUrl.searchParams.get("clave")!;
    expect(cancelUrl.searchParams.get("pedido")).toBe(String(order.id));

    expect(await cancelCheckout(request(), stranger.id, { orderId: order.id, key })).toBe("unchanged");
    expect((await orderOf(order.id)).status).toBe("pendiente");

    expect(await cancelCheckout(request(), user.id, { orderId: order.id, key })).toBe("released");
    expect((await orderOf(order.id)).status).toBe("cancelado");
    expect((await payments.stripe.checkout.sessions.retrieve(sessionId)).status).toBe("expired");
    expect(await stockOf(product.id)).toBe(5);
    expect((await getCart(user.id)).count).toBe(2);
    expect(await cancelCheckout(request(), user.id, { orderId: order.id, key })).toBe("unchanged");
  });

  it("the cancel page changes nothing for a link without the provider's key (a cross-site GET)", async () => {
    const { user, product } = await shopperWith(2, 5);
    const { order, sessionId } = await checkout(user);
    const other = await checkout((await shopperWith(1, 5)).user);
    const otherKey = new URL(
      (await payments.stripe.checkout.sessions.retrieve(other.sessionId)).cancel_url!,
    ).searchParams.get("clave")!;

    // The victim's own cookies, a guessed order id, and no key, a made-up one or another order's key.
    for (const key of ["", "x".repeat(22), otherKey]) {
      expect(await cancelCheckout(request(), user.id, { orderId: order.id, key })).toBe("unchanged");
    }
    expect((await orderOf(order.id)).status).toBe("pendiente");
    expect((await payments.stripe.checkout.sessions.retrieve(sessionId)).status).toBe("open");
    expect(await stockOf(product.id)).toBe(3);
  });
});

describe("webhook endpoint", () => {
  it("rejects a bad or missing signature with 400", async () => {
    const { user } = await shopperWith(1);
    const { order, sessionId } = await checkout(user);
    const session = await payments.stripe.checkout.sessions.retrieve(sessionId);
    const event = sessionEvent("checkout.session.completed", { ...session, payment_status: "paid" });

    const forged = signedWebhookRequest(event, "whsec_someone_else");
    expect((await webhookAction({ request: forged, params: {}, context: {} })).status).toBe(400);

    const unsigned = new Request(`${SHOP_ORIGIN}/webhooks/stripe`, { method: "POST", body: JSON.stringify(event) });
    expect((await webhookAction({ request: unsigned, params: {}, context: {} })).status).toBe(400);

    expect((await orderOf(order.id)).status).toBe("pendiente");
    expect(await prisma.paymentEvent.count()).toBe(0);
  });

  it("acknowledges unknown events with 200 and answers GET with 405", async () => {
    const response = await webhookAction({
      request: signedWebhookRequest({ id: "evt_unknown", object: "event", type: "customer.created", data: {} }),
      params: {},
      context: {},
    });
    expect(response.status).toBe(200);
    expect(webhookLoader().status).toBe(405);
  });

  it("a failed delayed payment releases the reservation", async () => {
    const { user, product } = await shopperWith(2, 5);
    const { order, sessionId } = await checkout(user);
    const session = await payments.stripe.checkout.sessions.retrieve(sessionId);
    await webhookAction({
      request: signedWebhookRequest(sessionEvent("checkout.session.async_payment_failed", session)),
      params: {},
      context: {},
    });
    expect((await orderOf(order.id)).status).toBe("cancelado");
    expect(await stockOf(product.id)).toBe(5);
  });
});

describe("Mis Pedidos", () => {
  it("lists the user's orders newest first with items and address", async () => {
    const { user } = await shopperWith(1);
    const first = await checkout(user);
    await addToCart(user.id, {
      productId: (await createProduct({ name: "Collar Luna" })).id,
      variantId: null,
      quantity: 1,
    });
    await prisma.order.update({ where: { id: first.order.id }, data: { createdAt: new Date(Date.now() - 60_000) } });
    const second = await checkout(user);
    const other = await shopperWith(1);
    await checkout(other.user);

    const orders = await getOrdersForUser(user.id);
    expect(orders.map((o) => o.id)).toEqual([second.order.id, first.order.id]);
    expect(orders[1]!.items.map((i) => i.productName)).toEqual(["Anillo Aurora"]);
    expect(orders[0]!.address?.city).toBe("Miguel Hidalgo");
  });
});
