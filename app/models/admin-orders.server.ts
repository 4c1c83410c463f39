import type { Prisma } from "~/generated/prisma/client";
import { canStaffChange, type OrderStatusName } from "~/lib/order-status";
import { type Page, pageOf, pageWindow } from "~/lib/pagination";
import { prisma } from "~/utils/db.server";
import { catalogChanged } from "./catalog-cache.server";
import { type Actor, recordAudit } from "./audit.server";
import { SHIPPING_ADDRESS_SELECT } from "./order.server";

/** Staff reads and writes of orders: the Pedidos tab. */

const adminOrderSelect = {
  id: true,
  number: true,
  email: true,
  status: true,
  total: true,
  trackingCode: true,
  createdAt: true,
  user: { select: { name: true, email: true } },
  items: {
    select: { id: true, productId: true, productName: true, variantName: true, quantity: true, price: true },
    orderBy: { id: "asc" },
  },
  address: { select: SHIPPING_ADDRESS_SELECT },
} as const satisfies Prisma.OrderSelect;

export type AdminOrderRow = Prisma.OrderGetPayload<{ select: typeof adminOrderSelect }>;

/** Orders newest first, optionally of one status, one page at a time (one statement per part). */
export async function listAdminOrders({
  status,
  page,
}: {
  status: OrderStatusName | null;
  page: number;
}): Promise<Page<AdminOrderRow>> {
  const where: Prisma.OrderWhereInput = status ? { status } : {};
  const [items, total] = await prisma.$transaction([
    prisma.order.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      ...pageWindow(page),
      select: adminOrderSelect,
    }),
    prisma.order.count({ where }),
  ]);
  return pageOf(items, total, page);
}

/**
 * Puts an order's items back into stock — the variant's when the line had one, else the product's —
 * and returns the ids of the products touched. Only call it inside the transaction that also sets
 * the order's `stockReleasedAt`, after checking it was unset: that is what makes it happen once.
 */
export async function restockOrderItems(tx: Prisma.TransactionClient, orderId: number): Promise<number[]> {
  const items = await tx.orderItem.findMany({
    where: { orderId },
    select: { productId: true, variantId: true, quantity: true },
  });
  for (const item of items) {
    if (item.variantId !== null) {
      await tx.variant.update({ where: { id: item.variantId }, data: { stock: { increment: item.quantity } } });
    } else if (item.productId !== null) {
      await tx.product.update({ where: { id: item.productId }, data: { stock: { increment: item.quantity } } });
    }
  }
  return [...new Set(items.flatMap((item) => (item.productId === null ? [] : [item.productId])))];
}

export type StatusChange = "ok" | "unchanged" | "not_found" | "not_allowed";

/**
 * Moves an order to `to` when its current status allows it; cancelling also releases its stock. The update is conditional on the
 * status just read (with the row locked), so two staff members changing the same order at
 * once cannot both apply a change from the same starting point.
 */
export async function setOrderStatus(actor: Actor, orderId: number, to: OrderStatusName): Promise<StatusChange> {
  let restocked: number[] = [];
  const outcome = await prisma.$transaction(async (tx): Promise<StatusChange> => {
    const [row] = await tx.$queryRaw<{ status: OrderStatusName; stock_released_at: Date | null }[]>`
      SELECT "status"::text AS "status", "stock_released_at" FROM "orders" WHERE "id" = ${orderId} FOR UPDATE`;
    if (!row) return "not_found";
    if (row.status === to) return "unchanged";
    if (!canStaffChange(row.status, to)) return "not_allowed";
    // A cancelled order's pieces go back on the shelf, unless its stock was released already.
    const release = to === "cancelado" && row.stock_released_at === null;
    const { count } = await tx.order.updateMany({
      where: { id: orderId, status: row.status },
      data: { status: to, ...(release ? { stockReleasedAt: new Date() } : {}) },
    });
    if (count === 0) return "not_allowed";
    if (release) restocked = await restockOrderItems(tx, orderId);
    await recordAudit(tx, actor, {
      action: "status",
      orderId,
      before: { status: row.status },
      after: { status: to, ...(release ? { restocked: true } : {}) },
    });
    return "ok";
  });
  catalogChanged({ productIds: restocked });
  return outcome;
}

/** Sets (or, with "", removes) an order's tracking code; false when the order does not exist. */
export async function setTrackingCode(actor: Actor, orderId: number, code: string): Promise<boolean> {
  return prisma.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ tracking_code: string | null }[]>`
      SELECT "tracking_code" FROM "orders" WHERE "id" = ${orderId} FOR UPDATE`;
    if (!row) return false;
    const trackingCode = code === "" ? null : code;
    if (row.tracking_code === trackingCode) return true;
    await tx.order.update({ where: { id: orderId }, data: { trackingCode } });
    await recordAudit(tx, actor, {
      action: "tracking",
      orderId,
      before: { trackingCode: row.tracking_code },
      after: { trackingCode },
    });
    return true;
  });
}
