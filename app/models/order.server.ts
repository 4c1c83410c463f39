import {
  CHECKOUT_MESSAGES,
  computeTotals,
  nextOrderNumber,
  orderNumberFor,
  type OrderTotals,
  stockShortMessage,
} from "~/lib/checkout";
import type { OrderStatusName as OrderStatus } from "~/lib/order-status";
import type { Shipping } from "~/lib/validation/checkout";
import { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { queueEmail } from "~/utils/email.server";
import { orderConfirmationEmail } from "~/utils/email-templates.server";
import { logger } from "~/utils/logger.server";

/**
 * Orders and their stock reservations. Paying happens on the provider's page, after the order
 * exists, so the stock is taken from the shelf when the order is created (a reservation) and either
 * kept when the payment completes or put back when it does not. Every state change is a
 * conditional update on the order row, so the webhook, the success page, the cancel page and the
 * sweep may all race for the same order and each change still happens exactly once.
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
  items: Array<{ name: string; variantName: string | null; unitPrice: number; quantity: number }>;
};

/** How many numbers after the time-based one are tried before giving up (collisions are rare). */
const ORDER_NUMBER_ATTEMPTS = 20;

/**
 * Creates a pending order from the user's server cart, at the catalogue's current prices, with
 * its shipping address, and reserves its stock, all in one transaction: a line that no longer fits
 * the stock throws a CheckoutError naming the product and nothing is created or reserved.
 *
 * The order number is LJ + the last six digits of the time; when it is taken (two checkouts in the
 * same millisecond, or a million milliseconds apart) the next free one is used.
 */
export async function createOrderForCheckout(
  userId: string,
  email: string,
  shipping: Shipping,
  { now = new Date() }: { now?: Date } = {},
): Promise<CreatedOrder> {
  let candidate = orderNumberFor(now.getTime());
  for (let attempt = 0; attempt < ORDER_NUMBER_ATTEMPTS; attempt++) {
    const number = await firstFreeNumber(candidate);
    try {
      return await prisma.$transaction((tx) => createOrderInTransaction(tx, { userId, email, shipping, number, now }));
    } catch (error) {
      // Only the order number is unique among the rows created here: another checkout took it
      // between the look-up and the insert. Everything rolled back; try the next number.
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
        candidate = nextOrderNumber(number);
        continue;
      }
      throw error;
    }
  }
  throw new Error("No free order number found");
}

/** The first of `candidate` and the numbers after it that no order has. */
async function firstFreeNumber(candidate: string): Promise<string> {
  const window = Array.from({ length: ORDER_NUMBER_ATTEMPTS }, (_, i) => nextOrderNumber(candidate, i));
  const taken = new Set(
    (await prisma.order.findMany({ where: { number: { in: window } }, select: { number: true } })).map((o) => o.number),
  );
  return window.find((n) => !taken.has(n)) ?? nextOrderNumber(candidate, ORDER_NUMBER_ATTEMPTS);
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
      product: { select: { name: true, material: true, image: true, price: true, archivedAt: true } },
      variant: { select: { name: true, image: true, price: true } },
    },
  });
  if (lines.length === 0) throw new CheckoutError(CHECKOUT_MESSAGES.emptyCart);
  // A piece staff withdrew from the shop (archived) while it sat in the cart is not sold.
  const withdrawn = lines.find((line) => line.product.archivedAt !== null);
  if (withdrawn) throw new CheckoutError(stockShortMessage(withdrawn.product.name, 0));

  const items = lines.map((line) => ({
    productId: line.productId,
    variantId: line.variantId,
    quantity: line.quantity,
    price: line.variant ? line.variant.price : line.product.price,
    productName: line.product.name,
    variantName: line.variant?.name ?? null,
    material: line.product.material?.trim() ? line.product.material : null,
    image: line.variant?.image ?? line.product.image,
  }));

  // Rows are locked in one global order (variants, then products, by id) so that concurrent
  // checkouts of overlapping carts wait for each other instead of deadlocking.
  const reservations = [...items].sort(
    (a, b) =>
      Number(a.variantId === null) - Number(b.variantId === null) ||
      (a.variantId ?? 0) - (b.variantId ?? 0) ||
      a.productId - b.productId,
  );
  for (const item of reservations) {
    const reserved = await reserveStock(tx, item);
    if (!reserved) {
      const available = await currentStock(tx, item);
      throw new CheckoutError(stockShortMessage(itemLabel(item), available));
    }
  }

  const totals = computeTotals(
    items.map((i) => ({ unitPrice: i.price, quantity: i.quantity })),
    { ivaIncluded: getEnv().PRICES_INCLUDE_IVA },
  );
  const reservedUntil = new Date(input.now.getTime() + RESERVATION_MS);
  const { shipping } = input;
  const order = await tx.order.create({
    data: {
      number: input.number,
      userId: input.userId,
      email: input.email,
      status: "pendiente",
      ...totals,
      reservedUntil,
      items: { create: items },
      address: {
        create: {
          userId: input.userId,
          name: `${shipping.firstName} ${shipping.lastName}`,
          phone: shipping.phone,
          addressLine1: shipping.address,
          addressLine2: shipping.address_line2,
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
    items: items.map((i) => ({
      name: i.productName,
      variantName: i.variantName,
      unitPrice: i.price,
      quantity: i.quantity,
    })),
  };
}

function itemLabel(item: { productName: string; variantName: string | null }): string {
  return item.variantName ? `${item.productName} (${item.variantName})` : item.productName;
}

/**
 * Takes `quantity` pieces off the shelf only if they are there: one conditional UPDATE, which
 * PostgreSQL re-checks after waiting for a concurrent writer, so stock never goes below zero.
 * Variant lines use the variant's stock, other lines the product's.
 */
async function reserveStock(
  tx: Tx,
  item: { productId: number; variantId: number | null; quantity: number },
): Promise<boolean> {
  const count =
    item.variantId !== null
      ? await tx.$executeRaw`UPDATE "product_variants" SET "stock" = "stock" - ${item.quantity} WHERE "id" = ${item.variantId} AND "stock" >= ${item.quantity}`
      : await tx.$executeRaw`UPDATE "products" SET "stock" = "stock" - ${item.quantity}, "updated_at" = now() WHERE "id" = ${item.productId} AND "stock" >= ${item.quantity}`;
  return count === 1;
}

async function currentStock(tx: Tx, item: { productId: number; variantId: number | null }): Promise<number> {
  const row =
    item.variantId !== null
      ? await tx.variant.findUnique({ where: { id: item.variantId }, select: { stock: true } })
      : await tx.product.findUnique({ where: { id: item.productId }, select: { stock: true } });
  return Math.max(0, row?.stock ?? 0);
}

/** Puts an order's pieces back on the shelf (variant lines to their variant, others to the product). */
async function restock(tx: Tx, orderId: number): Promise<void> {
  const items = await tx.orderItem.findMany({
    where: { orderId },
    select: { productId: true, variantId: true, variantName: true, quantity: true },
  });
  for (const item of items) {
    if (item.variantId !== null) {
      await tx.variant.updateMany({ where: { id: item.variantId }, data: { stock: { increment: item.quantity } } });
    } else if (item.productId !== null && item.variantName === null) {
      // A line whose variant has since been deleted has nowhere to go back to.
      await tx.product.updateMany({ where: { id: item.productId }, data: { stock: { increment: item.quantity } } });
    }
  }
}

/** Links the order to its provider session; the reservation lasts exactly as long as the session. */
export async function attachPaymentSession(orderId: number, sessionId: string, expiresAt?: Date): Promise<void> {
  await prisma.order.update({
    where: { id: orderId },
    data: { stripeSessionId: sessionId, ...(expiresAt ? { reservedUntil: expiresAt } : {}) },
  });
}

export type ReleaseReason = "expired" | "cancelled" | "payment_failed" | "checkout_failed";

/**
 * Cancels a pending order and gives its stock back, exactly once: the order row is claimed with a
 * conditional update (still pendiente, stock not yet released) in the same transaction as the
 * restock, so a second call (a duplicate webhook, the sweep, the cancel page) changes nothing.
 * Returns whether this call released it. A paid order is never released.
 */
export async function releaseReservation(orderId: number, reason: ReleaseReason): Promise<boolean> {
  const released = await prisma.$transaction(async (tx) => {
    const claimed = await tx.order.updateMany({
      where: { id: orderId, status: "pendiente", stockReleasedAt: null },
      data: { status: "cancelado", stockReleasedAt: new Date(), reservedUntil: null },
    });
    if (claimed.count === 0) return false;
    await restock(tx, orderId);
    return true;
  });
  if (released) logger.info({ orderId, reason }, "reservation released");
  return released;
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
 * call it: the order moves pendiente → procesando with a conditional update, and only the call that
 * moved it clears the user's cart and queues the confirmation e-mail.
 *
 * A payment may arrive after the reservation was released (a late or lost webhook and an expired
 * reservation). The pieces are then reserved again with the same conditional updates; if any is
 * gone, nothing is oversold: the order stays cancelado with `paidAt` set, which is how staff find
 * the payments to refund, and a warning is logged.
 */
export async function fulfilOrder(
  ref: { orderId: number } | { sessionId: string },
  { ordersUrl, paymentIntentId = null }: { ordersUrl: string; paymentIntentId?: string | null },
): Promise<{ outcome: FulfilOutcome; orderId: number | null }> {
  const order = await prisma.order.findFirst({
    where: "orderId" in ref ? { id: ref.orderId } : { stripeSessionId: ref.sessionId },
    select: { id: true, userId: true },
  });
  if (!order) return { outcome: "not_found", orderId: null };
  const paidAt = new Date();
  const paid = { status: "procesando" as const, paidAt, reservedUntil: null, stripePaymentIntentId: paymentIntentId };

  // The confirmation e-mail is queued in the transaction that marks the order paid: both happen, or
  // neither (the database may go away between two statements).
  const deliver = await prisma.$transaction(async (tx) => {
    const claimed = await tx.order.updateMany({ where: { id: order.id, status: "pendiente" }, data: paid });
    if (claimed.count === 0) return null;
    await tx.cartItem.deleteMany({ where: { userId: order.userId } });
    return queueConfirmationEmail(tx, order.id, ordersUrl);
  });
  if (deliver) {
    deliver();
    return { outcome: "fulfilled", orderId: order.id };
  }
  return { outcome: await fulfilLate(order, paid, ordersUrl), orderId: order.id };
}

class StockGoneError extends Error {}

async function fulfilLate(
  order: { id: number; userId: string },
  paid: { status: "procesando"; paidAt: Date; reservedUntil: null; stripePaymentIntentId: string | null },
  ordersUrl: string,
): Promise<FulfilOutcome> {
  const lateWhere = { id: order.id, status: "cancelado" as const, paidAt: null, stockReleasedAt: { not: null } };
  try {
    let deliver = () => {};
    const outcome = await prisma.$transaction(async (tx) => {
      const claimed = await tx.order.updateMany({ where: lateWhere, data: { ...paid, stockReleasedAt: null } });
      if (claimed.count === 0) return "already" as const;
      const items = await tx.orderItem.findMany({
        where: { orderId: order.id },
        select: { productId: true, variantId: true, variantName: true, quantity: true },
      });
      for (const item of items) {
        const gone = item.productId === null || (item.variantId === null && item.variantName !== null);
        if (gone || !(await reserveStock(tx, { ...item, productId: item.productId ?? 0 }))) {
          throw new StockGoneError();
        }
      }
      await tx.cartItem.deleteMany({ where: { userId: order.userId } });
      deliver = await queueConfirmationEmail(tx, order.id, ordersUrl);
      return "late_reserved" as const;
    });
    deliver();
    return outcome;
  } catch (error) {
    if (!(error instanceof StockGoneError)) throw error;
    const marked = await prisma.order.updateMany({
      where: lateWhere,
      data: { paidAt: paid.paidAt, stripePaymentIntentId: paid.stripePaymentIntentId },
    });
    if (marked.count === 0) return "already";
    logger.warn({ orderId: order.id }, "order paid after its stock was released and sold: refund it");
    return "refund_due";
  }
}

/** Queues the order's confirmation in `tx`; returns the function that starts its delivery after the commit. */
async function queueConfirmationEmail(
  tx: Prisma.TransactionClient,
  orderId: number,
  ordersUrl: string,
): Promise<() => void> {
  const order = await tx.order.findUniqueOrThrow({
    where: { id: orderId },
    select: {
      number: true,
      email: true,
      subtotal: true,
      shipping: true,
      tax: true,
      total: true,
      user: { select: { name: true } },
      items: { select: { productName: true, variantName: true, quantity: true, price: true }, orderBy: { id: "asc" } },
      address: true,
    },
  });
  const name = order.user.name?.trim() || order.address?.name || order.email.split("@")[0] || "Usuario";
  const content = orderConfirmationEmail({ name, order, ordersUrl });
  const { deliver } = await queueEmail(tx, { to: order.email, kind: "order-confirmation", ...content });
  return deliver;
}

export type OrderView = {
  id: number;
  number: string;
  status: OrderStatus;
  createdAt: Date;
  subtotal: number;
  shipping: number;
  tax: number;
  total: number;
  trackingCode: string | null;
  items: Array<{
    id: number;
    productId: number | null;
    productName: string;
    variantName: string | null;
    material: string | null;
    image: string | null;
    quantity: number;
    price: number;
  }>;
  address: {
    name: string;
    phone: string;
    addressLine1: string;
    addressLine2: string;
    city: string;
    state: string;
    postalCode: string;
    country: string;
  } | null;
};

/** The shipping address as order pages (the shopper's and the staff's) show it. */
export const SHIPPING_ADDRESS_SELECT = {
  name: true,
  phone: true,
  addressLine1: true,
  addressLine2: true,
  city: true,
  state: true,
  postalCode: true,
  country: true,
} as const satisfies Prisma.AddressSelect;

const ORDER_VIEW_SELECT = {
  id: true,
  number: true,
  status: true,
  createdAt: true,
  subtotal: true,
  shipping: true,
  tax: true,
  total: true,
  trackingCode: true,
  items: {
    select: {
      id: true,
      productId: true,
      productName: true,
      variantName: true,
      material: true,
      image: true,
      quantity: true,
      price: true,
    },
    orderBy: { id: "asc" },
  },
  address: { select: SHIPPING_ADDRESS_SELECT },
} as const satisfies Prisma.OrderSelect;

/** The user's orders, newest first, with their items and shipping address (one query). */
export async function getOrdersForUser(userId: string): Promise<OrderView[]> {
  return prisma.order.findMany({
    where: { userId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: ORDER_VIEW_SELECT,
  });
}

/** The user's order paid through `sessionId`, or null when the session is not this user's. */
export async function getOrderForSession(userId: string, sessionId: string): Promise<OrderView | null> {
  return prisma.order.findFirst({ where: { userId, stripeSessionId: sessionId }, select: ORDER_VIEW_SELECT });
}

/** The user's own order by id, with what the cancel page needs. */
export async function getOwnOrder(userId: string, orderId: number) {
  return prisma.order.findFirst({
    where: { id: orderId, userId },
    select: { id: true, number: true, status: true, stripeSessionId: true },
  });
}

/**
 * Pending orders whose reservation ended, or whose PAGAR never got a payment session (the sweep's
 * work list), oldest first.
 */
export async function findExpiredReservations(now: Date, limit = 50) {
  return prisma.order.findMany({
    where: {
      status: "pendiente",
      OR: [
        { reservedUntil: { lt: now } },
        { stripeSessionId: null, createdAt: { lt: new Date(now.getTime() - ORPHANED_CHECKOUT_MS) } },
      ],
    },
    orderBy: { reservedUntil: "asc" },
    take: limit,
    select: { id: true, stripeSessionId: true },
  });
}
