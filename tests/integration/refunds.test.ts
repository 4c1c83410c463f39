import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addToCart } from "~/models/cart.server";
import { refundCard, recordManualRefund, requestRefund } from "~/models/refunds.server";
import { startCheckout } from "~/models/payment.server";
import { prisma } from "~/utils/db.server";
import { resetEnvCache } from "~/utils/env.server";
import { createProduct, createUser } from "../db-utils";
import { eventually, SHIPPING, SHOP_ORIGIN, setUpPayments } from "./payment-helpers";

/**
 * Refunds against the payment simulator, on both databases: through the provider for a card (pending
 * until its event), a refund that fails, two admins at once, manual refunds of OXXO and SPEI — and the
 * provider's list of refunds matching the shop's to the centavo.
 */

const payments = setUpPayments();

beforeAll(() => {
  process.env.PAYMENT_METHODS = "card,oxxo,spei";
  resetEnvCache();
});
afterAll(() => {
  delete process.env.PAYMENT_METHODS;
  resetEnvCache();
});

const REFUND_FAILS_CARD = "4000 0000 0000 5126";
const VALID_CLABE = "002010077777777771";

/** A shopper who bought two rings of 1,500.00 and a chain of 800.00 (before IVA), paid as `pay` says. */
async function paidOrder(pay: "card" | "refund-fails" | "oxxo" = "card") {
  const email = pay === "oxxo" ? `succeed_immediately@${crypto.randomUUID().slice(0, 8)}.example.mx` : undefined;
  const user = await createUser(email ? { email } : {});
  const ring = await createProduct({ name: "Anillo Aurora", price: 1_500_00, stock: 5 });
  const chain = await createProduct({ name: "Cadena Luna", price: 800_00, stock: 5 });
  await addToCart(user.id, { productId: ring.id, variantId: null, quantity: 2 });
  await addToCart(user.id, { productId: chain.id, variantId: null, quantity: 1 });
  const outcome = await startCheckout(new Request(`${SHOP_ORIGIN}/checkout`, { method: "POST" }), user, SHIPPING);
  if (!outcome.ok) throw new Error(outcome.message);
  if (pay === "oxxo") {
    await fetch(`${outcome.url}/oxxo`, { method: "POST", redirect: "manual" });
  } else {
    const paid = await payments.pay(outcome.url, pay === "card" ? undefined : REFUND_FAILS_CARD);
    expect(paid.status).toBe(303);
  }
  await eventually(async () => (await orderOf(outcome.orderId)).status === "procesando", "the order paid");
  const order = await prisma.order.findUniqueOrThrow({
    where: { id: outcome.orderId },
    include: { items: { orderBy: { id: "asc" } } },
  });
  const ringLine = order.items.find((item) => item.productId === ring.id)!;
  const chainLine = order.items.find((item) => item.productId === chain.id)!;
  return { user, order, ring, chain, ringLine, chainLine };
}

/**
 * Waits for the provider's events of an order's card refunds: a test that ends with one still on its way
 * leaves its webhook to meet the next test's reset, or the file's disconnect ("Transaction not found").
 */
const settled = (orderId: number) =>
  eventually(
    async () => (await prisma.refund.count({ where: { orderId, status: "pendiente" } })) === 0,
    "the provider's refund events handled",
  );

const orderOf = (id: number) => prisma.order.findUniqueOrThrow({ where: { id } });
const refundOf = (id: number) => prisma.refund.findUniqueOrThrow({ where: { id } });
const stockOf = async (id: number) => (await prisma.product.findUniqueOrThrow({ where: { id } })).stock;

async function staff(role: "admin" | "worker" = "admin") {
  const user = await createUser({ role });
  return { id: user.id, email: user.email };
}

const pieces = (items: Record<number, number>, shipping = false) => ({ items, shipping, giftWrap: false });

/** The provider's refunds of a payment and the shop's, as [provider id, amount] pairs, to compare. */
async function bothLists(orderId: number, intent: string) {
  const provider = await payments.stripe.refunds.list({ payment_intent: intent, limit: 100 });
  const shop = await prisma.refund.findMany({ where: { orderId, providerRefundId: { not: null } } });
  const pairs = (rows: { id: string; amount: number; status: string | null }[]) =>
    rows.map((r) => `${r.id} ${r.amount} ${r.status}`).sort();
  return {
    provider: pairs(provider.data.map((r) => ({ id: r.id, amount: r.amount, status: r.status }))),
    shop: pairs(
      shop.map((r) => ({
        id: r.providerRefundId!,
        amount: r.amount,
        status: r.status === "reembolsado" ? "succeeded" : r.status === "fallido" ? "failed" : r.status,
      })),
    ),
  };
}

describe("card refunds through the provider", () => {
  it("one ring, then the rest with the shipping: pending until the provider's event, then the order reembolsado", async () => {
    const { order, ring, chain, ringLine, chainLine } = await paidOrder();
    const admin = await staff();
    const first = await refundCard(admin, { orderId: order.id, chosen: pieces({ [ringLine.id]: 1 }), reason: "Talla" });
    expect(first).toMatchObject({ ok: true });
    if (!first.ok) return;
    // 1,500.00 + 16 % IVA: the ring's share of what was paid.
    const row = await refundOf(first.refundId);
    expect(row).toMatchObject({ amount: 1_740_00, method: "card", status: "pendiente" });
    expect(row.providerRefundId).toMatch(/^re_/);
    expect((await orderOf(order.id)).status).toBe("procesando");
    await eventually(async () => (await refundOf(first.refundId)).status === "reembolsado", "the refund confirmed");
    expect((await orderOf(order.id)).status).toBe("procesando");
    const [email] = await prisma.outboxEmail.findMany({ where: { kind: "order-refund" } });
    expect(email?.to).toBe(order.email);
    expect(email?.text).toContain("Reembolsamos $1,740.00");
    expect(email?.text).toContain("1 × Anillo Aurora");
    expect(email?.text).toContain("a la tarjeta con la que pagaste");
    expect(email?.text).toContain("5 a 10 días hábiles");

    const rest = await refundCard(admin, {
      orderId: order.id,
      chosen: pieces({ [ringLine.id]: 1, [chainLine.id]: 1 }, true),
      reason: "Cancelado por la clienta",
    });
    expect(rest.ok).toBe(true);
    await eventually(async () => (await orderOf(order.id)).status === "reembolsado", "the order refunded");
    const refunds = await prisma.refund.findMany({ where: { orderId: order.id } });
    expect(refunds.reduce((sum, r) => sum + r.amount, 0)).toBe(order.total);
    // Not shipped yet: the pieces never left, so a full refund puts them back on the shelf.
    expect(await stockOf(ring.id)).toBe(5);
    expect(await stockOf(chain.id)).toBe(5);
    const history = await prisma.auditEntry.findMany({
      where: { orderId: order.id, action: "status" },
      orderBy: { id: "asc" },
    });
    expect(history.at(-1)?.after).toMatchObject({ status: "reembolsado", via: "webhook" });

    // Reconciling at the end of the day: the provider's list is the shop's, to the centavo.
    const lists = await bothLists(order.id, order.stripePaymentIntentId!);
    expect(lists.provider).toEqual(lists.shop);
    expect(lists.provider).toHaveLength(2);

    const nothingLeft = await refundCard(admin, {
      orderId: order.id,
      chosen: pieces({ [ringLine.id]: 1 }),
      reason: "x",
    });
    expect(nothingLeft).toEqual({ ok: false, reason: "too_many" });
  });

  it("a refund the provider fails is shown as fallido, changes nothing else, and frees its amount", async () => {
    const { order, ringLine } = await paidOrder("refund-fails");
    const admin = await staff();
    const outcome = await refundCard(admin, { orderId: order.id, chosen: pieces({ [ringLine.id]: 2 }), reason: "x" });
    if (!outcome.ok) throw new Error(outcome.reason);
    await eventually(async () => (await refundOf(outcome.refundId)).status === "fallido", "the refund failed");
    expect((await refundOf(outcome.refundId)).failureReason).toBe("expired_or_canceled_card");
    expect((await orderOf(order.id)).status).toBe("procesando");
    expect(await prisma.outboxEmail.count({ where: { kind: "order-refund" } })).toBe(0);
    // The same pieces can be refunded again (a failed refund holds nothing).
    const again = await refundCard(admin, { orderId: order.id, chosen: pieces({ [ringLine.id]: 2 }), reason: "x" });
    expect(again.ok).toBe(true);
    const lists = await bothLists(order.id, order.stripePaymentIntentId!);
    await eventually(async () => (await prisma.refund.count({ where: { status: "fallido" } })) === 2, "both failed");
    const settled = await bothLists(order.id, order.stripePaymentIntentId!);
    expect(settled.provider).toEqual(settled.shop);
    expect(lists.provider).toHaveLength(2);
  });

  it("two admins refunding the whole order at once never give back more than was paid", async () => {
    const { order, ringLine, chainLine } = await paidOrder();
    const [a, b] = [await staff(), await staff()];
    const everything = pieces({ [ringLine.id]: 2, [chainLine.id]: 1 }, true);
    const outcomes = await Promise.all([
      refundCard(a, { orderId: order.id, chosen: everything, reason: "a" }),
      refundCard(b, { orderId: order.id, chosen: everything, reason: "b" }),
    ]);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok)).toEqual([{ ok: false, reason: "too_many" }]);
    await eventually(async () => (await orderOf(order.id)).status === "reembolsado", "the order refunded");
    const provider = await payments.stripe.refunds.list({ payment_intent: order.stripePaymentIntentId! });
    expect(provider.data.map((r) => r.amount)).toEqual([order.total]);

    // And one ring each, twice over, of an order with two: exactly two rings refunded.
    const other = await paidOrder();
    const four = await Promise.all(
      [a, b, a, b].map((actor) =>
        refundCard(actor, { orderId: other.order.id, chosen: pieces({ [other.ringLine.id]: 1 }), reason: "x" }),
      ),
    );
    expect(four.filter((o) => o.ok)).toHaveLength(2);
    const taken = await prisma.refund.aggregate({ where: { orderId: other.order.id }, _sum: { amount: true } });
    expect(taken._sum.amount).toBe(2 * 1_740_00);
    await settled(other.order.id);
  });

  it("a worker's request is recorded for admins and neither asks the provider nor holds the amount", async () => {
    const { order, ringLine } = await paidOrder();
    const worker = await staff("worker");
    const asked = await requestRefund(worker, { orderId: order.id, chosen: pieces({ [ringLine.id]: 2 }), reason: "x" });
    expect(asked).toMatchObject({ ok: true, status: "solicitado" });
    const provider = await payments.stripe.refunds.list({ payment_intent: order.stripePaymentIntentId! });
    expect(provider.data).toHaveLength(0);
    const admin = await staff();
    const done = await refundCard(admin, {
      orderId: order.id,
      chosen: pieces({ [ringLine.id]: 2 }),
      reason: "x",
      requestId: asked.ok ? asked.refundId : null,
    });
    expect(done.ok).toBe(true);
    expect((await refundOf(asked.ok ? asked.refundId : 0)).status).toBe("atendido");
    await settled(order.id);
  });
});

describe("OXXO and SPEI: manual refunds", () => {
  it("the provider cannot refund an OXXO payment; the admin records the transfer to the shopper's CLABE", async () => {
    const { order, ringLine, chainLine } = await paidOrder("oxxo");
    expect(order.paymentMethod).toBe("oxxo");
    const admin = await staff();
    expect(await refundCard(admin, { orderId: order.id, chosen: pieces({ [ringLine.id]: 1 }), reason: "x" })).toEqual({
      ok: false,
      reason: "wrong_method",
    });
    const part = await recordManualRefund(admin, {
      orderId: order.id,
      chosen: pieces({ [ringLine.id]: 1 }),
      reason: "Talla",
      clabe: VALID_CLABE,
      reference: "MBAN01002611270001",
    });
    expect(part).toMatchObject({ ok: true, status: "reembolsado" });
    const [email] = await prisma.outboxEmail.findMany({ where: { kind: "order-refund" } });
    expect(email?.text).toContain("por transferencia SPEI a tu cuenta con CLABE terminación 7771");
    expect(email?.text).toContain("Referencia: MBAN01002611270001");
    expect(email?.text).not.toContain("tarjeta");
    expect((await orderOf(order.id)).status).toBe("procesando");

    const rest = await recordManualRefund(admin, {
      orderId: order.id,
      chosen: pieces({ [ringLine.id]: 1, [chainLine.id]: 1 }, true),
      reason: "Talla",
      clabe: VALID_CLABE,
      reference: "MBAN01002611270002",
    });
    expect(rest.ok).toBe(true);
    expect((await orderOf(order.id)).status).toBe("reembolsado");
    const provider = await payments.stripe.refunds.list({ payment_intent: order.stripePaymentIntentId! });
    expect(provider.data).toHaveLength(0);
    const refused = await payments.stripe.refunds
      .create({ payment_intent: order.stripePaymentIntentId! })
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: "charge_not_refundable" });
  });

  it("a card payment is never recorded as a manual refund", async () => {
    const { order, ringLine } = await paidOrder();
    const admin = await staff();
    const outcome = await recordManualRefund(admin, {
      orderId: order.id,
      chosen: pieces({ [ringLine.id]: 1 }),
      reason: "x",
      clabe: VALID_CLABE,
      reference: "R1",
    });
    expect(outcome).toEqual({ ok: false, reason: "wrong_method" });
  });
});
