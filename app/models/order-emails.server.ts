import type { Prisma } from "~/generated/prisma/client";
import { carrierLabel, trackingUrl } from "~/lib/carriers";
import type { OrderStatusName } from "~/lib/order-status";
import { awaitingPaymentOf } from "~/lib/payment-methods";
import { queueEmail } from "~/utils/email.server";
import { type EmailOrder, awaitingPaymentEmail, orderConfirmationEmail } from "~/utils/order-email-templates.server";
import { orderDeliveredEmail, orderReturnedEmail, orderShippedEmail } from "~/utils/order-shipment-emails.server";
import { configuredOrigin } from "~/utils/origin.server";
import { voucherExpiredEmail } from "~/utils/voucher-expired-email.server";
import { restoreCartFromOrder } from "./cart-restore.server";
import { AWAITING_PAYMENT_SELECT } from "./order-views.server";

/**
 * The shopper's e-mails about an order, queued through the outbox inside the transaction that makes
 * the change they announce: the e-mail exists if and only if the change commits. Each returns the
 * function that starts delivery, to call after the commit.
 */

type Tx = Prisma.TransactionClient;

const EMAIL_ORDER_SELECT = {
  number: true,
  email: true,
  subtotal: true,
  shipping: true,
  tax: true,
  total: true,
  carrier: true,
  trackingCode: true,
  giftMessage: true,
  giftWrapPrice: true,
  discountCode: true,
  discountTotal: true,
  installmentMonths: true,
  user: { select: { name: true } },
  items: {
    select: { productName: true, variantName: true, quantity: true, price: true, discount: true },
    orderBy: { id: "asc" },
  },
  address: true,
} as const satisfies Prisma.OrderSelect;

type Row = Prisma.OrderGetPayload<{ select: typeof EMAIL_ORDER_SELECT }>;

function nameOf(order: Row & { address: EmailOrder["address"] }): string {
  return order.user.name?.trim() || order.address?.name || order.email.split("@")[0] || "Usuario";
}

/** Queues the order's confirmation (the payment arrived). */
export async function queueConfirmationEmail(tx: Tx, orderId: number, ordersUrl: string): Promise<() => void> {
  const order = await tx.order.findUniqueOrThrow({ where: { id: orderId }, select: EMAIL_ORDER_SELECT });
  const content = orderConfirmationEmail({ name: nameOf(order), order, ordersUrl });
  const { deliver } = await queueEmail(tx, { to: order.email, kind: "order-confirmation", ...content });
  return deliver;
}

/**
 * Queues the "what to do next" of an OXXO voucher or a SPEI transfer (the order waits for its money):
 * the amount, the reference, the deadline and the provider's page.
 */
export async function queueAwaitingPaymentEmail(tx: Tx, orderId: number, ordersUrl: string): Promise<() => void> {
  const order = await tx.order.findUniqueOrThrow({
    where: { id: orderId },
    select: { ...EMAIL_ORDER_SELECT, ...AWAITING_PAYMENT_SELECT },
  });
  const payment = awaitingPaymentOf(order);
  if (!payment) throw new Error(`Order ${orderId} has no voucher to write about`);
  const content = awaitingPaymentEmail({ name: nameOf(order), order, payment, ordersUrl });
  const { deliver } = await queueEmail(tx, { to: order.email, kind: "order-awaiting-payment", ...content });
  return deliver;
}

/**
 * Queues "tu ficha OXXO / transferencia SPEI venció" when a pending order whose voucher or transfer was
 * issued is released because the money never came (`voucher_expired`: the hold ended; `payment_failed`:
 * the provider's async_payment_failed). Any other release (a card session that expired, the shopper's
 * cancel) writes nothing. The order's pieces go back in the shopper's cart, where the e-mail's link
 * leads. Returns the delivery, or null.
 */
export async function queueVoucherExpiredEmail(tx: Tx, orderId: number, reason: string): Promise<(() => void) | null> {
  if (reason !== "voucher_expired" && reason !== "payment_failed") return null;
  const order = await tx.order.findUniqueOrThrow({
    where: { id: orderId },
    select: { ...EMAIL_ORDER_SELECT, paymentMethod: true, voucherIssuedAt: true },
  });
  const method = order.paymentMethod;
  if (order.voucherIssuedAt === null || (method !== "oxxo" && method !== "spei")) return null;
  // The e-mail's link goes back to the cart: it must hold the pieces (emptied when the voucher was issued).
  await restoreCartFromOrder(tx, orderId);
  const content = voucherExpiredEmail({ name: nameOf(order), order, method, cartUrl: `${configuredOrigin()}/cart` });
  const { deliver } = await queueEmail(tx, { to: order.email, kind: "order-voucher-expired", ...content });
  return deliver;
}

/** The statuses a shopper hears about from staff, and the kind of their e-mail in the outbox. */
const STATUS_EMAIL_KIND: Partial<Record<OrderStatusName, string>> = {
  enviado: "order-shipped",
  entregado: "order-delivered",
  devuelto: "order-returned",
};

/**
 * Queues the e-mail of an order's new status (shipped, delivered, returned), or does
 * nothing for a status the shopper is not written about. Links go to the shop's configured origin
 * (the change may come from a background job, without a request).
 */
export async function queueStatusEmail(tx: Tx, orderId: number, status: OrderStatusName): Promise<(() => void) | null> {
  const kind = STATUS_EMAIL_KIND[status];
  if (!kind) return null;
  const order = await tx.order.findUniqueOrThrow({ where: { id: orderId }, select: EMAIL_ORDER_SELECT });
  const ordersUrl = `${configuredOrigin()}/orders`;
  const input = { name: nameOf(order), order, ordersUrl };
  const content =
    status === "enviado"
      ? orderShippedEmail({
          ...input,
          shipment: {
            carrier: carrierLabel(order.carrier) ?? "nuestra paquetería",
            trackingCode: order.trackingCode,
            trackingUrl: trackingUrl(order.carrier, order.trackingCode),
          },
        })
      : status === "entregado"
        ? orderDeliveredEmail(input)
        : orderReturnedEmail(input);
  const { deliver } = await queueEmail(tx, { to: order.email, kind, ...content });
  return deliver;
}
