import Stripe from "stripe";
import { formatMoney } from "~/lib/money";
import { prisma } from "~/utils/db.server";
import { logger } from "~/utils/logger.server";
import { getStripe } from "~/utils/stripe.server";
import { issueCheckoutInvoice } from "~/invoicing/checkout-invoice.server";
import { recordAudit } from "./audit.server";
import { changeOrderStatus, recordPaymentToRefund, SYSTEM_ACTOR, type SystemChange } from "./order-lifecycle.server";
import { fulfilOrder, type FulfilOutcome, type ReleaseReason } from "./order.server";

/**
 * A session the provider reports paid, on its way to fulfilment (webhook, success page, cancel page,
 * sweep): what it paid is first compared with the order (issue 32, docs/decisions/030). The session
 * was created for the order's total in MXN, so a different amount or currency means something went
 * wrong (a changed order, a session that is not the order's): the order is not fulfilled. It goes to
 * staff the way a late payment that found its pieces sold does — released through the lifecycle,
 * marked paid and due for a refund ("Pago por reembolsar"), with an audit entry naming both amounts
 * (in /admin/historial and on the order's page) and a warning in the log.
 */

export function paymentIntentOf(session: Stripe.Checkout.Session): string | null {
  const intent = session.payment_intent;
  if (!intent) return null;
  return typeof intent === "string" ? intent : intent.id;
}

/** Fulfils the order a paid `session` pays, unless the paid amount or currency differ from the order's. */
export async function fulfilPaidSession(
  orderId: number,
  session: Stripe.Checkout.Session,
  { ordersUrl, via }: { ordersUrl: string; via: SystemChange },
): Promise<{ outcome: FulfilOutcome; orderId: number | null }> {
  const order = await prisma.order.findUnique({ where: { id: orderId }, select: { total: true, currency: true } });
  if (!order) return { outcome: "not_found", orderId: null };
  const { cardFunding, ...payment } = await paymentOf(session);
  const paid = { amount: session.amount_total, currency: session.currency?.toLowerCase() ?? null };
  if (paid.amount === order.total && paid.currency === order.currency.toLowerCase()) {
    const fulfilled = await fulfilOrder({ orderId }, { ordersUrl, ...payment, via });
    if (fulfilled.outcome === "fulfilled" || fulfilled.outcome === "late_reserved") {
      // The card's funding decides the CFDI's FormaPago (debit 28, else 04): docs/decisions/050.
      if (cardFunding)
        await prisma.order.updateMany({ where: { id: orderId, cardFunding: null }, data: { cardFunding } });
      // Paid: the invoice asked for at checkout is issued now (docs/decisions/050); never before.
      await issueCheckoutInvoice(orderId);
    }
    return fulfilled;
  }

  logger.warn(
    {
      orderId,
      sessionId: session.id,
      paidAmount: paid.amount,
      paidCurrency: paid.currency,
      orderTotal: order.total,
      via,
    },
    "payments: the paid amount differs from the order's total: not fulfilled, staff must refund or settle it",
  );
  const details = {
    reason: "amount_mismatch" satisfies ReleaseReason,
    paidAmount: amountText(paid.amount, paid.currency),
    expectedTotal: amountText(order.total, order.currency),
  };
  // Still waiting for its payment: released (its pieces back on the shelf), the amounts in the entry.
  const { result } = await changeOrderStatus({
    orderId,
    to: "cancelado",
    by: "payment",
    from: ["pendiente"],
    author: { via },
    details,
  });
  if (!(await recordPaymentToRefund(orderId, { paidAt: new Date(), ...payment }, via))) {
    return { outcome: "already", orderId };
  }
  if (!result.ok) {
    // Released earlier (expired, cancelled): the amounts get their own entry next to the refund's.
    await prisma.$transaction((tx) =>
      recordAudit(tx, SYSTEM_ACTOR, {
        action: "status",
        orderId,
        before: { status: "cancelado" },
        after: { status: "cancelado", via, ...details },
      }),
    );
  }
  return { outcome: "refund_due", orderId };
}

function amountText(amount: number | null, currency: string | null): string {
  if (amount === null) return "—";
  return currency === "mxn" ? `${formatMoney(amount)} MXN` : `${(amount / 100).toFixed(2)} ${currency ?? "?"}`;
}

/**
 * What a paid session's payment records on the order: its payment intent, the card's funding (credit,
 * debit, prepaid — the CFDI's FormaPago) and, when the session offered meses sin intereses, the plan the
 * shopper chose — both read from the payment's charge (`payment_method_details.card`), as the session
 * itself does not carry them. Without a plan on offer, a charge that cannot be read leaves the funding
 * unknown (invoiced as credit, 04) rather than holding up the order.
 */
async function paymentOf(
  session: Stripe.Checkout.Session,
): Promise<{ paymentIntentId: string | null; installmentMonths: number | null; cardFunding: string | null }> {
  const paymentIntentId = paymentIntentOf(session);
  const none = { paymentIntentId, installmentMonths: null, cardFunding: null };
  if (!paymentIntentId) return none;
  const installments = session.payment_method_options?.card?.installments?.enabled === true;
  let intent: Stripe.PaymentIntent;
  try {
    intent = await getStripe().paymentIntents.retrieve(paymentIntentId, { expand: ["latest_charge"] });
  } catch (error) {
    // The session says it is paid: a payment intent the provider cannot find leaves the plan
    // unknown, never the order unpaid (a retry would find it missing again).
    if (installments && !(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    logger.warn({ paymentIntentId, reason }, "payments: the paid session's charge is unreadable: card funding unknown");
    return none;
  }
  const charge = typeof intent.latest_charge === "object" ? intent.latest_charge : null;
  const card = charge?.payment_method_details?.card;
  const cardFunding = card?.funding ?? null;
  if (!installments) return { paymentIntentId, installmentMonths: null, cardFunding };
  const plan = card?.installments?.plan;
  const months = plan?.type === "fixed_count" && plan.interval === "month" ? plan.count : null;
  return { paymentIntentId, installmentMonths: months && months > 1 ? months : null, cardFunding };
}
