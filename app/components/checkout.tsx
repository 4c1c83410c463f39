import type { ReactNode, Ref } from "react";
import { Link } from "~/components/link";
import { CHECKOUT_MESSAGES, type CheckoutAnswer } from "~/lib/checkout";
import { paymentMethodsFor } from "~/lib/payment-methods";
import type { CheckoutPage } from "~/models/checkout.server";
import { OrderSideSummary, PaymentStep } from "./checkout/payment-summary";
import { CouponBox } from "./coupon-box";
import type { CheckoutFormTag } from "./checkout/shared";
import { ShippingForm } from "./checkout/shipping-form";

/**
 * The checkout's two steps (shipping form, then payment summary with PAGAR) and the side summary,
 * shared by the /checkout page and the checkout modal. Both steps are forms posting to the
 * /checkout action: a plain <Form> on the page (works without JavaScript), a fetcher's Form in the
 * modal. JavaScript only adds instant validation hints (the same zod schema) and keeps the
 * buttons from being pressed twice. The steps live in ./checkout/.
 */

export type { CheckoutFormTag } from "./checkout/shared";
export { SHIPPING_FORM_ID } from "./checkout/shipping-form";

/**
 * The whole checkout for a cart that can be bought: the title, "Paso n de 2", the current step
 * and the side summary. The page gives it an h1; the modal an h2 it can focus when the step
 * changes, so the change is announced.
 */
export function CheckoutSteps({
  as,
  page,
  answer,
  busy,
  heading: Heading = "h1",
  headingId,
  headingRef,
}: {
  as?: CheckoutFormTag;
  page: CheckoutPage;
  answer: CheckoutAnswer | undefined;
  busy: boolean;
  heading?: "h1" | "h2";
  headingId?: string;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const shipping = answer?.step === 2 ? answer.shipping : null;
  const step = shipping ? 2 : 1;
  // Step 2's totals come with the answer: they include the gift packaging when it was chosen.
  const totals = (shipping && answer?.totals) || page.totals;
  const giftWrapPrice = shipping?.giftWrap ? page.giftWrapPrice : null;
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
            <PaymentStep
              as={as}
              shipping={shipping}
              totals={totals}
              giftWrapPrice={giftWrapPrice}
              paymentMethods={paymentMethodsFor(totals.total, page.paymentMethods)}
              busy={busy}
              error={answer?.paymentError ?? null}
              invoicing={page.invoicing ?? null}
              invoice={answer?.invoice ?? null}
              email={page.email}
            />
          ) : (
            <>
              {answer?.paymentError ? <CheckoutAlert>{answer.paymentError}</CheckoutAlert> : null}
              <ShippingForm as={as} page={page} lastResult={answer?.lastResult} busy={busy} />
            </>
          )}
        </div>
        <div>
          <OrderSideSummary lines={page.lines} totals={totals} giftWrapPrice={giftWrapPrice} />
          {/* The code is typed on step 1; step 2 shows it in its totals (its answer carries them). */}
          {step === 1 ? <CouponBox coupon={page.coupon} returnTo="/checkout" /> : null}
        </div>
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
