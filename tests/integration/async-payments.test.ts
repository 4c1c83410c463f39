import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addToCart, getCart } from "~/models/cart.server";
import { OXXO_CONFIRMATION_GRACE_MS } from "~/models/async-payment.server";
import { getOrdersForUser } from "~/models/order-views.server";
import { confirmPaidSession, startCheckout } from "~/models/payment.server";
import { sweepExpiredReservations } from "~/models/payment-settlement.server";
import { prisma } from "~/utils/db.server";
import { resetEnvCache } from "~/utils/env.server";
import { createProduct, createUser } from "../db-utils";
import { API_KEY, eventually, SHIPPING, SHOP_ORIGIN, setUpPayments } from "./payment-helpers";

/**
 * OXXO vouchers and SPEI transfers (issue 23, docs/decisions/021) through the real SDK and the
 * simulator: the order waits pendiente with its voucher, is paid once by async_payment_succeeded
 * however the events arrive, and gives its pieces back when the voucher expires.
 */

const payments = setUpPayments();

beforeAll(() => {
  process.env.PAYMENT_METHODS = "card,oxxo,spei";
  process.env.OXXO_VOUCHER_DAYS = "2";
  resetEnvCache();
});
afterAll(() => {
  delete process.env.PAYMENT_METHODS;
  delete process.env.OXXO_VOUCHER_DAYS;
  resetEnvCache();
});

const request = () => new Request(`${SHOP_ORIGIN}/checkout`, { method: "POST" });

async function stockOf(productId: number) {
  return (await prisma.product.findUniqueOrThrow({ where: { id: productId } })).stock;
}

async function orderOf(id: number) {
  return prisma.order.findUniqueOrThrow({ where: { id } });
}

async function emailsOf(kind: string) {
  return prisma.outboxEmail.findMany({ where: { kind } });
}

async function shopperWith(quantity = 1, stock = 10, price = 1_500_00, email?: string) {
  const user = await createUser(email ? { email } : {});
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

/** The events the simulator sent about one session, oldest first (the simulator lives for the whole file). */
async function eventsOf(sessionId: string) {
  const response = await fetch(`${payments.simulator.url}/__simulator/events`, {
    headers: { Authorization: `Bearer ${API_KEY}` },
  });
  const { data } = (await response.json()) as {
    data: Array<{ id: string; type: string; event: { data: { object: { id: string } } } }>;
  };
  return data.filter((e) => e.event.data.object.id === sessionId);
}

/** Chooses OXXO or SPEI on the hosted page, as the browser's form does. */
async function choose(url: string, method: "oxxo" | "spei") {
  const response = await fetch(`${url}/${method}`, { method: "POST", redirect: "manual" });
  return { status: response.status, location: response.headers.get("location") };
}

/** Presses a button of the voucher page ("marcar como pagado" / "vencido"). */
async function pressVoucher(voucherUrl: string, action: "paid" | "expired") {
  const response = await fetch(`${voucherUrl}/${action}`, { method: "POST", redirect: "manual" });
  expect(response.status).toBe(303);
}

describe("the Checkout Session offers the methods the order qualifies for", () => {
  it("card, OXXO and SPEI (with a Customer) up to $10,000; no OXXO above", async () => {
    const small = await shopperWith(1, 5, 1_500_00);
    const { sessionId } = await checkout(small.user);
    const session = await payments.stripe.checkout.sessions.retrieve(sessionId);
    expect(session.payment_method_types).toEqual(["card", "oxxo", "customer_balance"]);
    expect(session.customer).toMatch(/^cus_/);

    const large = await shopperWith(1, 5, 17_000_00);
    const big = await payments.stripe.checkout.sessions.retrieve((await checkout(large.user)).sessionId);
    expect(big.payment_method_types).toEqual(["card", "customer_balance"]);
  });
});

describe("OXXO", () => {
  it("a voucher leaves the order pendiente with its reference, clears the cart and writes the instructions once", async () => {
    const { user, product } = await shopperWith(2, 5);
    const { url, order, sessionId } = await checkout(user);

    const chosen = await choose(url, "oxxo");
    expect(chosen).toEqual({ status: 303, location: `${SHOP_ORIGIN}/success?session_id=${sessionId}` });
    await eventually(async () => (await orderOf(order.id)).voucherIssuedAt !== null, "the voucher recorded");

    const pending = await orderOf(order.id);
    expect(pending).toMatchObject({ status: "pendiente", paymentMethod: "oxxo", paidAt: null });
    expect(pending.voucherReference).toMatch(/^\d{18}$/);
    expect(pending.voucherUrl).toMatch(/\/voucher\/pi_/);
    expect(pending.voucherAmount).toBe(pending.total);
    // The voucher ends at 23:59:59 Mexico City time (05:59:59 UTC); the pieces wait a day more for
    // Stripe's confirmation of a last-minute payment.
    expect(pending.voucherExpiresAt!.toISOString()).toMatch(/T05:59:59\.000Z$/);
    expect(pending.reservedUntil!.getTime()).toBe(pending.voucherExpiresAt!.getTime() + OXXO_CONFIRMATION_GRACE_MS);
    expect(await stockOf(product.id)).toBe(3);
    expect((await getCart(user.id)).count).toBe(0);

    // The success page learns of the voucher too: nothing twice.
    const lookup = await confirmPaidSession(request(), user.id, sessionId);
    expect(lookup).toEqual({ kind: "awaiting", orderId: order.id });
    const instructions = await emailsOf("order-awaiting-payment");
    expect(instructions).toHaveLength(1);
    expect(instructions[0]!.text).toContain(pending.voucherReference!.slice(0, 4));
    expect(instructions[0]!.text).toContain("Total: $3,495.00");
    expect(instructions[0]!.html).toContain(pending.voucherUrl!);

    const [view] = await getOrdersForUser(user.id);
    expect(view!.awaitingPayment).toMatchObject({ method: "oxxo", reference: pending.voucherReference });
  });

  it("paid once by async_payment_succeeded, with replays in any order; a new cart is kept", async () => {
    const { user, product } = await shopperWith(1, 5);
    const { url, order, sessionId } = await checkout(user);
    await choose(url, "oxxo");
    await eventually(async () => (await orderOf(order.id)).voucherIssuedAt !== null, "the voucher recorded");
    // Shopping again while the voucher waits: that cart is a new purchase, not this order's.
    const other = await createProduct({ name: "Aretes Luna", price: 900_00, stock: 3 });
    await addToCart(user.id, { productId: other.id, variantId: null, quantity: 1 });

    await pressVoucher((await orderOf(order.id)).voucherUrl!, "paid");
    await eventually(async () => (await orderOf(order.id)).status === "procesando", "the order paid");

    const events = await eventsOf(sessionId);
    expect(events.map((e) => e.type)).toEqual([
      "checkout.session.completed",
      "checkout.session.async_payment_succeeded",
    ]);
    // Replays, newest first and twice over: the provider retries and reorders.
    for (const event of [...events].reverse().concat(events)) await payments.resend(event.id);

    const paid = await orderOf(order.id);
    expect(paid).toMatchObject({ status: "procesando", paymentMethod: "oxxo" });
    expect(paid.paidAt).not.toBeNull();
    expect(await stockOf(product.id)).toBe(4);
    expect(await emailsOf("order-confirmation")).toHaveLength(1);
    expect(await emailsOf("order-awaiting-payment")).toHaveLength(1);
    expect((await getCart(user.id)).count).toBe(1);
  });

  it("the payment's event arriving before the voucher's pays once and writes no instructions", async () => {
    payments.state.webhooksDown = true;
    const { user, product } = await shopperWith(1, 5);
    const { url, order, sessionId } = await checkout(user);
    await choose(url, "oxxo");
    const voucherUrl = `${payments.simulator.url}/voucher/${(await payments.stripe.checkout.sessions.retrieve(order.stripeSessionId!)).payment_intent}`;
    await pressVoucher(voucherUrl, "paid");
    payments.state.webhooksDown = false;

    const events = await eventsOf(sessionId);
    const succeeded = events.find((e) => e.type === "checkout.session.async_payment_succeeded")!;
    const completed = events.find((e) => e.type === "checkout.session.completed")!;
    for (const event of [succeeded, completed, succeeded, completed]) await payments.resend(event.id);

    expect(await orderOf(order.id)).toMatchObject({ status: "procesando" });
    expect(await emailsOf("order-confirmation")).toHaveLength(1);
    expect(await emailsOf("order-awaiting-payment")).toHaveLength(0);
    expect(await stockOf(product.id)).toBe(4);
  });

  it("an expired voucher releases the pieces once", async () => {
    const { user, product } = await shopperWith(2, 5);
    const { url, order, sessionId } = await checkout(user);
    await choose(url, "oxxo");
    await eventually(async () => (await orderOf(order.id)).voucherIssuedAt !== null, "the voucher recorded");

    await pressVoucher((await orderOf(order.id)).voucherUrl!, "expired");
    await eventually(async () => (await orderOf(order.id)).status === "cancelado", "the order released");
    for (const event of await eventsOf(sessionId)) await payments.resend(event.id);

    expect(await stockOf(product.id)).toBe(5);
    expect(await orderOf(order.id)).toMatchObject({ status: "cancelado", paidAt: null });
    expect(await emailsOf("order-confirmation")).toHaveLength(0);
    // The shopper is told once, however many times the events came.
    const told = (await emailsOf("order-voucher-expired")).filter((e) => e.to === user.email);
    expect(told).toHaveLength(1);
    expect(told[0]!.subject).toBe(`Pedido ${order.number}: tu ficha OXXO venció — Joyería Aurora`);
    expect(told[0]!.text).toContain("No se realizó ningún cargo");
    // Back in the cart, once however many times the events came: the two pieces of the one line.
    const cart = await prisma.cartItem.findMany({ where: { userId: user.id } });
    expect(cart.map((line) => [line.productId, line.quantity])).toEqual([[product.id, 2]]);
  });

  it("Stripe's test e-mails settle the voucher at once", async () => {
    const paid = await shopperWith(1, 5, 1_500_00, `succeed_immediately@${Date.now()}.example.mx`);
    const expired = await shopperWith(1, 5, 1_500_00, `expire_immediately@${Date.now()}.example.mx`);
    const p = await checkout(paid.user);
    const e = await checkout(expired.user);
    await choose(p.url, "oxxo");
    await choose(e.url, "oxxo");
    await eventually(async () => (await orderOf(p.order.id)).status === "procesando", "the paid voucher");
    await eventually(async () => (await orderOf(e.order.id)).status === "cancelado", "the expired voucher");
    expect(await stockOf(paid.product.id)).toBe(4);
    expect(await stockOf(expired.product.id)).toBe(5);
  });

  it("with every event lost, the sweep records the voucher, holds it, then releases it after the hold", async () => {
    payments.state.webhooksDown = true;
    const { user, product } = await shopperWith(1, 5);
    const { url, order } = await checkout(user);
    await choose(url, "oxxo");

    // The 30-minute session reservation has passed: the sweep finds the voucher and keeps the pieces.
    const later = new Date(Date.now() + 40 * 60_000);
    payments.state.offsetMs = 40 * 60_000;
    expect(await sweepExpiredReservations(later)).toBe(1);
    const held = await orderOf(order.id);
    expect(held).toMatchObject({ status: "pendiente", paymentMethod: "oxxo" });
    expect(await stockOf(product.id)).toBe(4);
    expect(await emailsOf("order-awaiting-payment")).toHaveLength(1);

    // Past the voucher's deadline and the confirmation day: released.
    const afterHold = new Date(held.reservedUntil!.getTime() + 60_000);
    expect(await sweepExpiredReservations(new Date(held.reservedUntil!.getTime() - 60_000))).toBe(0);
    expect(await sweepExpiredReservations(afterHold)).toBe(1);
    expect(await orderOf(order.id)).toMatchObject({ status: "cancelado" });
    expect(await stockOf(product.id)).toBe(5);
  });
});

describe("SPEI", () => {
  it("records the CLABE and reference, holds SPEI_HOLD_HOURS, and the transfer's arrival pays the order", async () => {
    const { user, product } = await shopperWith(1, 5);
    const { url, order } = await checkout(user);
    const before = Date.now();
    await choose(url, "spei");
    await eventually(async () => (await orderOf(order.id)).voucherIssuedAt !== null, "the transfer recorded");

    const pending = await orderOf(order.id);
    expect(pending).toMatchObject({ status: "pendiente", paymentMethod: "spei", transferBank: "STP" });
    expect(pending.transferClabe).toMatch(/^646\d{15}$/);
    expect(pending.voucherReference).toMatch(/^\d{7}$/);
    const hold = pending.reservedUntil!.getTime() - before;
    expect(hold).toBeGreaterThan(23.9 * 3_600_000);
    expect(hold).toBeLessThan(24.1 * 3_600_000);

    await pressVoucher(pending.voucherUrl!, "paid");
    await eventually(async () => (await orderOf(order.id)).status === "procesando", "the transfer paid");
    expect(await stockOf(product.id)).toBe(4);
    expect(await emailsOf("order-confirmation")).toHaveLength(1);
  });

  it("an expired transfer cancels the order and e-mails the shopper: nothing charged, back to the cart", async () => {
    const { user, product } = await shopperWith(1, 5, 1_234_57);
    const { url, order, sessionId } = await checkout(user);
    await choose(url, "spei");
    await eventually(async () => (await orderOf(order.id)).voucherIssuedAt !== null, "the transfer recorded");

    await pressVoucher((await orderOf(order.id)).voucherUrl!, "expired");
    await eventually(async () => (await orderOf(order.id)).status === "cancelado", "the order released");
    for (const event of await eventsOf(sessionId)) await payments.resend(event.id);

    expect(await stockOf(product.id)).toBe(5);
    const told = (await emailsOf("order-voucher-expired")).filter((e) => e.to === user.email);
    expect(told).toHaveLength(1);
    const [email] = told;
    expect(email!.subject).toBe(`Pedido ${order.number}: tu transferencia SPEI venció — Joyería Aurora`);
    expect(email!.text).toContain(`El plazo para pagar tu transferencia SPEI del pedido ${order.number} terminó`);
    expect(email!.text).toContain("No se realizó ningún cargo");
    expect(email!.text).toMatch(/Tu carrito: https?:\/\/[^\s]+\/cart\n/);
    expect(email!.html).toContain("Volver a mi carrito");
    // The piece with its IVA and the total charged, as the checkout showed them.
    expect(email!.text).toContain("Anillo Aurora × 1: $1,432.10");
    expect(email!.text).toContain("Total: $1,447.10");
    // The link lands on a cart that holds the piece again (it was emptied when the transfer was issued).
    expect((await getCart(user.id)).count).toBe(1);
  });

  it("a transfer whose hold ends with every event lost is released by the sweep and e-mailed once", async () => {
    payments.state.webhooksDown = true;
    const { user } = await shopperWith(1, 5);
    const { url, order } = await checkout(user);
    await choose(url, "spei");
    payments.state.offsetMs = 40 * 60_000;
    expect(await sweepExpiredReservations(new Date(Date.now() + 40 * 60_000))).toBe(1);
    const held = await orderOf(order.id);
    expect(held).toMatchObject({ status: "pendiente", paymentMethod: "spei" });
    const afterHold = new Date(held.reservedUntil!.getTime() + 60_000);
    expect(await sweepExpiredReservations(afterHold)).toBe(1);
    expect(await sweepExpiredReservations(afterHold)).toBe(0);
    expect(await orderOf(order.id)).toMatchObject({ status: "cancelado" });
    expect((await emailsOf("order-voucher-expired")).filter((e) => e.to === user.email)).toHaveLength(1);
  });

  it("a card session that expires writes no voucher e-mail", async () => {
    const { user } = await shopperWith(1, 5);
    const { order } = await checkout(user);
    await sweepExpiredReservations(new Date(Date.now() + 40 * 60_000));
    await eventually(async () => (await orderOf(order.id)).status === "cancelado", "the card order released");
    expect((await emailsOf("order-voucher-expired")).filter((e) => e.to === user.email)).toHaveLength(0);
  });
});

describe("the hold rule under a race", () => {
  it("10 vouchers and 10 card payments for 5 units: nothing oversold, nothing held past the hold", async () => {
    const product = await createProduct({ name: "Anillo Único", price: 2_000_00, stock: 5 });
    const shoppers = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const user = await createUser();
        await addToCart(user.id, { productId: product.id, variantId: null, quantity: 1 });
        return { user, voucher: i % 2 === 0 };
      }),
    );
    const outcomes = await Promise.all(
      shoppers.map(async (shopper) => ({ shopper, outcome: await startCheckout(request(), shopper.user, SHIPPING) })),
    );
    const started = outcomes.filter((o) => o.outcome.ok);
    expect(started).toHaveLength(5);
    expect(await stockOf(product.id)).toBe(0);

    await Promise.all(
      started.map(async ({ shopper, outcome }) => {
        if (!outcome.ok) return;
        if (shopper.voucher) await choose(outcome.url, "oxxo");
        else await payments.pay(outcome.url);
      }),
    );
    const vouchers = started.filter((o) => o.shopper.voucher).length;
    await eventually(
      async () =>
        (await prisma.order.count({ where: { status: "procesando" } })) === 5 - vouchers &&
        (await prisma.order.count({ where: { voucherIssuedAt: { not: null } } })) === vouchers,
      "every payment and voucher recorded",
    );
    expect(await stockOf(product.id)).toBe(0);

    // Nobody pays a voucher: after the hold the sweep gives exactly those pieces back.
    const holds = await prisma.order.findMany({ where: { status: "pendiente" }, select: { reservedUntil: true } });
    const afterHold = new Date(Math.max(...holds.map((o) => o.reservedUntil!.getTime()), Date.now()) + 60_000);
    await sweepExpiredReservations(afterHold);
    expect(await prisma.order.count({ where: { status: "pendiente" } })).toBe(0);
    expect(await stockOf(product.id)).toBe(vouchers);
    expect(await prisma.order.count({ where: { status: "procesando" } })).toBe(5 - vouchers);
  });
});
