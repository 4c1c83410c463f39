import type { Prisma } from "~/generated/prisma/client";
import type { CarrierKey } from "~/lib/carriers";
import { type OrderStatusName, PAID_STATUSES, transitionRule, type TransitionSource } from "~/lib/order-status";
import { prisma } from "~/utils/db.server";
import { type Actor, recordAudit } from "./audit.server";
import { catalogChanged } from "./catalog-cache.server";
import { queueStatusEmail } from "./order-emails.server";
import { changesShownStock } from "~/lib/stock";
import { lockProducts, putOnShelf, type Shelf, takeFromShelf } from "./stock.server";

/**
 * The only writer of an order's status. Every change — a payment (webhook, success page, cancel page,
 * sweep), a released reservation, a worker's change in the panel, a return — asks `transitionOrder`,
 * which applies ORDER_TRANSITIONS (app/lib/order-status.ts) and its preconditions, with the order row
 * locked, in one transaction with the change's side effects (stock, the caller's own writes, the audit
 * entry, the shopper's e-mail). Two writers racing for one order therefore queue on its row, and the
 * second sees what the first did: each change happens once.
 *
 * The shopper hears about every step after the payment (shipped, delivered, returned, refunded) by an
 * e-mail queued in the same transaction, whoever made the change: the Pedidos tab, a return, or a
 * future payment flow (a refund through the provider).
 */

type Tx = Prisma.TransactionClient;

/** Who made a change, for the audit trail: a staff member, or the shop itself (`via` says how). */
export type ChangeAuthor = { actor: Actor } | { via: SystemChange };

/** The shop's own writers of an order's status. */
export type SystemChange = "webhook" | "success_page" | "cancel_page" | "sweep" | "checkout";

/** What a payment records on its order: when, the provider's payment, the meses sin intereses plan chosen. */
export type PaymentRecord = { paidAt: Date; paymentIntentId: string | null; installmentMonths?: number | null };

export type TransitionRequest = {
  orderId: number;
  to: OrderStatusName;
  by: TransitionSource;
  author: ChangeAuthor;
  /** Only from these statuses (e.g. a payment settles only an order still waiting for it). */
  from?: readonly OrderStatusName[];
  /** Recorded with the change that pays the order. */
  payment?: PaymentRecord;
  /** Extra details for the audit entry (a reason, what was returned). */
  details?: Record<string, Prisma.InputJsonValue>;
  /** Who carries the parcel: required to ship (enviado), recorded with the change and in its e-mail. */
  shipment?: { carrier: CarrierKey; trackingCode: string | null };
};

export type TransitionRefusal =
  /** No such order. */
  | "not_found"
  /** Already in the status asked for. */
  | "unchanged"
  /** The lifecycle has no such change (for this writer, or from the status the order is in). */
  | "not_allowed"
  /** The change needs a paid order, and this one never was. */
  | "unpaid"
  /** A late payment could not take the pieces again: one of them is gone. */
  | "stock_gone"
  /** Shipping needs the carrier (and the guide number, for the shopper's e-mail and Mis Pedidos). */
  | "needs_shipment";

export type TransitionResult =
  | {
      ok: true;
      from: OrderStatusName;
      to: OrderStatusName;
      productIds: number[];
      /** Those of them whose stock as a catalogue page shows it changed: what to report (decision 067). */
      shownStockChanged: number[];
      /** Starts sending the shopper's e-mail about the change, if any: call it after the commit. */
      deliverEmail: (() => void) | null;
    }
  | { ok: false; reason: TransitionRefusal; status: OrderStatusName | null };

type OrderRow = {
  status: OrderStatusName;
  paid_at: Date | null;
  stock_released_at: Date | null;
  carrier: string | null;
  tracking_code: string | null;
};

/**
 * Applies one change of status inside `tx` (the caller's transaction, so its own writes — clearing a
 * cart, queueing an e-mail, recording a return — commit or roll back with it). The caller must call
 * `catalogChanged` with the result's product ids and `deliverEmail` after the commit
 * (`changeOrderStatus` does all three).
 */
export async function transitionOrder(tx: Tx, request: TransitionRequest): Promise<TransitionResult> {
  const [row] = await tx.$queryRaw<OrderRow[]>`
    SELECT "status"::text AS "status", "paid_at", "stock_released_at", "carrier", "tracking_code"
    FROM "orders" WHERE "id" = ${request.orderId} FOR UPDATE`;
  if (!row) return refused("not_found", null);
  const from = row.status;
  if (from === request.to) return refused("unchanged", from);
  if (request.from && !request.from.includes(from)) return refused("not_allowed", from);
  const rule = transitionRule(from, request.to);
  if (!rule || !rule.by.includes(request.by)) return refused("not_allowed", from);
  const paidAt = row.paid_at ?? request.payment?.paidAt ?? null;
  if (PAID_STATUSES.includes(request.to) && paidAt === null) return refused("unpaid", from);
  if (request.to === "enviado" && !request.shipment) return refused("needs_shipment", from);
  // A late payment takes the pieces of a released order again, once: a second payment of an order
  // already paid (and refused for want of stock) must not.
  if (rule.stock === "reserve" && row.paid_at !== null) return refused("not_allowed", from);

  let moved: StockMoved = { productIds: [], shownStockChanged: [] };
  let stockReleasedAt = row.stock_released_at;
  if (rule.stock === "release" && row.stock_released_at === null) {
    moved = await restockOrder(tx, request.orderId);
    stockReleasedAt = new Date();
  } else if (rule.stock === "reserve") {
    const reserved = await reserveOrderAgain(tx, request.orderId);
    if (!reserved) return refused("stock_gone", from);
    moved = reserved;
    stockReleasedAt = null;
  }
  const { productIds } = moved;

  await tx.order.update({
    where: { id: request.orderId },
    data: {
      status: request.to,
      stockReleasedAt,
      // A settled order holds nothing for a payment session any more.
      ...(request.to !== "pendiente" ? { reservedUntil: null } : {}),
      ...(request.payment && row.paid_at === null ? paymentColumns(request.payment) : {}),
      ...(request.shipment ? { carrier: request.shipment.carrier, trackingCode: request.shipment.trackingCode } : {}),
      // The return window counts from the delivery (docs/decisions/034).
      ...(request.to === "entregado" ? { deliveredAt: new Date() } : {}),
    },
  });
  await recordAudit(tx, actorOf(request.author), {
    action: request.by === "return" ? "return" : "status",
    orderId: request.orderId,
    before: {
      status: from,
      ...(request.shipment ? { carrier: row.carrier, trackingCode: row.tracking_code } : {}),
    },
    after: {
      status: request.to,
      ...("via" in request.author ? { via: request.author.via } : {}),
      ...(rule.stock === "release" && productIds.length > 0 ? { restocked: true } : {}),
      ...(request.shipment ? { carrier: request.shipment.carrier, trackingCode: request.shipment.trackingCode } : {}),
      ...(request.details ?? {}),
    },
  });
  const deliverEmail = await queueStatusEmail(tx, request.orderId, request.to);
  return { ok: true, from, to: request.to, productIds, shownStockChanged: moved.shownStockChanged, deliverEmail };
}

function refused(reason: TransitionRefusal, status: OrderStatusName | null): TransitionResult {
  return { ok: false, reason, status };
}

/** The audit trail's author of a change the shop made by itself. */
export const SYSTEM_ACTOR: Actor = { id: null, email: "sistema" };

function actorOf(author: ChangeAuthor): Actor {
  return "actor" in author ? author.actor : SYSTEM_ACTOR;
}

/**
 * `transitionOrder` in a transaction of its own, with `alsoDo` (the caller's writes, only when the
 * change happened) in the same transaction; after the commit, the catalogue pages showing the
 * pieces whose stock moved are refreshed. Returns the change and what `alsoDo` returned.
 */
export async function changeOrderStatus<T = undefined>(
  request: TransitionRequest,
  alsoDo?: (tx: Tx, change: Extract<TransitionResult, { ok: true }>) => Promise<T>,
): Promise<{ result: TransitionResult; extra: T | undefined }> {
  const outcome = await prisma.$transaction(async (tx) => {
    const result = await transitionOrder(tx, request);
    const extra = result.ok && alsoDo ? await alsoDo(tx, result) : undefined;
    return { result, extra };
  });
  if (outcome.result.ok) {
    catalogChanged({ productIds: outcome.result.shownStockChanged });
    outcome.result.deliverEmail?.();
  }
  return outcome;
}

type StockLine = Shelf & { productId: number | null; quantity: number };

/**
 * An order's lines whose pieces have a shelf to go to (a line whose variant was deleted — variant id
 * gone, its name kept — or whose product was deleted has none), their products locked first (the lock
 * order of ./stock.server.ts).
 */
async function stockLines(tx: Tx, orderId: number): Promise<StockLine[]> {
  const lines = await tx.orderItem.findMany({
    where: { orderId },
    select: { productId: true, variantId: true, variantName: true, quantity: true },
  });
  const shelved = lines.flatMap((line): StockLine[] => {
    const { productId, quantity } = line;
    if (line.variantId !== null) return [{ shelf: "variant", id: line.variantId, productId, quantity }];
    if (productId !== null && line.variantName === null)
      return [{ shelf: "product", id: productId, productId, quantity }];
    return [];
  });
  await lockProducts(
    tx,
    shelved.map((line) => line.productId),
  );
  return shelved;
}

/** The products whose stock a change moved, and those of them whose shown stock changed (decision 067). */
type StockMoved = { productIds: number[]; shownStockChanged: number[] };

/** Notes a line's move on the shelf in `moved`. */
function noteMove(moved: { touched: Set<number>; shown: Set<number> }, line: StockLine, before: number, after: number) {
  if (line.productId === null) return;
  moved.touched.add(line.productId);
  if (changesShownStock(before, after)) moved.shown.add(line.productId);
}

/**
 * Puts an order's pieces back on the shelf: a variant line to its variant, a plain line to its
 * product, a line with no shelf left nowhere. Returns the products touched. Only the lifecycle calls
 * it, when a change's rule says "release" and the order still held its stock.
 */
async function restockOrder(tx: Tx, orderId: number): Promise<StockMoved> {
  const moved = { touched: new Set<number>(), shown: new Set<number>() };
  for (const line of await stockLines(tx, orderId)) {
    const put = await putOnShelf(tx, line, line.quantity);
    if (put) noteMove(moved, line, put.stock - line.quantity, put.stock);
  }
  return { productIds: [...moved.touched], shownStockChanged: [...moved.shown] };
}

/**
 * A late payment's reservation: every line's pieces again, or none (the lines taken before a
 * missing one are put back, inside the same transaction). Null when a piece is gone.
 */
async function reserveOrderAgain(tx: Tx, orderId: number): Promise<StockMoved | null> {
  const items = await tx.orderItem.findMany({ where: { orderId }, select: { productId: true } });
  const lines = await stockLines(tx, orderId);
  // A line without a shelf (its product or variant deleted) cannot be sold again.
  if (lines.length < items.length) return null;
  const taken: typeof lines = [];
  const moved = { touched: new Set<number>(), shown: new Set<number>() };
  for (const line of lines) {
    const take = await takeFromShelf(tx, line, line.quantity);
    if (!take) {
      for (const back of taken) await putOnShelf(tx, back, back.quantity);
      return null;
    }
    taken.push(line);
    noteMove(moved, line, take.stock + line.quantity, take.stock);
  }
  return { productIds: [...moved.touched], shownStockChanged: [...moved.shown] };
}

/**
 * A payment of an order whose pieces were released and sold meanwhile: the order stays cancelado,
 * with the payment recorded — the mark of a payment staff must refund (reembolsado). Once: false
 * when the order is not a released, unpaid one.
 */
export async function recordPaymentToRefund(
  orderId: number,
  payment: PaymentRecord,
  via: SystemChange,
): Promise<boolean> {
  return prisma.$transaction(async (tx) => {
    const marked = await tx.order.updateMany({
      where: { id: orderId, status: "cancelado", paidAt: null },
      data: paymentColumns(payment),
    });
    if (marked.count === 0) return false;
    await recordAudit(tx, SYSTEM_ACTOR, {
      action: "status",
      orderId,
      before: { status: "cancelado" },
      after: { status: "cancelado", via, refundDue: true },
    });
    return true;
  });
}

function paymentColumns(payment: PaymentRecord) {
  return {
    paidAt: payment.paidAt,
    stripePaymentIntentId: payment.paymentIntentId,
    installmentMonths: payment.installmentMonths ?? null,
  };
}
