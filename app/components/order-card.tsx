import type { ReactNode } from "react";
import { GIFT_WRAP_LABEL } from "~/lib/checkout";
import { formatDate } from "~/lib/dates";
import { installmentPlanText } from "~/lib/installments";
import { formatMoney, priceOrFree } from "~/lib/money";
import { orderLineAmount, orderShowsIvaIncluded, orderTotalsRows } from "~/lib/order-breakdown";
import { ORDER_STATUS_INFO, showsTracking } from "~/lib/order-status";
import { formatPhone } from "~/lib/phone";
import type { OrderView } from "~/models/order-views.server";
import { AWAITING_PAYMENT_LABEL } from "~/lib/payment-methods";
import { AwaitingPaymentDetails } from "./awaiting-payment";
import { GiftNote } from "./gift-note";
import { useIvaIncluded } from "./price-display";
import { TrackingLink } from "./tracking-link";

/** An order as the page receives it (dates may arrive serialized). */
export type OrderCardData = Omit<OrderView, "createdAt" | "paidAt"> & {
  createdAt: Date | string;
  paidAt: Date | string | null;
};

/**
 * One order in Mis Pedidos: status, date, total, the tracking line while it is on its way; products,
 * gift options and address expand (<details>, no JavaScript needed). `status` is the place for more
 * about the payment (how it was paid, what is still due) under the status badge.
 */
export function OrderCard({ order, status: statusNote }: { order: OrderCardData; status?: ReactNode }) {
  const status = ORDER_STATUS_INFO[order.status];
  // An OXXO voucher or a SPEI transfer waiting for its money reads as such, with what to do next.
  const label = order.awaitingPayment ? AWAITING_PAYMENT_LABEL : status.label;
  const pieces = order.items.reduce((sum, item) => sum + item.quantity, 0);
  return (
    <article
      className="rounded-sm border border-ink-900/10 bg-white p-5 sm:p-6"
      data-testid="order-card"
      data-order-number={order.number}
      aria-labelledby={`order-${order.id}`}
    >
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id={`order-${order.id}`} className="font-serif text-2xl text-ink-900">
            Pedido {order.number}
          </h2>
          <p className="mt-1 text-sm text-ink-700">
            <time dateTime={new Date(order.createdAt).toISOString()}>{formatDate(order.createdAt)}</time> · {pieces}{" "}
            {pieces === 1 ? "pieza" : "piezas"}
          </p>
        </div>
        <div className="text-right">
          <p
            className={`inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm font-medium ${status.badgeClass}`}
            data-testid="order-status"
            data-status={order.status}
            title={status.description}
          >
            <span aria-hidden="true">{status.icon}</span>
            {label}
          </p>
          {statusNote}
          <p className="mt-2 text-lg font-medium text-ink-900" data-testid="order-total">
            {formatMoney(order.total)}
          </p>
          {order.installmentMonths ? (
            <p className="text-xs text-ink-700" data-testid="order-installments">
              Pagado a {installmentPlanText(order.installmentMonths)}
            </p>
          ) : null}
        </div>
      </header>
      {order.awaitingPayment ? (
        <AwaitingPaymentDetails className="mt-4 border-t border-ink-900/10 pt-4" payment={order.awaitingPayment} />
      ) : null}
      {showsTracking(order) ? (
        <p className="mt-3 text-sm text-ink-700" data-testid="order-tracking">
          Código de rastreo:{" "}
          {order.trackingCode || order.carrier ? (
            <TrackingLink carrier={order.carrier} trackingCode={order.trackingCode} />
          ) : (
            <span>aún no disponible</span>
          )}
        </p>
      ) : null}
      <details className="group mt-4 border-t border-ink-900/10 pt-4">
        <summary className="cursor-pointer text-sm font-medium text-gold-700 hover:text-ink-900">
          Ver productos y dirección de envío
        </summary>
        <OrderItems order={order} />
        <GiftNote
          className="mt-4"
          wrap={order.giftWrapPrice === null ? null : GIFT_WRAP_LABEL}
          message={order.giftMessage}
        />
        {order.address ? (
          <div className="mt-4">
            <h3 className="text-sm font-medium text-ink-900">Dirección de envío</h3>
            <address className="mt-1 text-sm not-italic leading-relaxed text-ink-700" data-testid="order-address">
              {order.address.name}
              <br />
              {order.address.addressLine2}
              {order.address.interiorNumber ? `, int. ${order.address.interiorNumber}` : ""},{" "}
              {order.address.addressLine1}
              <br />
              {order.address.city}, {order.address.state}, C.P. {order.address.postalCode}
              <br />
              {order.address.country} · Tel. {formatPhone(order.address.phone)}
              {order.address.references ? (
                <>
                  <br />
                  Referencias: {order.address.references}
                </>
              ) : null}
            </address>
          </div>
        ) : null}
      </details>
    </article>
  );
}

/**
 * The pieces (and the gift packaging) with the order's breakdown: with IVA included as the checkout
 * showed it (Subtotal (IVA incluido), Envío, Total, Incluye IVA), or Subtotal, Envío, IVA, Total.
 */
function OrderItems({ order }: { order: OrderCardData }) {
  const included = orderShowsIvaIncluded(order, useIvaIncluded());
  return (
    <>
      <ul className="mt-4 divide-y divide-ink-900/10" data-testid="order-items">
        {order.items.map((item) => (
          <li key={item.id} className="flex gap-3 py-3 text-sm">
            {item.image ? (
              <img src={item.image} alt="" width={56} height={56} className="h-14 w-14 bg-ivory-100 object-cover" />
            ) : null}
            <div className="min-w-0 flex-1">
              <p className="font-medium text-ink-900">{item.productName}</p>
              {item.variantName ? <p className="text-ink-700">{item.variantName}</p> : null}
              <p className="text-ink-700/80">
                {item.quantity} × {formatMoney(orderLineAmount(item.price, 1, included))}
              </p>
            </div>
            <p className="font-medium text-ink-900">
              {formatMoney(orderLineAmount(item.price, item.quantity, included))}
            </p>
          </li>
        ))}
        {order.giftWrapPrice === null ? null : (
          <li className="flex justify-between gap-3 py-3 text-sm">
            <p className="font-medium text-ink-900">{GIFT_WRAP_LABEL}</p>
            <p className="font-medium text-ink-900">{priceOrFree(orderLineAmount(order.giftWrapPrice, 1, included))}</p>
          </li>
        )}
      </ul>
      <dl className="mt-3 space-y-1 border-t border-ink-900/10 pt-3 text-sm text-ink-800" data-testid="order-totals">
        {orderTotalsRows(order, included).map((row) => (
          <div
            key={row.label}
            className={`flex justify-between ${row.kind === "total" ? "font-medium text-ink-900" : row.kind === "note" ? "text-xs text-ink-700" : ""}`}
          >
            <dt>{row.label}</dt>
            <dd>{formatMoney(row.amount)}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

/** A payment attempt that was never completed, as Mis Pedidos lists them apart: no tracking, no details. */
export function UnpaidAttempt({ order }: { order: OrderCardData }) {
  const names = order.items.map((item) => item.productName).join(", ");
  return (
    <article
      className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3 text-sm"
      data-testid="unpaid-attempt"
      data-order-number={order.number}
    >
      <div className="min-w-0">
        <p className="font-medium text-ink-900">
          {order.number} · <time dateTime={new Date(order.createdAt).toISOString()}>{formatDate(order.createdAt)}</time>
        </p>
        <p className="truncate text-ink-700">{names}</p>
      </div>
      <p className="text-ink-700">
        {formatMoney(order.total)} · <span className="text-ink-900">Pago no completado, sin cargo</span>
      </p>
    </article>
  );
}
