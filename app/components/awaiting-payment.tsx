import { type AwaitingPayment, awaitingPaymentDetails, awaitingPaymentSummary } from "~/lib/payment-methods";

/**
 * What to do with an OXXO voucher or a SPEI transfer: the amount, the reference (and CLABE), the
 * deadline, and the provider's printable voucher or instructions. The success page and Mis Pedidos.
 */
export function AwaitingPaymentDetails({ payment, className = "" }: { payment: AwaitingPayment; className?: string }) {
  const oxxo = payment.method === "oxxo";
  return (
    <div className={className} data-testid="awaiting-payment">
      <p className="text-sm leading-relaxed text-ink-800">{awaitingPaymentSummary(payment)}</p>
      <dl className="mt-4 space-y-2 rounded-sm border border-gold-500/30 bg-ivory-100/60 p-4 text-sm">
        {awaitingPaymentDetails(payment).map(([label, value]) => (
          <div key={label} className="flex flex-wrap justify-between gap-x-4 gap-y-1">
            <dt className="text-ink-700">{label}</dt>
            <dd
              className={`font-medium text-ink-900 ${label === "CLABE" || label.startsWith("Referencia") ? "font-mono tracking-wide" : ""}`}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {payment.voucherUrl ? (
        <a
          href={payment.voucherUrl}
          target="_blank"
          rel="noreferrer"
          className="btn-primary mt-4 inline-flex"
          data-testid="voucher-link"
        >
          {oxxo ? "Ver e imprimir mi ficha OXXO" : "Ver instrucciones de transferencia"}
        </a>
      ) : null}
    </div>
  );
}
