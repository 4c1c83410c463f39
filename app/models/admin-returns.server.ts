import { NOT_RETURNABLE, type OrderStatusName } from "~/lib/order-status";
import { type Page, pageOf, pageWindow } from "~/lib/pagination";
import { prisma } from "~/utils/db.server";
import { type Actor, recordAudit } from "./audit.server";
import { restockOrderItems } from "./admin-orders.server";
import { catalogChanged } from "./catalog-cache.server";

/** Returns: processing one (stock back on the shelf, exactly once) and the list of past ones. */

export type ReturnOutcome =
  { ok: true; returnId: number; orderId: number } | { ok: false; reason: "not_found" | "not_returnable" };

type ReturnedItem = {
  orderItemId: number;
  productId: number | null;
  variantId: number | null;
  productName: string;
  variantName: string | null;
  quantity: number;
};

/**
 * Processes the return of a whole order, in one transaction: the status becomes devuelto through
 * an update conditional on the status not being devuelto or cancelado already — the gate that makes
 * a second attempt, even a simultaneous one, change nothing — then the items go back into stock
 * (the variant's when the line had one, else the product's), the return is recorded with the
 * staff member, and the audit entry is written.
 *
 * Stock goes back only if the order still held it (`stockReleasedAt` unset): stock released
 * earlier, e.g. when an unpaid reservation expired, is never added twice.
 */
export async function processReturn(
  actor: Actor,
  { orderNumber, reason }: { orderNumber: string; reason: string },
): Promise<ReturnOutcome> {
  const outcome = await prisma.$transaction(async (tx): Promise<ReturnOutcome & { productIds?: number[] }> => {
    const [order] = await tx.$queryRaw<{ id: number; status: OrderStatusName; stock_released_at: Date | null }[]>`
      SELECT "id", "status"::text AS "status", "stock_released_at" FROM "orders"
      WHERE "number" = ${orderNumber} FOR UPDATE`;
    if (!order) return { ok: false, reason: "not_found" };
    const { count } = await tx.order.updateMany({
      where: { id: order.id, status: { notIn: [...NOT_RETURNABLE] } },
      data: { status: "devuelto", stockReleasedAt: order.stock_released_at ?? new Date() },
    });
    if (count === 0) return { ok: false, reason: "not_returnable" };

    const items = await tx.orderItem.findMany({
      where: { orderId: order.id },
      select: { id: true, productId: true, variantId: true, productName: true, variantName: true, quantity: true },
      orderBy: { id: "asc" },
    });
    const restock = order.stock_released_at === null;
    const productIds = restock ? await restockOrderItems(tx, order.id) : [];
    const itemsReturned: ReturnedItem[] = items.map((item) => ({
      orderItemId: item.id,
      productId: item.productId,
      variantId: item.variantId,
      productName: item.productName,
      variantName: item.variantName,
      quantity: item.quantity,
    }));
    const created = await tx.return.create({
      data: { orderId: order.id, adminId: actor.id, reason, itemsReturned },
      select: { id: true },
    });
    await recordAudit(tx, actor, {
      action: "return",
      orderId: order.id,
      before: { status: order.status },
      after: { status: "devuelto", reason, restocked: restock, items: itemsReturned },
    });
    return { ok: true, returnId: created.id, orderId: order.id, productIds };
  });
  if (outcome.ok) catalogChanged({ productIds: outcome.productIds ?? [] });
  if (outcome.ok) return { ok: true, returnId: outcome.returnId, orderId: outcome.orderId };
  return outcome;
}

/** Returns newest first with their order, items (and products) and who processed them. */
export async function listReturns(page: number): Promise<Page<AdminReturnRow>> {
  const [items, total] = await prisma.$transaction([
    prisma.return.findMany({
      orderBy: [{ returnedAt: "desc" }, { id: "desc" }],
      ...pageWindow(page),
      select: {
        id: true,
        reason: true,
        returnedAt: true,
        admin: { select: { email: true, name: true } },
        order: {
          select: {
            id: true,
            number: true,
            email: true,
            total: true,
            items: {
              select: {
                id: true,
                productName: true,
                variantName: true,
                quantity: true,
                product: { select: { id: true, name: true } },
              },
              orderBy: { id: "asc" },
            },
          },
        },
      },
    }),
    prisma.return.count(),
  ]);
  return pageOf(items, total, page);
}

export type AdminReturnRow = {
  id: number;
  reason: string;
  returnedAt: Date;
  admin: { email: string; name: string | null } | null;
  order: {
    id: number;
    number: string;
    email: string;
    total: number;
    items: {
      id: number;
      productName: string;
      variantName: string | null;
      quantity: number;
      product: { id: number; name: string } | null;
    }[];
  };
};
