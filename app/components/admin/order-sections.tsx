import type { ReactNode } from "react";
import { GiftNote } from "~/components/gift-note";
import { ShippingAddressBlock } from "~/components/shipping-address";
import { TrackingLink } from "~/components/tracking-link";
import { GIFT_WRAP_LABEL } from "~/lib/checkout";
import { formatDateTime } from "~/lib/dates";
import { installmentPlanText } from "~/lib/installments";
import { formatMoney } from "~/lib/money";
import { orderTotalsRows } from "~/lib/order-breakdown";
import { OXXO_MANUAL_REFUND, paymentMethodNote } from "~/lib/payment-methods";
import type { AdminOrder } from "~/models/admin-orders.server";

/** The read-only parts of the order page: lines with their snapshot, shopper and address, payment. */

export type OrderPageData = Omit<AdminOrder, "history">;

export function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="rounded-sm border border-ink-900/10 bg-white p-5" data-testid={testId}>
      <h3 id={id} className="font-serif text-xl text-ink-900">
        {title}
      </h3>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** What was bought, as it was bought: names, metal, prices frozen at order time. */
export function OrderLines({ order }: { order: OrderPageData }) {
  return (
    <Section title="Piezas" testId="order-lines">
      <ul className="divide-y divide-ink-900/10">
        {order.items.map((item) => (
          <li key={item.id} className="flex gap-3 py-3 text-sm">
            {item.image ? (
              <img src={item.image} alt="" width={56} height={56} className="h-14 w-14 bg-ivory-100 object-cover" />
            ) : null}
            <div className="min-w-0 flex-1">
              <p className="font-medium text-ink-900">{item.productName}</p>
              <p className="text-ink-700">{[item.variantName, item.material].filter(Boolean).join(" · ")}</p>
              <p className="text-ink-700/80">
                {item.quantity} × {formatMoney(item.price)}
              </p>
            </div>
            <p className="font-medium text-ink-900">{formatMoney(item.price * item.quantity)}</p>
          </li>
        ))}
      </ul>
      {/* Before IVA, as the pieces above; the IVA of everything charged, as the order's CFDI declares it. */}
      <dl className="mt-3 space-y-1 border-t border-ink-900/10 pt-3 text-sm text-ink-800">
        {orderTotalsRows(order, false).map((row) =>
          row.kind === "total" ? (
            <div key={row.label} className="flex justify-between font-medium text-ink-900">
              <dt>{row.label}</dt>
              <dd data-testid="order-page-total">{formatMoney(row.amount)}</dd>
            </div>
          ) : (
            <div key={row.label} className="flex justify-between">
              <dt>{row.label}</dt>
              <dd>{formatMoney(row.amount)}</dd>
            </div>
          ),
        )}
      </dl>
    </Section>
  );
}

export function OrderShopper({ order }: { order: OrderPageData }) {
  const a = order.address;
  return (
    <Section title="Cliente y envío" testId="order-shopper">
      <p className="text-sm text-ink-900">{order.user.name ?? order.email}</p>
      <p className="break-all text-sm text-ink-700">
        <a href={`mailto:${order.email}`} className="underline underline-offset-2">
          {order.email}
        </a>
      </p>
      {a ? (
        <ShippingAddressBlock address={a} className="mt-3 text-sm text-ink-700" />
      ) : (
        <p className="mt-3 text-sm text-ink-700">Sin dirección de envío</p>
      )}
      <GiftNote
        className="mt-3 rounded-sm bg-ivory-100 p-3"
        wrap={order.giftWrapPrice === null ? null : GIFT_WRAP_LABEL}
        message={order.giftMessage}
      />
      {order.carrier || order.trackingCode ? (
        <p className="mt-3 text-sm text-ink-700">
          Envío: <TrackingLink carrier={order.carrier} trackingCode={order.trackingCode} />
        </p>
      ) : null}
    </Section>
  );
}

export function OrderPayment({ order }: { order: OrderPageData }) {
  const method = paymentMethodNote(order);
  const rows: [string, ReactNode][] = [
    ...(method ? [["Forma de pago", method] as [string, ReactNode]] : []),
    ...(order.voucherReference ? [["Referencia", order.voucherReference] as [string, ReactNode]] : []),
    ["Pagado", order.paidAt ? formatDateTime(order.paidAt) : "Sin pago"],
    ["Importe", `${formatMoney(order.total)} ${order.currency.toUpperCase()}`],
    ...(order.paidAt
      ? [
          ["Meses sin intereses", installmentPlanText(order.installmentMonths) ?? "No: un solo cargo"] as [
            string,
            ReactNode,
          ],
        ]
      : []),
    ["Sesión de pago", order.stripeSessionId ?? "—"],
    ["Pago en el procesador", order.stripePaymentIntentId ?? "—"],
    ...(order.reservedUntil
      ? [["Piezas reservadas hasta", formatDateTime(order.reservedUntil)] as [string, ReactNode]]
      : []),
    ...(order.stockReleasedAt
      ? [["Piezas devueltas a existencias", formatDateTime(order.stockReleasedAt)] as [string, ReactNode]]
      : []),
  ];
  return (
    <Section title="Pago" testId="order-payment">
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-ink-700">{label}</dt>
            <dd className="break-all font-mono text-ink-900 sm:font-sans">{value}</dd>
          </div>
        ))}
      </dl>
      {order.paymentMethod === "oxxo" && order.paidAt ? (
        <p className="mt-3 rounded-sm bg-amber-50 p-3 text-sm text-amber-900" data-testid="oxxo-manual-refund">
          {OXXO_MANUAL_REFUND}
        </p>
      ) : null}
    </Section>
  );
}
