import type { Prisma } from "~/generated/prisma/client";
import type { OrderStatusName } from "~/lib/order-status";
import type Stripe from "stripe";
import { creditNoteAfterRefund } from "~/invoicing/credit-note.server";
import { cancelInvoiceAfterRefund } from "~/invoicing/invoice-cancel.server";
import { storedRefundItems } from "~/lib/refund-amounts";
import { prisma } from "~/utils/db.server";
import { queueEmail } from "~/utils/email.server";
import { logger } from "~/utils/logger.server";
import { configuredOrigin } from "~/utils/origin.server";
import { refundDoneEmail, type RefundMethod } from "~/utils/refund-email-templates.server";
import { type Actor, recordAudit } from "./audit.server";
import { catalogChanged } from "./catalog-cache.server";
import { SYSTEM_ACTOR, transitionOrder } from "./order-lifecycle.server";
import { markRefundedReturns } from "./return-refunds.server";

/**
 * A refund's outcome, as the provider reports it (`refund.updated`, `refund.failed`,
 * `charge.refunded`) or as an admin records a manual one: a conditional update from *pendiente*, so
 * an event delivered twice, or the provider's answer and its event, settle it once. A refund that
 * succeeded e-mails the shopper what was refunded, where, and when it arrives; when the order's
 * refunds that succeeded add up to what was paid, the order becomes reembolsado through the one
 * lifecycle function, in the same transaction. A failed refund gives its amount back and is shown
 * to staff on the order.
 */

type Tx = Prisma.TransactionClient;

/** The provider's statuses that end a refund. */
type ProviderOutcome = "succeeded" | "failed" | "canceled";

/** Statuses an order is refunded from (everything paid was given back). */
const REFUNDABLE_FROM: readonly OrderStatusName[] = ["procesando", "enviado", "entregado", "devuelto", "cancelado"];

export async function settleRefund(
  match: { id: number } | { providerRefundId: string },
  outcome: ProviderOutcome,
  failureReason: string | null,
  actor: Actor = SYSTEM_ACTOR,
): Promise<boolean> {
  const after: (() => void)[] = [];
  const settled = await prisma.$transaction(async (tx) => {
    const refund = await tx.refund.findFirst({ where: match, select: { id: true, orderId: true } });
    if (!refund) return false;
    // The order's row first, as every writer of its refunds and status locks it.
    await tx.$queryRaw`SELECT "id" FROM "orders" WHERE "id" = ${refund.orderId} FOR UPDATE`;
    const status = outcome === "succeeded" ? "reembolsado" : "fallido";
    const changed = await tx.refund.updateMany({
      where: { id: refund.id, status: "pendiente" },
      data: { status, settledAt: new Date(), failureReason: outcome === "succeeded" ? null : failureReason },
    });
    if (changed.count === 0) return false;
    const row = await tx.refund.findUniqueOrThrow({ where: { id: refund.id } });
    await recordAudit(tx, actor, {
      action: "refund",
      orderId: row.orderId,
      before: { refund: "pendiente" },
      after: {
        refund: status,
        amount: row.amount,
        ...(actor === SYSTEM_ACTOR ? { via: "webhook" } : {}),
        ...(status === "fallido" ? { failureReason } : {}),
      },
    });
    if (status === "fallido") return true;
    after.push(await queueRefundEmail(tx, row));
    after.push(await creditNoteAfterRefund(tx, row)); // a partial refund of an invoiced sale: its egreso
    await markRefundedReturns(tx, row.orderId, actor);
    const paid = await tx.refund.aggregate({
      where: { orderId: row.orderId, status: "reembolsado" },
      _sum: { amount: true },
    });
    const order = await tx.order.findUniqueOrThrow({ where: { id: row.orderId }, select: { total: true } });
    if ((paid._sum.amount ?? 0) >= order.total) {
      const result = await transitionOrder(tx, {
        orderId: row.orderId,
        to: "reembolsado",
        by: "refund",
        from: REFUNDABLE_FROM,
        author: actor === SYSTEM_ACTOR ? { via: "webhook" } : { actor },
        details: { amount: paid._sum.amount ?? 0 },
      });
      if (result.ok) {
        after.push(await cancelInvoiceAfterRefund(tx, row.orderId));
        after.push(() => catalogChanged({ productIds: result.shownStockChanged }));
        if (result.deliverEmail) after.push(result.deliverEmail);
      }
    }
    return true;
  });
  for (const step of after) step();
  return settled;
}

type RefundRow = Prisma.RefundGetPayload<object>;

/** The shopper's e-mail about a refund that happened: what, how much, where, when it arrives. */
async function queueRefundEmail(tx: Tx, refund: RefundRow): Promise<() => void> {
  const order = await tx.order.findUniqueOrThrow({
    where: { id: refund.orderId },
    select: {
      number: true,
      email: true,
      user: { select: { name: true } },
      address: { select: { name: true } },
      items: { select: { id: true, productName: true, variantName: true } },
    },
  });
  const stored = storedRefundItems(refund.items);
  const what = stored.pieces.map((line) => {
    const item = order.items.find((i) => i.id === line.orderItemId);
    const name = item ? `${item.productName}${item.variantName ? ` (${item.variantName})` : ""}` : "Pieza";
    return `${line.quantity} × ${name}`;
  });
  if (stored.giftWrap > 0) what.push("Envoltura de regalo");
  if (refund.shipping > 0) what.push("Envío");
  const content = refundDoneEmail({
    name: order.user.name?.trim() || order.address?.name || order.email.split("@")[0] || "Usuario",
    orderNumber: order.number,
    amount: refund.amount,
    method: refund.method as RefundMethod,
    what,
    reference: refund.reference,
    clabe: refund.clabe,
    ordersUrl: `${configuredOrigin()}/orders`,
  });
  const { deliver } = await queueEmail(tx, { to: order.email, kind: "order-refund", ...content });
  return deliver;
}

/** The provider's refund events this shop follows (README, "Pagos en producción"). */
export const REFUND_EVENTS = new Set(["refund.updated", "refund.failed", "charge.refunded"]);

/**
 * Applies a refund event: `refund.updated` / `refund.failed` carry the refund, `charge.refunded` the
 * charge with its refunds. A refund the shop did not ask for (made in the provider's dashboard) is
 * logged for staff to reconcile, never applied to an order by guesswork.
 */
export async function applyRefundEvent(event: Stripe.Event): Promise<void> {
  if (!REFUND_EVENTS.has(event.type)) return;
  const refunds =
    event.type === "charge.refunded"
      ? ((event.data.object as Stripe.Charge).refunds?.data ?? [])
      : [event.data.object as Stripe.Refund];
  for (const refund of refunds) {
    if (refund.status !== "succeeded" && refund.status !== "failed" && refund.status !== "canceled") continue;
    const id = Number(refund.metadata?.refund_id);
    const known = await prisma.refund.findFirst({
      where: { OR: [{ providerRefundId: refund.id }, ...(Number.isSafeInteger(id) && id > 0 ? [{ id }] : [])] },
      select: { id: true, providerRefundId: true, amount: true },
    });
    if (!known || known.amount !== refund.amount) {
      logger.warn(
        { refundId: refund.id, eventId: event.id },
        "refunds: an event about a refund this shop did not ask for",
      );
      continue;
    }
    if (known.providerRefundId === null) {
      await prisma.refund.updateMany({
        where: { id: known.id, providerRefundId: null },
        data: { providerRefundId: refund.id },
      });
    }
    await settleRefund({ id: known.id }, refund.status, refund.failure_reason ?? null);
  }
}
