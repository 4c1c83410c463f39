import type { Prisma } from "~/generated/prisma/client";
import type { CarrierKey } from "~/lib/carriers";
import { canMoveRequest, type ReturnRequestKind, type ReturnRequestStatus } from "~/lib/return-requests";
import { prisma } from "~/utils/db.server";
import { logger } from "~/utils/logger.server";
import { type Actor, recordAudit } from "./audit.server";
import { catalogChanged } from "./catalog-cache.server";
import { requestRefund } from "./refunds.server";
import { queueReturnEmail } from "./return-emails.server";
import { lockProducts, putOnShelf, type Shelf, takeFromShelf } from "./stock.server";

/**
 * Staff's steps on a shopper's return or exchange request (docs/decisions/034), each in one
 * transaction with the order's row locked first (the lock every writer of the order and its
 * requests takes), a conditional update of the request's status (RETURN_REQUEST_TRANSITIONS; the
 * database's trigger agrees), the audit entry and the shopper's e-mail:
 * - approve: an exchange's new sizes are taken off the shelf (held for the shopper) or the approval
 *   is refused when one ran out since the request;
 * - reject, with a message;
 * - receive: only the pieces staff mark sellable go back on the shelf; a return's pieces become a
 *   refund request that the refund page opens prefilled;
 * - ship an exchange: its own carrier and guide number.
 */

type Tx = Prisma.TransactionClient;

export type StaffRefusal =
  | { reason: "not_found" }
  | { reason: "not_allowed"; status: ReturnRequestStatus }
  | { reason: "out_of_stock"; size: string }
  | { reason: "too_many_sellable"; orderItemId: number };

export type StaffOutcome = { ok: true } | ({ ok: false } & StaffRefusal);

const REQUEST_SELECT = {
  id: true,
  orderId: true,
  kind: true,
  status: true,
  items: {
    orderBy: { id: "asc" },
    select: {
      id: true,
      quantity: true,
      exchangeVariantId: true,
      exchangeVariantName: true,
      orderItem: { select: { id: true, productId: true, variantId: true, variantName: true } },
      exchangeVariant: { select: { productId: true } },
    },
  },
} as const satisfies Prisma.ReturnRequestSelect;

type LockedRequest = Prisma.ReturnRequestGetPayload<{ select: typeof REQUEST_SELECT }>;

class Refused extends Error {
  constructor(readonly refusal: StaffRefusal) {
    super(refusal.reason);
  }
}

/**
 * Runs one step: the request's order locked, the request read under the lock and moved from its
 * status to `to` only if the lifecycle allows it; `work` does the step's own writes. A refusal from
 * `work` rolls everything back. After the commit: the e-mail, and the catalogue pages of moved stock.
 */
async function step(
  actor: Actor,
  requestId: number,
  to: ReturnRequestStatus,
  work: (
    tx: Tx,
    request: LockedRequest,
  ) => Promise<{
    data?: Prisma.ReturnRequestUpdateManyMutationInput;
    productIds?: number[];
    audit?: Record<string, Prisma.InputJsonValue>;
    message?: string | null;
  }>,
): Promise<StaffOutcome> {
  let after: (() => void)[] = [];
  try {
    await prisma.$transaction(async (tx) => {
      after = [];
      const head = await tx.returnRequest.findUnique({ where: { id: requestId }, select: { orderId: true } });
      if (!head) throw new Refused({ reason: "not_found" });
      await tx.$queryRaw`SELECT "id" FROM "orders" WHERE "id" = ${head.orderId} FOR UPDATE`;
      const request = await tx.returnRequest.findUniqueOrThrow({ where: { id: requestId }, select: REQUEST_SELECT });
      const from = request.status as ReturnRequestStatus;
      if (!canMoveRequest(request.kind as ReturnRequestKind, from, to)) {
        throw new Refused({ reason: "not_allowed", status: from });
      }
      const done = await work(tx, request);
      const moved = await tx.returnRequest.updateMany({
        where: { id: requestId, status: from },
        data: { status: to, ...done.data },
      });
      if (moved.count !== 1) throw new Refused({ reason: "not_allowed", status: from });
      await recordAudit(tx, actor, {
        action: "return_request",
        orderId: request.orderId,
        before: { request: from },
        after: { request: to, ...(done.message ? { message: done.message } : {}), ...done.audit },
      });
      const emailStep =
        to === "cambio_enviado"
          ? "exchange_shipped"
          : to === "aprobada"
            ? "approved"
            : to === "rechazada"
              ? "rejected"
              : "received";
      after.push(await queueReturnEmail(tx, requestId, emailStep, done.message ?? null));
      const productIds = done.productIds ?? [];
      if (productIds.length > 0) after.push(() => catalogChanged({ productIds }));
    });
  } catch (error) {
    if (error instanceof Refused) return { ok: false, ...error.refusal };
    throw error;
  }
  for (const run of after) run();
  return { ok: true };
}

/** Approves a request; an exchange's new sizes are held (taken off the shelf) or the approval is refused. */
export async function approveRequest(actor: Actor, requestId: number, message: string | null): Promise<StaffOutcome> {
  return step(actor, requestId, "aprobada", async (tx, request) => {
    const productIds: number[] = [];
    if (request.kind === "cambio") {
      const lines = request.items.filter((line) => line.exchangeVariantId !== null);
      await lockProducts(
        tx,
        lines.map((line) => line.exchangeVariant?.productId ?? null),
      );
      for (const line of request.items) {
        const shelf: Shelf | null =
          line.exchangeVariantId === null ? null : { shelf: "variant", id: line.exchangeVariantId };
        // The size was deleted since the request, or ran out: the exchange cannot be promised.
        if (!shelf || !(await takeFromShelf(tx, shelf, line.quantity))) {
          throw new Refused({ reason: "out_of_stock", size: line.exchangeVariantName ?? "la talla pedida" });
        }
        if (line.exchangeVariant) productIds.push(line.exchangeVariant.productId);
      }
    }
    return { data: { staffMessage: message, decidedAt: new Date(), decidedByEmail: actor.email }, productIds, message };
  });
}

export async function rejectRequest(actor: Actor, requestId: number, message: string): Promise<StaffOutcome> {
  return step(actor, requestId, "rechazada", async () => ({
    data: { staffMessage: message, decidedAt: new Date(), decidedByEmail: actor.email },
    message,
  }));
}

/** The shelf an order line's pieces go back to (none when its variant or product is gone). */
function shelfOf(item: {
  productId: number | null;
  variantId: number | null;
  variantName: string | null;
}): Shelf | null {
  if (item.variantId !== null) return { shelf: "variant", id: item.variantId };
  if (item.productId !== null && item.variantName === null) return { shelf: "product", id: item.productId };
  return null;
}

/**
 * The pieces arrived: `sellable` (per request item id) of them go back on the shelf, the rest stay
 * out (worn, damaged). A return then becomes a refund request for its pieces (after the commit).
 */
export async function receiveRequest(
  actor: Actor,
  requestId: number,
  sellable: Record<number, number>,
): Promise<StaffOutcome & { refundRequestId?: number | null }> {
  let refund: { orderId: number; items: Record<number, number> } | null = null;
  const outcome = await step(actor, requestId, "recibida", async (tx, request) => {
    refund = null;
    await lockProducts(
      tx,
      request.items.map((line) => line.orderItem.productId),
    );
    const productIds: number[] = [];
    const back: { quantity: number; sellable: number }[] = [];
    for (const line of request.items) {
      const count = sellable[line.id] ?? 0;
      if (count > line.quantity) throw new Refused({ reason: "too_many_sellable", orderItemId: line.id });
      await tx.returnRequestItem.update({ where: { id: line.id }, data: { sellableQuantity: count } });
      const shelf = shelfOf(line.orderItem);
      if (count > 0 && shelf && (await putOnShelf(tx, shelf, count)) && line.orderItem.productId !== null) {
        productIds.push(line.orderItem.productId);
      }
      back.push({ quantity: line.quantity, sellable: count });
    }
    if (request.kind === "devolucion") {
      refund = {
        orderId: request.orderId,
        items: Object.fromEntries(request.items.map((line) => [line.orderItem.id, line.quantity])),
      };
    }
    return {
      data: { receivedAt: new Date() },
      productIds,
      audit: { sellable: back.map((b) => `${b.sellable} de ${b.quantity}`) },
    };
  });
  if (!outcome.ok || refund === null) return outcome;
  const { orderId, items } = refund as { orderId: number; items: Record<number, number> };
  const asked = await requestRefund(actor, {
    orderId,
    chosen: { items, shipping: false, giftWrap: false },
    reason: `Devolución solicitada por el cliente (solicitud ${requestId})`,
  });
  if (!asked.ok) {
    // Already refunded (or being refunded): staff see the refunds on the order.
    logger.info({ requestId, reason: asked.reason }, "return received: no refund request for its pieces");
    return { ok: true, refundRequestId: null };
  }
  await prisma.returnRequest.update({ where: { id: requestId }, data: { refundRequestId: asked.refundId } });
  return { ok: true, refundRequestId: asked.refundId };
}

/** Ships an exchange's new sizes: its own carrier and guide number, and the shopper's e-mail. */
export async function shipExchange(
  actor: Actor,
  requestId: number,
  shipment: { carrier: CarrierKey; trackingCode: string | null },
): Promise<StaffOutcome> {
  return step(actor, requestId, "cambio_enviado", async () => ({
    data: { carrier: shipment.carrier, trackingCode: shipment.trackingCode, shippedAt: new Date() },
    audit: { carrier: shipment.carrier, trackingCode: shipment.trackingCode ?? "—" },
  }));
}
