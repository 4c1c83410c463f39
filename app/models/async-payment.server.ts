import type Stripe from "stripe";
import type { AsyncPaymentMethod } from "~/lib/payment-methods";
import { prisma } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { recordAudit } from "./audit.server";
import { SYSTEM_ACTOR, type SystemChange } from "./order-lifecycle.server";
import { queueAwaitingPaymentEmail } from "./order-emails.server";

/**
 * Asynchronous payments (OXXO vouchers, SPEI transfers; docs/decisions/021). The shopper leaves the
 * provider's page with a voucher or transfer instructions instead of a payment: the session is
 * complete but unpaid. The order stays pendiente ("Pendiente de pago") and this module records the
 * voucher on it, once, whoever learns of it first (the webhook, the success page, the sweep): the
 * cart is cleared, the instructions e-mail queued and the pieces held until the hold rule ends.
 * The money's arrival (`async_payment_succeeded`) pays the order through the usual fulfilment; its
 * failure or the end of the hold releases it through the lifecycle.
 */

/**
 * Stripe confirms an OXXO payment the business day after the shopper pays at the store: the pieces of
 * a voucher stay held this long after its deadline, so a voucher paid at the last minute still finds
 * them. A SPEI transfer is confirmed within minutes on business days: its hold is SPEI_HOLD_HOURS.
 */
export const OXXO_CONFIRMATION_GRACE_MS = 24 * 3_600_000;

export type Voucher = {
  method: AsyncPaymentMethod;
  reference: string;
  url: string | null;
  amount: number;
  expiresAt: Date;
  clabe: string | null;
  bank: string | null;
};

/**
 * The voucher or transfer instructions of a payment intent waiting for its money (its `next_action`),
 * or null when it has none (a card payment). `now` starts the SPEI hold.
 */
export function voucherOf(intent: Stripe.PaymentIntent, now: Date): Voucher | null {
  const action = intent.next_action;
  const oxxo = action?.oxxo_display_details;
  if (oxxo?.number && oxxo.expires_after) {
    return {
      method: "oxxo",
      reference: oxxo.number,
      url: oxxo.hosted_voucher_url,
      amount: intent.amount,
      expiresAt: new Date(oxxo.expires_after * 1000),
      clabe: null,
      bank: null,
    };
  }
  const transfer = action?.display_bank_transfer_instructions;
  if (transfer?.type === "mx_bank_transfer" && transfer.reference) {
    const spei = transfer.financial_addresses?.find((address) => address.type === "spei")?.spei;
    return {
      method: "spei",
      reference: transfer.reference,
      url: transfer.hosted_instructions_url,
      amount: transfer.amount_remaining ?? intent.amount,
      expiresAt: new Date(now.getTime() + getEnv().SPEI_HOLD_HOURS * 3_600_000),
      clabe: spei?.clabe ?? null,
      bank: spei?.bank_name ?? null,
    };
  }
  return null;
}

/** Until when a voucher's order holds its pieces (the rule of docs/decisions/021). */
export function holdEndOf(voucher: Pick<Voucher, "method" | "expiresAt">): Date {
  return voucher.method === "oxxo"
    ? new Date(voucher.expiresAt.getTime() + OXXO_CONFIRMATION_GRACE_MS)
    : voucher.expiresAt;
}

export type VoucherRecord = {
  /** Whether this call recorded it (the first to learn of it). */
  recorded: boolean;
  /** The end of the order's hold, or null when the order is no longer pending. */
  holdEnd: Date | null;
};

/**
 * Records a pending order's voucher, exactly once: the pending order without a voucher, its row
 * locked, in one transaction with clearing the shopper's cart, the audit entry and the instructions
 * e-mail (all or nothing). A second caller (a replayed webhook, the success page) changes nothing and
 * reads the hold as recorded.
 */
export async function recordVoucher(
  orderId: number,
  voucher: Voucher,
  { ordersUrl, via, now = new Date() }: { ordersUrl: string; via: SystemChange; now?: Date },
): Promise<VoucherRecord> {
  const holdEnd = holdEndOf(voucher);
  const outcome = await prisma.$transaction(async (tx) => {
    // The order's row locked, as the lifecycle locks it: a release or a payment racing this waits,
    // and this sees what it did.
    const [row] = await tx.$queryRaw<Array<{ status: string; reserved_until: Date | null; issued: boolean }>>`
      SELECT "status"::text AS "status", "reserved_until", "voucher_issued_at" IS NOT NULL AS "issued"
      FROM "orders" WHERE "id" = ${orderId} FOR UPDATE`;
    if (!row || row.status !== "pendiente" || row.issued) {
      return { recorded: false, holdEnd: row?.status === "pendiente" ? row.reserved_until : null, deliver: null };
    }
    const order = await tx.order.update({
      where: { id: orderId },
      data: {
        paymentMethod: voucher.method,
        voucherIssuedAt: now,
        voucherReference: voucher.reference,
        voucherUrl: voucher.url,
        voucherAmount: voucher.amount,
        voucherExpiresAt: voucher.expiresAt,
        transferClabe: voucher.clabe,
        transferBank: voucher.bank,
        reservedUntil: holdEnd,
      },
      select: { userId: true },
    });
    // The shopper is done with this cart: the pieces are theirs while the voucher can be paid.
    await tx.cartItem.deleteMany({ where: { userId: order.userId } });
    await recordAudit(tx, SYSTEM_ACTOR, {
      action: "status",
      orderId,
      before: { status: "pendiente" },
      after: { status: "pendiente", via, awaiting: voucher.method, holdUntil: holdEnd.toISOString() },
    });
    const deliver = await queueAwaitingPaymentEmail(tx, orderId, ordersUrl);
    return { recorded: true, holdEnd, deliver };
  });
  if (outcome.recorded) logger.info({ orderId, method: voucher.method, holdEnd }, "payments: voucher issued");
  outcome.deliver?.();
  return { recorded: outcome.recorded, holdEnd: outcome.holdEnd };
}
