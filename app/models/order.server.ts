import {
  chargedLines,
  CHECKOUT_MESSAGES,
  computeTotals,
  type OrderTotals,
  randomOrderNumber,
  stockShortMessage,
} from "~/lib/checkout";
import type { Shipping } from "~/lib/validation/checkout";
import { materialOf } from "~/lib/variants";
import { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/utils/db.server";
import { getEnv, getShopPolicies } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { catalogChanged } from "./catalog-cache.server";
import { changeOrderStatus, recordPaymentToRefund, type SystemChange } from "./order-lifecycle.server";
import { queueConfirmationEmail, queueVoucherExpiredEmail } from "./order-emails.server";
import { lockProducts, sellableStock, takeFromShelf } from "./stock.server";

/**
 * Orders and their stock reservations. Paying happens on the provider's page, after the order
 * exists, so the stock is taken from the shelf when the order is created (a reservation) and either
 * kept when the payment completes or put back when it does not. Every change of status goes through
 * the order lifecycle (./order-lifecycle.server.ts), so the webhook, the success page, the cancel page
 * and the sweep may all race for the same order and each change still happens exactly once.
 */

/** How long an unpaid order holds its stock (the provider's session lives as long). */
export const RESERVATION_MS = 30 * 60_000;

/**
 * A PAGAR that wrote its order but never attached a payment session (the database or the process went
 * away in between) cannot be paid: the shopper never received the provider's page. Its stock goes back
 * after this long instead of at the end of the reservation; it is well beyond the slowest call to
 * the provider (the SDK's timeout with its retries), so a PAGAR still in progress is never touched.
 */
export const ORPHANED_CHECKOUT_MS = 10 * 60_000;

/** An expected refusal with the Spanish message the shopper reads. */
export class CheckoutError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CheckoutError";
  }
}

type Tx = Prisma.TransactionClient;

export type CreatedOrder = {
  id: number;
  number: string;
  email: string;
  totals: OrderTotals;
  reservedUntil: Date;
  /** The products whose stock the reservation took. */
  productIds: number[];
  items: Array<{ name: string; variantName: string | null; unitPrice: number; quantity: number }>;
  /** The gift packaging's price when chosen (before IVA), else null. */
  giftWrapPrice: number | null;
};

/** How many random numbers are drawn before giving up (a repeat among 10^10 is already rare). */
const ORDER_NUMBER_ATTEMPTS = 20;

/**
 * Creates a pending order from the user's server cart, at the catalogue's current prices, with
 * its shipping address, and reserves its stock, all in one transaction: a line that no longer fits
 * the stock throws a CheckoutError naming the product and nothing is created or reserved. `guard`
 * runs first in that transaction (the hold limits of ./hold-limits.server.ts: it may lock and refuse).
 *
 * The order number is LJ + ten random digits (docs/decisions/030); a repeat draws again.
 */
export async function createOrderForCheckout(
  userId: string,
  email: string,
  shipping: Shipping,
  { now = new Date(), guard }: { now?: Date; guard?: (tx: Tx) => Promise<void> } = {},
): Promise<CreatedOrder> {
  for (let attempt = 0; attempt < ORDER_NUMBER_ATTEMPTS; attempt++) {
    const number = randomOrderNumber();
    try {
      const order = await prisma.$transaction(async (tx) => {
        await guard?.(tx);
        return createOrderInTransaction(tx, { userId, email, shipping, number, now });
      });
      // The pieces left the shelf: the catalogue pages showing them show the new stock.
      catalogChanged({ productIds: order.productIds });
      return order;
    } catch (error) {
      // Only the order number is unique among the rows created here: everything rolled back; draw again.
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") continue;
      throw error;
    }
  }
  throw new Error("No free order number found");
}

async function createOrderInTransaction(
  tx: Tx,
  input: { userId: string; email: string; shipping: Shipping; number: string; now: Date },
): Promise<CreatedOrder> {
  const lines = await tx.cartItem.findMany({
    where: { userId: input.userId },
    orderBy: [{ addedAt: "desc" }, { lineKey: "asc" }],
    select: {
      productId: true,
      variantId: true,
      quantity: true,
      product: { select: { name: true, material: true, image: true, price: true, archivedAt: true, inStock: true } },
      variant: { select: { name: true, image: true, price: true, material: true, archivedAt: true } },
    },
  });
  if (lines.length === 0) throw new CheckoutError(CHECKOUT_MESSAGES.emptyCart);
  // A piece staff withdrew from the shop (archived, hidden from sale, or a model or size removed) while
  // it sat in the cart is not sold.
  const withdrawn = lines.find(
    (line) => line.product.archivedAt !== null || !line.product.inStock || (line.variant?.archivedAt ?? null) !== null,
  );
  if (withdrawn) throw new CheckoutError(stockShortMessage(withdrawn.product.name, 0));

  const items = lines.map((line) => ({
    productId: line.productId,
    variantId: line.variantId,
    quantity: line.quantity,
    price: line.variant ? line.variant.price : line.product.price,
    productName: line.product.name,
    variantName: line.variant?.name ?? null,
    // The chosen model's metal when it has its own, as the cart showed it.
    material: materialOf(line.product, line.variant),
    image: line.variant?.image ?? line.product.image,
  }));

  // The products first, in id order, then their variants (the lock order of ./stock.server.ts), so
  // concurrent checkouts of overlapping carts wait for each other instead of deadlocking.
  await lockProducts(
    tx,
    items.map((item) => item.productId),
  );
  for (const item of items) {
    const shelf =
      item.variantId !== null
        ? { shelf: "variant" as const, id: item.variantId }
        : { shelf: "product" as const, id: item.productId };
    if (!(await takeFromShelf(tx, shelf, item.quantity))) {
      throw new CheckoutError(stockShortMessage(itemLabel(item), await sellableStock(tx, shelf)));
    }
  }

  const { shipping } = input;
  // The packaging's price is the shop's setting now, never anything the browser sent.
  const giftWrapPrice = shipping.giftWrap ? getShopPolicies().giftWrapPrice : null;
  const totals = computeTotals(
    chargedLines(
      items.map((i) => ({ unitPrice: i.price, quantity: i.quantity })),
      giftWrapPrice,
    ),
    { ivaIncluded: getEnv().PRICES_INCLUDE_IVA },
  );
  const reservedUntil = new Date(input.now.getTime() + RESERVATION_MS);
  const order = await tx.order.create({
    data: {
      number: input.number,
      userId: input.userId,
      email: input.email,
      status: "pendiente",
      ...totals,
      reservedUntil,
      giftMessage: shipping.giftMessage,
      giftWrapPrice,
      items: { create: items },
      address: {
        create: {
          userId: input.userId,
          name: `${shipping.firstName} ${shipping.lastName}`,
          firstName: shipping.firstName,
          lastName: shipping.lastName,
          phone: shipping.phone,
          addressLine1: shipping.address,
          addressLine2: shipping.address_line2,
          interiorNumber: shipping.interiorNumber,
          references: shipping.references,
          city: shipping.city,
          state: shipping.state,
          postalCode: shipping.postalCode,
          country: shipping.country,
        },
      },
    },
    select: { id: true, number: true },
  });
  return {
    id: order.id,
    number: order.number,
    email: input.email,
    totals,
    reservedUntil,
    productIds: [...new Set(items.map((i) => i.productId))],
    items: items.map((i) => ({
      name: i.productName,
      variantName: i.variantName,
      unitPrice: i.price,
      quantity: i.quantity,
    })),
    giftWrapPrice,
  };
}

function itemLabel(item: { productName: string; variantName: string | null }): string {
  return item.variantName ? `${item.productName} (${item.variantName})` : item.productName;
}

/** Links the order to its provider session; the reservation lasts exactly as long as the session. */
export async function attachPaymentSession(orderId: number, sessionId: string, expiresAt?: Date): Promise<void> {
  await prisma.order.update({
    where: { id: orderId },
    data: { stripeSessionId: sessionId, ...(expiresAt ? { reservedUntil: expiresAt } : {}) },
  });
}

export type ReleaseReason =
  | "expired"
  | "cancelled"
  | "payment_failed"
  | "checkout_failed"
  | "voucher_expired"
  /** The shopper pressed PAGAR again: this order's unpaid session was ended for the new one. */
  | "replaced"
  /** The provider charged another amount or currency than the order's total (paid-session.server.ts). */
  | "amount_mismatch";

/**
 * Cancels a pending order and gives its stock back, exactly once (a second call — a duplicate
 * webhook, the sweep, the cancel page — finds it cancelled and changes nothing). Returns whether
 * this call released it. A paid order is never released.
 */
export async function releaseReservation(orderId: number, reason: ReleaseReason, via: SystemChange): Promise<boolean> {
  const { result, extra: deliver } = await changeOrderStatus(
    { orderId, to: "cancelado", by: "payment", from: ["pendiente"], author: { via }, details: { reason } },
    // A voucher or transfer that ended unpaid: the shopper is told, in the same transaction.
    (tx) => queueVoucherExpiredEmail(tx, orderId, reason),
  );
  if (result.ok) logger.info({ orderId, reason }, "reservation released");
  deliver?.();
  return result.ok;
}

export type FulfilOutcome =
  /** This call marked the order paid (procesando), cleared the cart and queued the e-mail. */
  | "fulfilled"
  /** The order was already paid or moved on: nothing changed. */
  | "already"
  /** Paid after its reservation was released: the stock was reserved again and the order is paid. */
  | "late_reserved"
  /** Paid after its reservation was released and the stock is gone: it stays cancelled, paid, for a refund. */
  | "refund_due"
  | "not_found";

/**
 * Records a completed payment, exactly once however many times the webhook and the success page
 * call it: the order moves pendiente → procesando, and only the call that moved it clears the
 * user's cart and queues the confirmation e-mail, in the same transaction.
 *
 * A payment may arrive after the reservation was released (a late or lost webhook and an expired
 * reservation): the lifecycle's cancelado → procesando takes the pieces again if they are all there.
 * If any is gone, nothing is oversold: the order stays cancelado with `paidAt` set, which is how staff
 * find the payments to refund, and a warning is logged.
 */
export async function fulfilOrder(
  ref: { orderId: number } | { sessionId: string },
  {
    ordersUrl,
    paymentIntentId = null,
    installmentMonths = null,
    via,
  }: {
    ordersUrl: string;
    paymentIntentId?: string | null;
    /** The meses sin intereses plan the shopper chose (null: one charge). */
    installmentMonths?: number | null;
    via: SystemChange;
  },
): Promise<{ outcome: FulfilOutcome; orderId: number | null }> {
  const order = await prisma.order.findFirst({
    where: "orderId" in ref ? { id: ref.orderId } : { stripeSessionId: ref.sessionId },
    select: { id: true, userId: true, voucherIssuedAt: true },
  });
  if (!order) return { outcome: "not_found", orderId: null };
  const payment = { paidAt: new Date(), paymentIntentId, installmentMonths };
  const pay = (from: "pendiente" | "cancelado") =>
    changeOrderStatus(
      { orderId: order.id, to: "procesando", by: "payment", from: [from], payment, author: { via } },
      async (tx) => {
        // A voucher's cart was cleared when it was issued: what is in the cart now is a new purchase.
        if (order.voucherIssuedAt === null) await tx.cartItem.deleteMany({ where: { userId: order.userId } });
        await tx.order.updateMany({ where: { id: order.id, paymentMethod: null }, data: { paymentMethod: "card" } });
        // The confirmation is queued in the transaction that marks the order paid: both, or neither.
        return queueConfirmationEmail(tx, order.id, ordersUrl);
      },
    );

  let { result, extra: deliver } = await pay("pendiente");
  let outcome: FulfilOutcome = "fulfilled";
  if (!result.ok && result.status === "cancelado") {
    ({ result, extra: deliver } = await pay("cancelado"));
    outcome = "late_reserved";
    if (!result.ok && result.reason === "stock_gone") {
      if (!(await recordPaymentToRefund(order.id, payment, via))) return { outcome: "already", orderId: order.id };
      logger.warn({ orderId: order.id }, "order paid after its stock was released and sold: refund it");
      return { outcome: "refund_due", orderId: order.id };
    }
  }
  if (!result.ok) return { outcome: "already", orderId: order.id };
  deliver?.();
  return { outcome, orderId: order.id };
}
