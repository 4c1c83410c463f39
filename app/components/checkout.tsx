import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, type FetcherWithComponents } from "@remix-run/react";
import type { FormEvent, ReactNode, Ref } from "react";
import { ErrorList, Field, RequiredMark, useSchemaForm } from "~/components/forms";
import { CHECKOUT_MESSAGES, type CheckoutAnswer, type OrderTotals } from "~/lib/checkout";
import { COUNTRY, PHONE_DIGITS, POSTAL_CODE_DIGITS, VAT_LABEL } from "~/lib/constants";
import { formatMoney } from "~/lib/money";
import {
  MEXICAN_STATES,
  parseShipping,
  SHIPPING_FIELDS,
  SHIPPING_MESSAGES,
  ShippingSchema,
  type Shipping,
} from "~/lib/validation/checkout";
import type { CartLine } from "~/models/cart.server";
import { useIvaIncluded } from "./price-display";

/**
 * The checkout's two steps (shipping form, then payment summary with PAGAR) and the side summary,
 * shared by the /checkout page and the checkout modal. Both steps are forms posting to the
 * /checkout action: a plain <Form> on the page (works without JavaScript), a fetcher's Form in the
 * modal. JavaScript only adds instant validation hints (the same zod schema) and keeps the
 * buttons from being pressed twice.
 */

/** The page renders the steps in a plain <Form>, the modal in a fetcher's Form. */
export type CheckoutFormTag = typeof Form | FetcherWithComponents<unknown>["Form"];

/** Always the /checkout action: a fetcher's Form would otherwise post to the route it is rendered in. */
const CHECKOUT_ACTION = "/checkout";

export type SummaryLine = Pick<
  CartLine,
  "lineKey" | "name" | "variantName" | "material" | "image" | "quantity" | "lineTotal"
>;

/** The step-1 form: every field of the shipping schema, errors next to each, values kept. */
export function ShippingForm({
  as: FormTag = Form,
  email,
  lastResult,
  busy,
}: {
  as?: CheckoutFormTag;
  email: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
  busy: boolean;
}) {
  const { form, fields, focus } = useSchemaForm(ShippingSchema, {
    id: SHIPPING_FORM_ID,
    lastResult,
    defaultValue: { email },
    parse: parseShipping,
  });
  const digitsInput = (maxLength: number) => ({ inputMode: "numeric" as const, maxLength, onInput: digitsOnly });
  return (
    <FormTag
      method="post"
      action={CHECKOUT_ACTION}
      {...getFormProps(form)}
      className="space-y-5"
      data-testid="shipping-form"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          meta={fields.firstName}
          label="Nombre"
          required
          autoComplete="given-name"
          autoFocus={focus === "firstName"}
        />
        <Field
          meta={fields.lastName}
          label="Apellidos"
          required
          autoComplete="family-name"
          autoFocus={focus === "lastName"}
        />
      </div>
      <Field
        meta={fields.email}
        label="Email"
        type="email"
        autoComplete="email"
        hint="El email de tu cuenta; ahí te enviaremos la confirmación."
        inputProps={{ readOnly: true }}
      />
      <Field
        meta={fields.phone}
        label="Teléfono"
        type="tel"
        required
        autoComplete="tel-national"
        hint={`${PHONE_DIGITS} dígitos`}
        autoFocus={focus === "phone"}
        inputProps={digitsInput(PHONE_DIGITS)}
      />
      {/* The street's messages are listed under the colonia (both address lines in one place). */}
      <Field
        meta={fields.address}
        label="Colonia/Fraccionamiento"
        required
        autoComplete="address-level3"
        autoFocus={focus === "address"}
      />
      <div>
        <label htmlFor={fields.address_line2.id} className="field-label">
          Calle y número
        </label>
        <input
          {...getInputProps(fields.address_line2, { type: "text", ariaAttributes: false })}
          aria-invalid={fields.address.errors?.includes(SHIPPING_MESSAGES.streetRequired) ? true : undefined}
          aria-describedby={fields.address.errors ? fields.address.errorId : undefined}
          autoComplete="address-line1"
          className="field-input"
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          meta={fields.city}
          label="Municipio"
          required
          autoComplete="address-level2"
          autoFocus={focus === "city"}
        />
        <Field
          meta={fields.postalCode}
          label="Código postal"
          required
          autoComplete="postal-code"
          autoFocus={focus === "postalCode"}
          inputProps={digitsInput(POSTAL_CODE_DIGITS)}
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor={fields.state.id} className="field-label">
            Estado
            <RequiredMark />
          </label>
          <select
            {...getSelectProps(fields.state)}
            autoComplete="address-level1"
            autoFocus={focus === "state"}
            className="field-input"
          >
            <option value="">Selecciona un estado</option>
            {MEXICAN_STATES.map((state) => (
              <option key={state} value={state}>
                {state}
              </option>
            ))}
          </select>
          <ErrorList id={fields.state.errorId} errors={fields.state.errors} />
        </div>
        <div>
          <label htmlFor={`${SHIPPING_FORM_ID}-country`} className="field-label">
            País
          </label>
          <input id={`${SHIPPING_FORM_ID}-country`} value={COUNTRY} readOnly className="field-input" />
        </div>
      </div>
      <p className="text-xs leading-relaxed text-ink-700">
        Usamos estos datos solo para entregar y facturar tu pedido, como explica el{" "}
        <LegalLink to="/aviso-de-privacidad">Aviso de Privacidad</LegalLink>.
      </p>
      <button type="submit" name="intent" value="shipping" className="btn-primary w-full" disabled={busy}>
        {busy ? "Un momento…" : "Continuar al pago"}
      </button>
    </FormTag>
  );
}

export const SHIPPING_FORM_ID = "checkout-shipping";

/** A legal page, opened in a new tab so that the checkout (a modal, or a half-filled form) stays as it is. */
function LegalLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      target="_blank"
      rel="noopener"
      className="text-gold-700 underline underline-offset-2"
      aria-label={`${String(children)} (se abre en una pestaña nueva)`}
    >
      {children}
    </Link>
  );
}

/** Phone and postal code accept digits only. */
function digitsOnly(event: FormEvent<HTMLInputElement>) {
  const input = event.currentTarget;
  const digits = input.value.replace(/\D+/g, "");
  if (digits !== input.value) input.value = digits;
}

/** Step 2: where it goes, what it costs, PAGAR; the shipping values travel in hidden inputs. */
export function PaymentStep({
  as: FormTag = Form,
  shipping,
  totals,
  busy,
  error,
}: {
  as?: CheckoutFormTag;
  shipping: Shipping;
  totals: OrderTotals;
  busy: boolean;
  error: string | null;
}) {
  return (
    <FormTag method="post" action={CHECKOUT_ACTION} className="space-y-6" data-testid="payment-step">
      {SHIPPING_FIELDS.map((name) => (
        <input key={name} type="hidden" name={name} value={shipping[name]} />
      ))}
      <section aria-labelledby="checkout-ship-to" className="rounded-sm border border-ink-900/10 bg-white p-5">
        {/* Under the page's h1: a level skipped here would break the outline screen readers navigate. */}
        <h2 id="checkout-ship-to" className="font-serif text-xl text-ink-900">
          Enviar a
        </h2>
        <address className="mt-2 text-sm not-italic leading-relaxed text-ink-800" data-testid="ship-to">
          {shipping.firstName} {shipping.lastName}
          <br />
          {shipping.address_line2}, {shipping.address}
          <br />
          {shipping.city}, {shipping.state}, C.P. {shipping.postalCode}
          <br />
          {shipping.country} · Tel. {shipping.phone}
          <br />
          {shipping.email}
        </address>
      </section>
      <Totals totals={totals} />
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
      <p className="text-center text-xs text-ink-700/70">
        Pagarás con tarjeta en la página segura del procesador de pagos.
      </p>
      <p className="text-center text-xs leading-relaxed text-ink-700">
        Al pagar aceptas los <LegalLink to="/terminos-y-condiciones">Términos y Condiciones</LegalLink> y la{" "}
        <LegalLink to="/envios-y-devoluciones">Política de Envíos y Devoluciones</LegalLink>.
      </p>
    </FormTag>
  );
}

/**
 * Subtotal, Envío, IVA (16%) and Total. When the shop shows prices with IVA included, the subtotal
 * is the sum of the prices the shopper saw and the IVA is shown as the part of it that is tax.
 */
export function Totals({ totals }: { totals: OrderTotals }) {
  const ivaIncluded = useIvaIncluded();
  return (
    <dl className="space-y-2 text-sm text-ink-800" data-testid="checkout-totals">
      <div className="flex justify-between">
        <dt>{ivaIncluded ? "Subtotal (IVA incluido)" : "Subtotal"}</dt>
        <dd>{formatMoney(ivaIncluded ? totals.subtotal + totals.tax : totals.subtotal)}</dd>
      </div>
      <div className="flex justify-between">
        <dt>Envío</dt>
        <dd>{formatMoney(totals.shipping)}</dd>
      </div>
      {ivaIncluded ? null : (
        <div className="flex justify-between">
          <dt>{VAT_LABEL}</dt>
          <dd>{formatMoney(totals.tax)}</dd>
        </div>
      )}
      <div className="flex justify-between border-t border-ink-900/10 pt-2 text-base font-medium text-ink-900">
        <dt>Total</dt>
        <dd data-testid="checkout-total">{formatMoney(totals.total)}</dd>
      </div>
      {ivaIncluded ? (
        <div className="flex justify-between text-xs text-ink-700" data-testid="checkout-iva-part">
          <dt>Incluye {VAT_LABEL}</dt>
          <dd>{formatMoney(totals.tax)}</dd>
        </div>
      ) : null}
    </dl>
  );
}

/** The side summary, on both steps: the items being bought and the total. */
export function OrderSideSummary({ lines, totals }: { lines: SummaryLine[]; totals: OrderTotals }) {
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
      </ul>
      <div className="mt-4 border-t border-ink-900/10 pt-4">
        <Totals totals={totals} />
      </div>
    </aside>
  );
}

/**
 * The whole checkout for a cart that can be bought: the title, "Paso n de 2", the current step
 * and the side summary. The page gives it an h1; the modal an h2 it can focus when the step
 * changes, so the change is announced.
 */
export function CheckoutSteps({
  as,
  email,
  lines,
  totals,
  answer,
  busy,
  heading: Heading = "h1",
  headingId,
  headingRef,
}: {
  as?: CheckoutFormTag;
  email: string;
  lines: SummaryLine[];
  totals: OrderTotals;
  answer: CheckoutAnswer | undefined;
  busy: boolean;
  heading?: "h1" | "h2";
  headingId?: string;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const shipping = answer?.step === 2 ? answer.shipping : null;
  const step = shipping ? 2 : 1;
  return (
    <>
      <p className="eyebrow">Finalizar compra</p>
      <Heading
        id={headingId}
        ref={headingRef}
        tabIndex={headingRef ? -1 : undefined}
        className="mt-3 font-serif text-4xl text-ink-900 outline-none sm:text-5xl"
      >
        {step === 1 ? "Datos de envío" : "Resumen de pago"}
      </Heading>
      <p className="mt-2 text-sm text-ink-700" data-testid="checkout-step">
        Paso {step} de 2
      </p>
      <div className="mt-10 grid gap-10 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div>
          {shipping ? (
            <PaymentStep as={as} shipping={shipping} totals={totals} busy={busy} error={answer?.paymentError ?? null} />
          ) : (
            <>
              {answer?.paymentError ? <CheckoutAlert>{answer.paymentError}</CheckoutAlert> : null}
              <ShippingForm as={as} email={email} lastResult={answer?.lastResult} busy={busy} />
            </>
          )}
        </div>
        <OrderSideSummary lines={lines} totals={totals} />
      </div>
    </>
  );
}

function CheckoutAlert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="mb-6 rounded-sm border border-red-800/20 bg-red-50 px-4 py-3 text-sm text-red-900">
      {children}
    </p>
  );
}

/**
 * A checkout that cannot go on: nobody logged in (the session may have expired meanwhile), or an
 * empty cart. `error` is the action's message when a submission found it so.
 */
export function CheckoutUnavailable({
  reason,
  error,
  heading: Heading = "h1",
  headingId,
}: {
  reason: "unauthenticated" | "empty";
  error: string | null | undefined;
  heading?: "h1" | "h2";
  headingId?: string;
}) {
  const unauthenticated = reason === "unauthenticated";
  return (
    <div className="text-center" data-testid={unauthenticated ? "checkout-unauthenticated" : "checkout-empty"}>
      <p className="eyebrow">Finalizar compra</p>
      <Heading id={headingId} className="mt-3 font-serif text-4xl text-ink-900">
        {unauthenticated ? CHECKOUT_MESSAGES.unauthenticated : CHECKOUT_MESSAGES.emptyCart}
      </Heading>
      <div className="mt-4 flex flex-col items-center text-ink-700">
        <p>
          {unauthenticated
            ? "Inicia sesión para completar tu compra."
            : "Agrega alguna pieza a tu carrito para continuar."}
        </p>
        {error ? (
          <p role="alert" className="mt-4 text-red-900">
            {error}
          </p>
        ) : null}
        {unauthenticated ? (
          <Link to="/login?redirectTo=%2Fcheckout" className="btn-primary mt-8">
            Iniciar Sesión
          </Link>
        ) : (
          <Link to="/" className="btn-primary mt-8">
            Volver a la tienda
          </Link>
        )}
      </div>
    </div>
  );
}
