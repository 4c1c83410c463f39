import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addToCart } from "~/models/cart.server";
import { HOLD_LIMITS, HOLD_MESSAGES } from "~/models/hold-limits.server";
import { startCheckout } from "~/models/payment.server";
import type { Shipping } from "~/lib/validation/checkout";
import { prisma } from "~/utils/db.server";
import { resetEnvCache } from "~/utils/env.server";
import { createProduct, createUser } from "../db-utils";
import { eventually, SHIPPING, SHOP_ORIGIN, setUpPayments } from "./payment-helpers";

/**
 * Stock hoarding (issue 32, docs/decisions/030): a new PAGAR ends the shopper's earlier unpaid card
 * session (through the provider and the lifecycle), vouchers and transfers already issued count toward
 * limits per account, shipping address and e-mail, and two PAGAR at once cannot both slip under them.
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

const request = () => new Request(`${SHOP_ORIGIN}/checkout`, { method: "POST" });

async function stockOf(productId: number) {
  return (await prisma.product.findUniqueOrThrow({ where: { id: productId } })).stock;
}

async function orderOf(id: number) {
  return prisma.order.findUniqueOrThrow({ where: { id } });
}

async function pay(user: { id: string; email: string }, shipping: Shipping = SHIPPING) {
  const outcome = await startCheckout(request(), user, shipping);
  if (!outcome.ok) throw new Error(`checkout refused: ${outcome.message}`);
  return outcome;
}

/** PAGAR and a SPEI transfer (or OXXO voucher) chosen on the provider's page, recorded by the shop. */
async function holdWithVoucher(
  user: { id: string; email: string },
  method: "spei" | "oxxo" = "spei",
  shipping: Shipping = SHIPPING,
) {
  const outcome = await pay(user, shipping);
  const response = await fetch(`${outcome.url}/${method}`, { method: "POST", redirect: "manual" });
  expect(response.status).toBe(303);
  await eventually(async () => (await orderOf(outcome.orderId)).voucherIssuedAt !== null, "the voucher recorded");
  return outcome.orderId;
}

describe("a new PAGAR ends the shopper's previous card checkout", () => {
  it("the last piece: PAGAR twice (two tabs, or a change of mind) leaves one payable order holding it", async () => {
    const user = await createUser();
    const product = await createProduct({ name: "Anillo Único", stock: 1 });
    await addToCart(user.id, { productId: product.id, variantId: null, quantity: 1 });

    const first = await pay(user);
    expect(await stockOf(product.id)).toBe(0);
    const second = await pay(user);

    const old = await orderOf(first.orderId);
    expect(old.status).toBe("cancelado");
    // Expired at the provider: the first tab's page can no longer be paid.
    expect((await payments.stripe.checkout.sessions.retrieve(old.stripeSessionId!)).status).toBe("expired");
    expect((await orderOf(second.orderId)).status).toBe("pendiente");
    expect(await stockOf(product.id)).toBe(0);
    const entry = await prisma.auditEntry.findFirstOrThrow({ where: { orderId: first.orderId } });
    expect(entry.after).toMatchObject({ status: "cancelado", restocked: true });
    // Released by this PAGAR, or by the provider's expiry event it caused, whichever came first.
    expect([
      { via: "checkout", reason: "replaced" },
      { via: "webhook", reason: "expired" },
    ]).toContainEqual({
      via: (entry.after as { via?: string }).via,
      reason: (entry.after as { reason?: string }).reason,
    });
    expect(await prisma.order.count({ where: { userId: user.id, status: "pendiente" } })).toBe(1);
  });

  it("a voucher already issued is not ended: it stays payable and counts toward the limits", async () => {
    const user = await createUser();
    const product = await createProduct({ name: "Collar Luna", stock: 5 });
    await addToCart(user.id, { productId: product.id, variantId: null, quantity: 1 });
    const voucher = await holdWithVoucher(user, "oxxo");

    await addToCart(user.id, { productId: product.id, variantId: null, quantity: 1 });
    const next = await pay(user);

    const kept = await orderOf(voucher);
    expect(kept).toMatchObject({ status: "pendiente", paymentMethod: "oxxo" });
    expect(kept.stockReleasedAt).toBeNull();
    expect((await orderOf(next.orderId)).status).toBe("pendiente");
    expect(await stockOf(product.id)).toBe(3);
  });
});

describe("hold limits", () => {
  it("one free account pressing PAGAR with SPEI again and again is stopped at the limit, in Spanish", async () => {
    const user = await createUser();
    const product = await createProduct({ name: "Aretes Sol", stock: 10 });
    for (let i = 0; i < HOLD_LIMITS.awaitingOrders; i++) {
      await addToCart(user.id, { productId: product.id, variantId: null, quantity: 1 });
      await holdWithVoucher(user);
    }
    await addToCart(user.id, { productId: product.id, variantId: null, quantity: 1 });

    const refused = await startCheckout(request(), user, SHIPPING);

    expect(refused).toEqual({ ok: false, message: HOLD_MESSAGES.awaitingOrders("account") });
    expect(HOLD_MESSAGES.awaitingOrders("account")).toBe(
      "Ya tienes 2 pedidos pendientes de pago (OXXO o transferencia SPEI) con piezas apartadas. Págalos o espera a que venzan para apartar más.",
    );
    expect(await prisma.order.count({ where: { userId: user.id } })).toBe(HOLD_LIMITS.awaitingOrders);
    expect(await stockOf(product.id)).toBe(10 - HOLD_LIMITS.awaitingOrders);
  });

  it("pieces: a cart beyond the limit, or a voucher's pieces plus the cart, are refused and nothing is held", async () => {
    const user = await createUser();
    const product = await createProduct({ name: "Pulsera Mar", stock: 50 });
    await addToCart(user.id, { productId: product.id, variantId: null, quantity: HOLD_LIMITS.heldPieces + 1 });
    expect(await startCheckout(request(), user, SHIPPING)).toEqual({
      ok: false,
      message:
        "Puedes apartar hasta 10 piezas sin pagar a la vez y tu carrito tiene 11 piezas. Quita algunas para continuar.",
    });
    expect(await stockOf(product.id)).toBe(50);

    await prisma.cartItem.updateMany({ where: { userId: user.id }, data: { quantity: 8 } });
    await holdWithVoucher(user);
    await addToCart(user.id, { productId: product.id, variantId: null, quantity: 3 });
    expect(await startCheckout(request(), user, SHIPPING)).toEqual({
      ok: false,
      message:
        "Puedes apartar hasta 10 piezas sin pagar a la vez. Ya tienes 8 piezas en pedidos pendientes de pago y tu carrito tiene 3 piezas: paga esos pedidos o quita piezas de tu carrito.",
    });
    expect(await stockOf(product.id)).toBe(42);
    // Within the limit it just works.
    await prisma.cartItem.updateMany({ where: { userId: user.id }, data: { quantity: 2 } });
    expect((await startCheckout(request(), user, SHIPPING)).ok).toBe(true);
  });

  it("other accounts at the same address (written differently) or with the same e-mail share the limit", async () => {
    const product = await createProduct({ name: "Dije Estrella", stock: 10 });
    const sameAddress = { ...SHIPPING, address_line2: "AV. MASARYK #123" };
    for (let i = 0; i < HOLD_LIMITS.awaitingOrders; i++) {
      const user = await createUser();
      await addToCart(user.id, { productId: product.id, variantId: null, quantity: 1 });
      await holdWithVoucher(user, "spei", i === 0 ? SHIPPING : sameAddress);
    }
    const third = await createUser();
    await addToCart(third.id, { productId: product.id, variantId: null, quantity: 1 });
    expect(await startCheckout(request(), third, { ...SHIPPING, address_line2: "Avenida Masaryk 123" })).toEqual({
      ok: false,
      message: HOLD_MESSAGES.awaitingOrders("address"),
    });
    // Another address is another holder.
    expect((await startCheckout(request(), third, { ...SHIPPING, address_line2: "Homero 45" })).ok).toBe(true);

    // The same mailbox behind a +tag, at other addresses.
    const ana = await createUser({ email: "ana.hoard@example.test" });
    await addToCart(ana.id, { productId: product.id, variantId: null, quantity: 1 });
    await holdWithVoucher(ana, "spei", { ...SHIPPING, address_line2: "Calle Uno 1" });
    const anaTwo = await createUser({ email: "Ana.Hoard+2@example.test" });
    await addToCart(anaTwo.id, { productId: product.id, variantId: null, quantity: 1 });
    await holdWithVoucher(anaTwo, "spei", { ...SHIPPING, address_line2: "Calle Dos 2" });
    const anaThree = await createUser({ email: "ana.hoard+3@example.test" });
    await addToCart(anaThree.id, { productId: product.id, variantId: null, quantity: 1 });
    expect(await startCheckout(request(), anaThree, { ...SHIPPING, address_line2: "Calle Tres 3" })).toEqual({
      ok: false,
      message: HOLD_MESSAGES.awaitingOrders("email"),
    });
  });

  it("PAGAR pressed several times at once by one account: one payable order, the limit holds", async () => {
    const user = await createUser();
    const product = await createProduct({ name: "Anillo Rápido", stock: 20 });
    await addToCart(user.id, { productId: product.id, variantId: null, quantity: 1 });
    await holdWithVoucher(user);
    await addToCart(user.id, { productId: product.id, variantId: null, quantity: 2 });

    const outcomes = await Promise.all(Array.from({ length: 6 }, () => startCheckout(request(), user, SHIPPING)));

    const started = outcomes.filter((o) => o.ok);
    expect(started.length).toBeGreaterThanOrEqual(1);
    for (const o of outcomes) if (!o.ok) expect(o.message).toBe(HOLD_MESSAGES.inProgress);
    // Whatever the interleaving: one voucher and one payable card checkout, never two.
    const holding = await prisma.order.findMany({
      where: { userId: user.id, status: "pendiente", stockReleasedAt: null },
      select: { voucherIssuedAt: true },
    });
    expect(holding.filter((o) => o.voucherIssuedAt === null)).toHaveLength(1);
    expect(holding).toHaveLength(2);
    expect(await stockOf(product.id)).toBe(20 - 1 - 2);
  });
});
