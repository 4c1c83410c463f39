import { type Page, pageOf, pageWindow } from "~/lib/pagination";
import { prisma } from "~/utils/db.server";
import type { Actor } from "./audit.server";
import { changeOrderStatus } from "./order-lifecycle.server";

/** Returns: processing one (stock back on the shelf, exactly once) and the list of past ones. */

export type ReturnOutcome =
  | { ok: true; returnId: number; orderId: number }
  | { ok: false; reason: "not_found" | "not_returnable" | "has_requests" };

/** A whole-order return of an order with per-piece requests would put their pieces back twice. */
class HasRequests extends Error {}

type ReturnedItem = {
  orderItemId: number;
  productId: number | null;
  variantId: number | null;
  productName: string;
  variantName: string | null;
  quantity: number;
};

/**
 * Processes the return of a whole order, through the order lifecycle: a shipped or delivered order
 * becomes devuelto, its pieces go back on the shelf (once: only if the order still held them), and
 * the return is recorded with the staff member, all in one transaction with the audit entry. The
 * order's row is locked for the change, so a second or simultaneous attempt finds it devuelto and
 * changes nothing.
 */
export async function processReturn(
  actor: Actor,
  { orderNumber, reason }: { orderNumber: string; reason: string },
): Promise<ReturnOutcome> {
  const order = await prisma.order.findUnique({ where: { number: orderNumber }, select: { id: true } });
  if (!order) return { ok: false, reason: "not_found" };
  const items = await prisma.orderItem.findMany({
    where: { orderId: order.id },
    select: { id: true, productId: true, variantId: true, productName: true, variantName: true, quantity: true },
    orderBy: { id: "asc" },
  });
  const itemsReturned: ReturnedItem[] = items.map(({ id, ...item }) => ({ orderItemId: id, ...item }));
  const changed = await changeOrderStatus(
    {
      orderId: order.id,
      to: "devuelto",
      by: "return",
      author: { actor },
      details: { reason, items: itemsReturned },
    },
    async (tx) => {
      // The order's row is locked: a shopper's request cannot slip in between (docs/decisions/034).
      if ((await tx.returnRequest.count({ where: { orderId: order.id, status: { not: "rechazada" } } })) > 0) {
        throw new HasRequests();
      }
      return (
        await tx.return.create({
          data: { orderId: order.id, adminId: actor.id, reason, itemsReturned },
          select: { id: true },
        })
      ).id;
    },
  ).catch((error: unknown) => {
    if (error instanceof HasRequests) return null;
    throw error;
  });
  if (changed === null) return { ok: false, reason: "has_requests" };
  const { result, extra: returnId } = changed;
  if (!result.ok || returnId === undefined) {
    return { ok: false, reason: result.ok || result.reason !== "not_found" ? "not_returnable" : "not_found" };
  }
  return { ok: true, returnId, orderId: order.id };
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
