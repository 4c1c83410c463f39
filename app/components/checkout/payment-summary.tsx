import { Form } from "@remix-run/react";
import { type CheckoutTotals, GIFT_WRAP_LABEL } from "~/lib/checkout";
import { formatMoney, priceOrFree } from "~/lib/money";
import { isAsyncPaymentMethod, PAYMENT_METHOD_LABELS, type PaymentMethod } from "~/lib/payment-methods";
import { formatPhone } from "~/lib/phone";
import { streetLine } from "~/lib/saved-address";
import { type Shipping, shippingFormValues } from "~/lib/validation/checkout";
import type { FiscalProfileView } from "~/invoicing/fiscal-profiles.server";
import type { CheckoutInvoiceAnswer } from "~/lib/checkout-invoice";
import { GiftNote } from "../gift-note";
import { CheckoutInvoiceFields } from "../invoice/checkout-invoice-fields";
import { InstallmentsLine } from "../installments-line";
import { CHECKOUT_ACTION, type CheckoutFormTag, LegalLink, type SummaryLine } from "./shared";

/** Step 2: where it goes, what it costs, PAGAR; the shipping values travel in hidden inputs. */
export function PaymentStep({
  as: FormTag = Form,
  shipping,
  totals,
  giftWrapPrice,
  paymentMethods,
  busy,
  error,
  invoicing = null,
  invoice = null,
  email = "",
}: {
  as?: CheckoutFormTag;
  shipping: Shipping;
  totals: CheckoutTotals;
  /** The packaging's shown price when it was chosen, else null. */
  giftWrapPrice: number | null;
  /** The ways this order can be paid (the enabled methods it qualifies for). */
  paymentMethods: PaymentMethod[];
  busy: boolean;
  error: string | null;
  /** ¿Requieres factura? (null: invoicing is off) and what the action answered about it. */
  invoicing?: { profiles: FiscalProfileView[] } | null;
  invoice?: CheckoutInvoiceAnswer | null;
  email?: string;
}) {
  return (
    <FormTag method="post" action={CHECKOUT_ACTION} className="space-y-6" data-testid="payment-step">
      {shippingFormValues(shipping).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <section aria-labelledby="checkout-ship-to" className="rounded-sm border border-ink-900/10 bg-white p-5">
        {/* Under the page's h1: a level skipped here would break the outline screen readers navigate. */}
        <h2 id="checkout-ship-to" className="font-serif text-xl text-ink-900">
          Enviar a
        </h2>
        <address className="mt-2 text-sm not-italic leading-relaxed text-ink-800" data-testid="ship-to">
          {shipping.firstName} {shipping.lastName}
          <br />
          {streetLine(shipping)}
          <br />
          {shipping.city}, {shipping.state}, C.P. {shipping.postalCode}
          <br />
          {shipping.country} · Tel. {formatPhone(shipping.phone)}
          <br />
          {shipping.email}
          {shipping.references ? (
            <>
              <br />
              <span className="text-ink-700">Referencias: {shipping.references}</span>
            </>
          ) : null}
        </address>
      </section>
      {shipping.giftWrap || shipping.giftMessage ? (
        <section aria-labelledby="checkout-gift" className="rounded-sm border border-ink-900/10 bg-white p-5">
          <h2 id="checkout-gift" className="font-serif text-xl text-ink-900">
            Regalo
          </h2>
          <GiftNote
            className="mt-2"
            wrap={giftWrapPrice === null ? null : `${GIFT_WRAP_LABEL} · ${priceOrFree(giftWrapPrice)}`}
            message={shipping.giftMessage}
          />
        </section>
      ) : null}
      <Totals totals={totals} />
      {invoicing ? <CheckoutInvoiceFields profiles={invoicing.profiles} answer={invoice} defaultEmail={email} /> : null}
      {error ? (
        <p role="alert" className="rounded-sm border border-red-800/20 bg-red-50 px-4 py-3 text-sm text-red-900">
          {error}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row">
        <button type="submit" name="intent" value="back" className="btn-secondary sm:flex-1" disabled={busy}>
          Volver
        </button>
        <button type="submit" name="intent" value="pay" className="btn-primary sm:flex-1" disabled={busy}>
          {busy ? "Procesando…" : "PAGAR"}
        </button>
      </div>
      <PaymentMethodsNote methods={paymentMethods} />
      <p className="text-center text-xs leading-relaxed text-ink-700">
        Al pagar aceptas los <LegalLink to="/terminos-y-condiciones">Términos y Condiciones</LegalLink> y la{" "}
        <LegalLink to="/envios-y-devoluciones">Política de Envíos y Devoluciones</LegalLink>.
      </p>
    </FormTag>
  );
}

/**
 * How the order can be paid, chosen on the provider's page: only the card as before, or the list of
 * methods (OXXO only from $10 to $10,000 MXN), with a word on paying later for OXXO and SPEI.
 */
function PaymentMethodsNote({ methods }: { methods: PaymentMethod[] }) {
  if (methods.length === 0 || (methods.length === 1 && methods[0] === "card")) {
    return (
      <p className="text-center text-xs text-ink-700/70">
        Pagarás con tarjeta en la página segura del procesador de pagos.
      </p>
    );
  }
  return (
    <div className="rounded-sm border border-ink-900/10 bg-ivory-100/60 p-4 text-sm" data-testid="payment-methods">
      <p className="font-medium text-ink-900">Formas de pago para este pedido</p>
      <ul className="mt-2 space-y-1 text-ink-800">
        {methods.map((method) => (
          <li key={method} className="flex items-center gap-2">
            <span aria-hidden="true" className="text-gold-600">
              ✓
            </span>
            {PAYMENT_METHOD_LABELS[method]}
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-ink-700">
        Elegirás en la página segura del procesador de pagos.
        {methods.some(isAsyncPaymentMethod)
          ? " Con OXXO o SPEI apartamos tus piezas hasta la fecha límite de tu ficha o transferencia."
          : null}
      </p>
    </div>
  );
}

/**
 * Subtotal, Envío, IVA (16%) and Total, as the server computed them (`orderTotalsRows`, the rows the
 * order shows once placed): with IVA included, the subtotal is the sum of the prices the shopper saw and
 * the IVA — of everything charged, the shipping's included, as the CFDI declares it — the part that is tax.
 */
export function Totals({ totals }: { totals: CheckoutTotals }) {
  return (
    <dl className="space-y-2 text-sm text-ink-800" data-testid="checkout-totals">
      {totals.rows.map((row) =>
        row.kind === "total" ? (
          <div
            key={row.label}
            className="flex flex-wrap justify-between border-t border-ink-900/10 pt-2 text-base font-medium text-ink-900"
          >
            <dt>{row.label}</dt>
            <dd data-testid="checkout-total">{formatMoney(row.amount)}</dd>
            <InstallmentsLine as="dd" charged={totals.total} className="w-full text-right font-normal" />
          </div>
        ) : (
          <div
            key={row.label}
            className={row.kind === "note" ? "flex justify-between text-xs text-ink-700" : "flex justify-between"}
            data-testid={row.kind === "note" ? "checkout-iva-part" : undefined}
          >
            <dt>{row.label}</dt>
            <dd>{formatMoney(row.amount)}</dd>
          </div>
        ),
      )}
    </dl>
  );
}

/** The side summary, on both steps: the items being bought (and the gift packaging) and the total. */
export function OrderSideSummary({
  lines,
  totals,
  giftWrapPrice = null,
}: {
  lines: SummaryLine[];
  totals: CheckoutTotals;
  giftWrapPrice?: number | null;
}) {
  return (
    <aside aria-labelledby="checkout-summary" className="rounded-sm border border-ink-900/10 bg-ivory-100/60 p-5">
      <h2 id="checkout-summary" className="font-serif text-2xl text-ink-900">
        Tu pedido
      </h2>
      <ul className="mt-4 divide-y divide-ink-900/10" data-testid="checkout-items">
        {lines.map((line) => (
          <li key={line.lineKey} className="flex gap-3 py-3">
            <img src={line.image} alt="" width={56} height={56} className="h-14 w-14 bg-white object-cover" />
            <div className="min-w-0 flex-1 text-sm">
              <p className="font-medium text-ink-900">{line.name}</p>
              {line.variantName ? <p className="text-ink-700">{line.variantName}</p> : null}
              <p className="text-ink-700/80">Cantidad: {line.quantity}</p>
            </div>
            <p className="text-sm font-medium text-ink-900">{formatMoney(line.lineTotal)}</p>
          </li>
        ))}
        {giftWrapPrice === null ? null : (
          <li className="flex justify-between gap-3 py-3 text-sm" data-testid="checkout-gift-wrap">
            <p className="font-medium text-ink-900">{GIFT_WRAP_LABEL}</p>
            <p className="font-medium text-ink-900">{priceOrFree(giftWrapPrice)}</p>
          </li>
        )}
      </ul>
      <div className="mt-4 border-t border-ink-900/10 pt-4">
        <Totals totals={totals} />
      </div>
    </aside>
  );
}
