import type { Prisma } from "~/generated/prisma/client";
import { storedRefundItems } from "~/lib/refund-amounts";
import { refundedRequests } from "~/lib/return-requests";
import { type Actor, recordAudit } from "./audit.server";

type Tx = Prisma.TransactionClient;

/**
 * After a refund of `orderId` succeeded (./refund-settlement.server.ts, same transaction): the
 * received returns whose pieces the order's succeeded refunds now cover become reembolsada.
 */
export async function markRefundedReturns(tx: Tx, orderId: number, actor: Actor): Promise<void> {
  const requests = await tx.returnRequest.findMany({
    where: { orderId, kind: "devolucion", status: { in: ["recibida", "reembolsada"] } },
    orderBy: { id: "asc" },
    select: { id: true, status: true, items: { select: { orderItemId: true, quantity: true } } },
  });
  if (!requests.some((r) => r.status === "recibida")) return;
  const refunded: Record<number, number> = {};
  for (const row of await tx.refund.findMany({ where: { orderId, status: "reembolsado" }, select: { items: true } })) {
    for (const line of storedRefundItems(row.items).pieces) {
      refunded[line.orderItemId] = (refunded[line.orderItemId] ?? 0) + line.quantity;
    }
  }
  for (const id of refundedRequests(refunded, requests)) {
    const moved = await tx.returnRequest.updateMany({
      where: { id, status: "recibida" },
      data: { status: "reembolsada" },
    });
    if (moved.count === 1) {
      await recordAudit(tx, actor, {
        action: "return_request",
        orderId,
        before: { request: "recibida" },
        after: { request: "reembolsada" },
      });
    }
  }
}
