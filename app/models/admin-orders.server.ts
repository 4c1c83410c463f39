import type { Prisma } from "~/generated/prisma/client";
import type { OrderStatusName } from "~/lib/order-status";
import { type Page, pageOf, pageWindow } from "~/lib/pagination";
import { prisma } from "~/utils/db.server";
import { type Actor, recordAudit } from "./audit.server";
import { changeOrderStatus } from "./order-lifecycle.server";
import { SHIPPING_ADDRESS_SELECT } from "./order-views.server";

/** Staff reads and writes of orders: the Pedidos tab. */

const adminOrderSelect = {
  id: true,
  number: true,
  email: true,
  status: true,
  total: true,
  trackingCode: true,
  paidAt: true,
  giftMessage: true,
  giftWrapPrice: true,
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

export type StatusChange = "ok" | "unchanged" | "not_found" | "not_allowed";

/**
 * A staff member's change of an order's status, through the order lifecycle: only the changes its
 * table gives staff, only for a paid order where the change needs one (an unpaid order is never
 * shipped), stock released where the table says so, with the audit entry.
 */
export async function setOrderStatus(actor: Actor, orderId: number, to: OrderStatusName): Promise<StatusChange> {
  const { result } = await changeOrderStatus({ orderId, to, by: "staff", author: { actor } });
  if (result.ok) return "ok";
  if (result.reason === "unpaid" || result.reason === "stock_gone") return "not_allowed";
  return result.reason;
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
