import type { OrderStatusName as OrderStatus } from "~/lib/order-status";
import { Prisma } from "~/generated/prisma/client";
import { type AwaitingPayment, awaitingPaymentOf } from "~/lib/payment-methods";
import { prisma } from "~/utils/db.server";
import { ORPHANED_CHECKOUT_MS } from "~/lib/order-timing";

/** Reads of orders (Mis Pedidos, the success and cancel pages), and the sweep's claim on its next order. */

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
  /** A key of CARRIERS (app/lib/carriers.ts) once shipped. */
  carrier: string | null;
  /** When the payment went through; null for an attempt that was never paid. */
  paidAt: Date | null;
  giftMessage: string | null;
  giftWrapPrice: number | null;
  /** The discount code the order used and what it took off (docs/decisions/058). */
  discountCode: string | null;
  discountTotal: number | null;
  /** The meses sin intereses plan the order was paid in (null: one charge). */
  installmentMonths: number | null;
  /** card, oxxo or spei once known. */
  paymentMethod: string | null;
  /** The voucher or transfer the order waits for (null for any other order). */
  awaitingPayment: AwaitingPayment | null;
  items: Array<{
    id: number;
    productId: number | null;
    productName: string;
    variantName: string | null;
    material: string | null;
    image: string | null;
    quantity: number;
    price: number;
    /** The code's share of the line, in shown prices; null without one. */
    discount: number | null;
  }>;
  address: ShippingAddress | null;
};

/** What `awaitingPaymentOf` (app/lib/payment-methods.ts) reads of an order. */
export const AWAITING_PAYMENT_SELECT = {
  status: true,
  paymentMethod: true,
  voucherIssuedAt: true,
  voucherReference: true,
  voucherUrl: true,
  voucherAmount: true,
  voucherExpiresAt: true,
  transferClabe: true,
  transferBank: true,
} as const satisfies Prisma.OrderSelect;

/** The shipping address as order pages (the shopper's and the staff's) show it. */
export const SHIPPING_ADDRESS_SELECT = {
  name: true,
  phone: true,
  addressLine1: true,
  addressLine2: true,
  interiorNumber: true,
  references: true,
  city: true,
  state: true,
  postalCode: true,
  country: true,
} as const satisfies Prisma.AddressSelect;

/** A shipping address as orders show it (pages and e-mails). */
export type ShippingAddress = Prisma.AddressGetPayload<{ select: typeof SHIPPING_ADDRESS_SELECT }>;

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
  carrier: true,
  paidAt: true,
  giftMessage: true,
  giftWrapPrice: true,
  discountCode: true,
  discountTotal: true,
  installmentMonths: true,
  paymentMethod: true,
  voucherIssuedAt: true,
  voucherReference: true,
  voucherUrl: true,
  voucherAmount: true,
  voucherExpiresAt: true,
  transferClabe: true,
  transferBank: true,
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
      discount: true,
    },
    orderBy: { id: "asc" },
  },
  address: { select: SHIPPING_ADDRESS_SELECT },
} as const satisfies Prisma.OrderSelect;

/** The user's orders, newest first, with their items and shipping address (one query). */
export async function getOrdersForUser(userId: string): Promise<OrderView[]> {
  const orders = await prisma.order.findMany({
    where: { userId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: ORDER_VIEW_SELECT,
  });
  return orders.map(toOrderView);
}

type OrderRow = Prisma.OrderGetPayload<{ select: typeof ORDER_VIEW_SELECT }>;

function toOrderView(row: OrderRow): OrderView {
  return { ...row, awaitingPayment: awaitingPaymentOf(row) };
}

/** The user's order paid through `sessionId`, or null when the session is not this user's. */
export async function getOrderForSession(userId: string, sessionId: string): Promise<OrderView | null> {
  const row = await prisma.order.findFirst({
    where: { userId, stripeSessionId: sessionId },
    select: ORDER_VIEW_SELECT,
  });
  return row ? toOrderView(row) : null;
}

/** The user's own order by id, with what the cancel page needs. */
export async function getOwnOrder(userId: string, orderId: number) {
  return prisma.order.findFirst({
    where: { id: orderId, userId },
    select: { id: true, number: true, status: true, stripeSessionId: true },
  });
}

/**
 * Claims the next order of the sweep's work list — a pending order whose reservation ended, or whose
 * PAGAR never got a payment session, oldest reservation first — for `leaseMs`, and returns it (null:
 * nothing left). One statement: rows another instance is claiming right now are skipped (SKIP
 * LOCKED), rows it claimed earlier wait until their lease ends, so two instances never call the
 * provider for the same order at once. The claim is a lease in a column rather than a row lock held
 * while the provider answers: the lifecycle locks the same row to settle the order. The lease runs
 * on the caller's clock, like the reservation itself (`now`).
 */
export async function claimExpiredReservation(
  now: Date,
  leaseMs: number,
): Promise<{ id: number; stripeSessionId: string | null } | null> {
  // reserved_until and created_at hold UTC without a zone, as Prisma writes them.
  const at = Prisma.sql`(${now.toISOString()}::timestamptz AT TIME ZONE 'UTC')`;
  const orphanedBefore = Prisma.sql`(${new Date(now.getTime() - ORPHANED_CHECKOUT_MS).toISOString()}::timestamptz AT TIME ZONE 'UTC')`;
  const [row] = await prisma.$queryRaw<Array<{ id: number; stripe_session_id: string | null }>>`
    WITH "next" AS (
      SELECT "id" FROM "orders"
      WHERE "status" = 'pendiente'
        AND ("reserved_until" < ${at} OR ("stripe_session_id" IS NULL AND "created_at" < ${orphanedBefore}))
        AND ("sweep_claimed_until" IS NULL OR "sweep_claimed_until" <= ${now.toISOString()}::timestamptz)
      ORDER BY "reserved_until" ASC NULLS LAST, "id"
      LIMIT 1
      FOR UPDATE SKIP LOCKED
    )
    UPDATE "orders" o SET "sweep_claimed_until" = ${new Date(now.getTime() + leaseMs).toISOString()}::timestamptz
    FROM "next" WHERE o."id" = "next"."id"
    RETURNING o."id", o."stripe_session_id"`;
  return row ? { id: row.id, stripeSessionId: row.stripe_session_id } : null;
}
