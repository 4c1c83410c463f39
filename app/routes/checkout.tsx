import type { SubmissionResult } from "@conform-to/react";
import { invariantResponse } from "@epic-web/invariant";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { OrderSideSummary, PaymentStep, ShippingForm, type SummaryLine } from "~/components/checkout";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { CHECKOUT_MESSAGES, computeTotals, paymentErrorMessage } from "~/lib/checkout";
import { parseShipping, type Shipping } from "~/lib/validation/checkout";
import { getCart } from "~/models/cart.server";
import { startCheckout } from "~/models/payment.server";
import { readForm } from "~/utils/request.server";
import { getOptionalUser } from "~/utils/session.server";

/**
 * Checkout (the spec's checkout modal, as a page that works without JavaScript): step 1 the
 * shipping form, step 2 the payment summary and PAGAR, which creates the order and sends the
 * shopper to the card provider. The cart, prices and totals always come from the server.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request);
  if (!user) return { state: "unauthenticated" as const };
  const cart = await getCart(user.id);
  if (cart.lines.length === 0) return { state: "empty" as const };
  const lines: SummaryLine[] = cart.lines.map((l) => ({
    lineKey: l.lineKey,
    name: l.name,
    variantName: l.variantName,
    material: l.material,
    image: l.image,
    quantity: l.quantity,
    lineTotal: l.lineTotal,
  }));
  return {
    state: "ready" as const,
    email: user.email,
    lines,
    totals: computeTotals(cart.lines),
  };
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/** What the action answers: which step to show, conform's result for step 1, the values for step 2. */
export type CheckoutActionData = {
  step: 1 | 2;
  lastResult: SubmissionResult<string[]> | null;
  shipping: Shipping | null;
  paymentError: string | null;
};

const INTENTS = ["shipping", "back", "pay"] as const;
type Intent = (typeof INTENTS)[number];

/**
 * intent=shipping validates step 1 and shows step 2; intent=back returns to step 1 with the values;
 * intent=pay validates again (the hidden values could have been edited), creates the order and its
 * payment session, and answers with a 303 to the provider's page. The e-mail is always the
 * account's, whatever was posted.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const intent = form.get("intent");
  invariantResponse(isIntent(intent), "Solicitud no válida", { status: 400 });
  const user = await getOptionalUser(request);
  if (!user) {
    return data(
      {
        step: 1 as const,
        lastResult: null,
        shipping: null,
        paymentError: paymentErrorMessage(CHECKOUT_MESSAGES.noSession),
      },
      { status: 401 },
    );
  }
  form.set("email", user.email);
  const submission = parseShipping(form);

  if (intent === "back" || submission.status !== "success") {
    return data<CheckoutActionData>(
      { step: 1, lastResult: submission.reply(), shipping: null, paymentError: null },
      { status: submission.status === "success" ? 200 : 400 },
    );
  }
  const shipping = submission.value;
  if (intent === "shipping") {
    return data<CheckoutActionData>({ step: 2, lastResult: null, shipping, paymentError: null });
  }

  const outcome = await startCheckout(request, user, shipping);
  if (outcome.ok) throw redirect(outcome.url, 303);
  return data<CheckoutActionData>(
    { step: 2, lastResult: null, shipping, paymentError: paymentErrorMessage(outcome.message) },
    { status: 409 },
  );
}

function isIntent(value: unknown): value is Intent {
  return typeof value === "string" && (INTENTS as readonly string[]).includes(value);
}

export default function Checkout() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<CheckoutActionData>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === "/checkout";

  if (loaderData.state === "unauthenticated") {
    return (
      <CheckoutMessage title={CHECKOUT_MESSAGES.unauthenticated} testId="checkout-unauthenticated">
        <p>Inicia sesión para completar tu compra.</p>
        {actionData?.paymentError ? (
          <p role="alert" className="mt-4 text-red-900">
            {actionData.paymentError}
          </p>
        ) : null}
        <Link to="/login?redirectTo=%2Fcheckout" className="btn-primary mt-8">
          Iniciar Sesión
        </Link>
      </CheckoutMessage>
    );
  }
  if (loaderData.state === "empty") {
    return (
      <CheckoutMessage title={CHECKOUT_MESSAGES.emptyCart} testId="checkout-empty">
        <p>Agrega alguna pieza a tu carrito para continuar.</p>
        {actionData?.paymentError ? (
          <p role="alert" className="mt-4 text-red-900">
            {actionData.paymentError}
          </p>
        ) : null}
        <Link to="/" className="btn-primary mt-8">
          Volver a la tienda
        </Link>
      </CheckoutMessage>
    );
  }

  const step = actionData?.step === 2 && actionData.shipping ? 2 : 1;
  return (
    <section className="mx-auto max-w-6xl px-4 py-12 sm:px-6 lg:px-8">
      <p className="eyebrow">Finalizar compra</p>
      <StepHeading step={step} />
      <p className="mt-2 text-sm text-ink-700" data-testid="checkout-step">
        Paso {step} de 2
      </p>
      <div className="mt-10 grid gap-10 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div>
          {step === 2 && actionData?.shipping ? (
            <PaymentStep
              shipping={actionData.shipping}
              totals={loaderData.totals}
              busy={busy}
              error={actionData.paymentError}
            />
          ) : (
            <>
              {actionData?.paymentError ? (
                <p
                  role="alert"
                  className="mb-6 rounded-sm border border-red-800/20 bg-red-50 px-4 py-3 text-sm text-red-900"
                >
                  {actionData.paymentError}
                </p>
              ) : null}
              <ShippingForm email={loaderData.email} lastResult={actionData?.lastResult} busy={busy} />
            </>
          )}
        </div>
        <OrderSideSummary lines={loaderData.lines} totals={loaderData.totals} />
      </div>
    </section>
  );
}

/**
 * The step's title. After the first render a change of step (the shopper went on or back) moves
 * focus to it: the button that was pressed is gone, and a screen reader hears the new step's name
 * instead of focus falling back to the top of the page.
 */
function StepHeading({ step }: { step: 1 | 2 }) {
  const ref = useRef<HTMLHeadingElement>(null);
  const shown = useRef(step);
  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    ref.current?.focus();
  }, [step]);
  return (
    <h1 ref={ref} tabIndex={-1} className="mt-3 font-serif text-4xl text-ink-900 focus:outline-none sm:text-5xl">
      {step === 1 ? "Datos de envío" : "Resumen de pago"}
    </h1>
  );
}

function CheckoutMessage({ title, testId, children }: { title: string; testId: string; children: React.ReactNode }) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center sm:px-6" data-testid={testId}>
      <p className="eyebrow">Finalizar compra</p>
      <h1 className="mt-3 font-serif text-4xl text-ink-900">{title}</h1>
      <div className="mt-4 flex flex-col items-center text-ink-700">{children}</div>
    </section>
  );
}

export const meta: MetaFunction = () => [
  { title: "Finalizar compra — Joyería Aurora" },
  { name: "robots", content: "noindex" },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
