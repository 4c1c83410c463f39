import { unitShares } from "~/lib/refund-amounts";
import { prisma } from "~/utils/db.server";
import { storedRefundItems } from "~/lib/refund-amounts";
import { refundBasis, refundMethodOf, takenBy } from "./refunds.server";

/** What the refund page and the order page show of an order's refunds. */

export type RefundRow = {
  id: number;
  status: string;
  method: string;
  amount: number;
  shipping: number;
  reason: string;
  pieces: { name: string; quantity: number }[];
  failureReason: string | null;
  reference: string | null;
  requestedByEmail: string;
  confirmedByEmail: string | null;
  createdAt: Date;
  settledAt: Date | null;
};

/** An order's refunds and requests, oldest first, with the pieces named. */
export async function listRefunds(orderId: number): Promise<RefundRow[]> {
  const [rows, items] = await Promise.all([
    prisma.refund.findMany({ where: { orderId }, orderBy: { id: "asc" } }),
    prisma.orderItem.findMany({ where: { orderId }, select: { id: true, productName: true, variantName: true } }),
  ]);
  return rows.map((row) => {
    const stored = storedRefundItems(row.items);
    return {
      id: row.id,
      status: row.status,
      method: row.method,
      amount: row.amount,
      shipping: row.shipping,
      reason: row.reason,
      pieces: stored.pieces.map((line) => {
        const item = items.find((i) => i.id === line.orderItemId);
        const name = item ? `${item.productName}${item.variantName ? ` (${item.variantName})` : ""}` : "Pieza";
        return { name, quantity: line.quantity };
      }),
      failureReason: row.failureReason,
      reference: row.reference,
      requestedByEmail: row.requestedByEmail,
      confirmedByEmail: row.confirmedByEmail,
      createdAt: row.createdAt,
      settledAt: row.settledAt,
    };
  });
}

/** The refund page: the order's pieces with what is left to refund of each, the shipping, and its refunds. */
export async function getRefundPage(number: string) {
  const order = await prisma.order.findUnique({
    where: { number },
    select: {
      id: true,
      number: true,
      email: true,
      status: true,
      subtotal: true,
      tax: true,
      total: true,
      shipping: true,
      giftWrapPrice: true,
      paidAt: true,
      paymentMethod: true,
      items: {
        select: { id: true, productName: true, variantName: true, quantity: true, price: true, discount: true },
        orderBy: { id: "asc" },
      },
    },
  });
  if (!order) return null;
  const { taken, amount: takenAmount } = await takenBy(prisma, order.id);
  const shares = unitShares(refundBasis(order));
  const lines = order.items.map((item) => {
    const refunded = taken.items[item.id] ?? 0;
    const units = shares.units.get(item.id) ?? [];
    return {
      id: item.id,
      name: `${item.productName}${item.variantName ? ` (${item.variantName})` : ""}`,
      quantity: item.quantity,
      left: item.quantity - refunded,
      /** What the next unit refunded gives back. */
      unitAmount: units[refunded] ?? 0,
    };
  });
  const giftWrapLeft = shares.giftWrap > 0 && !taken.giftWrap;
  return {
    order: { id: order.id, number: order.number, email: order.email, status: order.status, total: order.total },
    paid: order.paidAt !== null,
    method: refundMethodOf(order),
    lines,
    shipping: { amount: order.shipping, left: order.shipping > 0 && !taken.shipping },
    giftWrap: { amount: shares.giftWrap, left: giftWrapLeft },
    left: order.total - takenAmount,
    refunds: await listRefunds(order.id),
  };
}

export type RefundPage = NonNullable<Awaited<ReturnType<typeof getRefundPage>>>;

/** The quantities a request asked for, to fill the form in when an admin answers it. */
export async function requestChoice(orderId: number, requestId: number) {
  const row = await prisma.refund.findFirst({ where: { id: requestId, orderId, status: "solicitado" } });
  if (!row) return null;
  const stored = storedRefundItems(row.items);
  return {
    id: row.id,
    reason: row.reason,
    items: Object.fromEntries(stored.pieces.map((line) => [line.orderItemId, line.quantity])),
    shipping: row.shipping > 0,
    giftWrap: stored.giftWrap > 0,
  };
}
