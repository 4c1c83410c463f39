import { invariantResponse } from "@epic-web/invariant";
import {
  data,
  redirectDocument,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useIsPending } from "~/components/use-is-pending";
import { useEffect, useRef } from "react";
import { CheckoutSteps, CheckoutUnavailable } from "~/components/checkout";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { CHECKOUT_MESSAGES, paymentErrorMessage, type CheckoutAnswer } from "~/lib/checkout";
import { ADDRESS_PARAM, chooseSavedAddress } from "~/lib/saved-address";
import { parseShipping } from "~/lib/validation/checkout";
import { getSavedAddresses } from "~/models/address.server";
import { getCheckoutSummary } from "~/models/checkout.server";
import {
  clearCheckoutDraft,
  getCheckoutDraft,
  saveCheckoutDraft,
  savedAddressOfDraft,
} from "~/models/checkout-draft.server";
import { checkoutInvoicing, parseCheckoutInvoice } from "~/invoicing/checkout-invoice.server";
import { startCheckout } from "~/models/payment.server";
import { readForm } from "~/utils/request.server";
import { getOptionalUser } from "~/utils/session.server";

/**
 * Checkout (the spec's checkout modal, as a page that works without JavaScript): step 1 the
 * shipping form (a returning customer's earlier addresses offered, `?direccion=` choosing one) and
 * the gift options, step 2 the payment summary and PAGAR, which creates the order and sends the
 * shopper to the card provider. The cart, prices and totals always come from the server.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request);
  if (!user) return { state: "unauthenticated" as const };
  const [summary, addresses, saved, invoicing] = await Promise.all([
    getCheckoutSummary(user.id),
    getSavedAddresses(user.id),
    getCheckoutDraft(user.id),
    checkoutInvoicing(user.id),
  ]);
  if (summary.lines.length === 0) return { state: "empty" as const };
  // An address picked from the list (`?direccion=`) wins; else what the shopper typed last; else the newest.
  const param = new URL(request.url).searchParams.get(ADDRESS_PARAM);
  const draft = param === null ? saved : null;
  const chosen = draft ? savedAddressOfDraft(addresses, draft) : chooseSavedAddress(addresses, param);
  return {
    state: "ready" as const,
    email: user.email,
    ...summary,
    addresses,
    chosenAddressId: chosen?.id ?? null,
    draft,
    invoicing,
  };
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export type CheckoutActionData = CheckoutAnswer;

const INTENTS = ["shipping", "back", "pay", "draft"] as const;
type Intent = (typeof INTENTS)[number];

/**
 * intent=shipping validates step 1 and shows step 2; intent=back returns to step 1 with the values;
 * intent=pay validates again (the hidden values could have been edited), creates the order and its
 * payment session, and answers with a 303 to the provider's page; intent=draft only keeps what was
 * typed (every intent does), until the order is placed. The e-mail is always the
 * account's, whatever was posted.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const intent = form.get("intent");
  invariantResponse(isIntent(intent), "Solicitud no válida", { status: 400 });
  const user = await getOptionalUser(request);
  if (!user) {
    return data<CheckoutActionData>(
      {
        step: 1,
        lastResult: null,
        shipping: null,
        totals: null,
        paymentError: paymentErrorMessage(CHECKOUT_MESSAGES.noSession),
      },
      { status: 401 },
    );
  }
  // What was typed is kept until the order is placed (`draft`: the form saving itself as the shopper types).
  await saveCheckoutDraft(user.id, form);
  if (intent === "draft") return data<CheckoutActionData>(DRAFT_SAVED);
  form.set("email", user.email);
  const submission = parseShipping(form);

  if (intent === "back" || submission.status !== "success") {
    return data<CheckoutActionData>(
      { step: 1, lastResult: submission.reply(), shipping: null, totals: null, paymentError: null },
      { status: submission.status === "success" ? 200 : 400 },
    );
  }
  const shipping = submission.value;
  if (intent === "shipping") {
    const { totals } = await getCheckoutSummary(user.id, { giftWrap: shipping.giftWrap });
    return data<CheckoutActionData>({ step: 2, lastResult: null, shipping, totals, paymentError: null });
  }

  // ¿Requieres factura? (docs/decisions/050): checked before the order exists, errors next to the fields.
  const invoice = await parseCheckoutInvoice(form, user.id);
  if (invoice.status === "invalid") {
    const { totals } = await getCheckoutSummary(user.id, { giftWrap: shipping.giftWrap });
    const answer = {
      step: 2 as const,
      lastResult: null,
      shipping,
      totals,
      paymentError: null,
      invoice: invoice.answer,
    };
    return data<CheckoutActionData>(answer, { status: 400 });
  }
  // The database can go away in the middle of PAGAR: the order is then either not written at all (its
  // transaction rolls back) or reserved whole and settled later by the sweep; the shopper gets the
  // Spanish 503 page (prepareBuild in entry.server.tsx).
  const outcome = await startCheckout(request, user, shipping, invoice.status === "ok" ? invoice.receptor : null);
  // The provider's page is never a route of this app: a submission from the checkout modal (a
  // fetcher) must load it as a new document, as the plain form does.
  if (outcome.ok) {
    await clearCheckoutDraft(user.id);
    throw redirectDocument(outcome.url, 303);
  }
  const { totals } = await getCheckoutSummary(user.id, { giftWrap: shipping.giftWrap });
  return data<CheckoutActionData>(
    {
      step: 2,
      lastResult: null,
      shipping,
      totals,
      paymentError: paymentErrorMessage(outcome.message),
      invoice: invoice.status === "ok" ? invoice.answer : null,
    },
    { status: 409 },
  );
}

/** The draft's answer: nothing changes on screen. */
const DRAFT_SAVED: CheckoutActionData = { step: 1, lastResult: null, shipping: null, totals: null, paymentError: null };

function isIntent(value: unknown): value is Intent {
  return typeof value === "string" && (INTENTS as readonly string[]).includes(value);
}

export default function Checkout() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const isPending = useIsPending({ formAction: "/checkout" });
  const busy = isPending;
  // A change of step (on or back) moves focus to the new step's title: the pressed button is gone,
  // and a screen reader hears the step's name instead of focus falling back to the top of the page.
  const step = actionData?.step === 2 && actionData.shipping ? 2 : 1;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    headingRef.current?.focus();
  }, [step]);

  if (loaderData.state !== "ready") {
    return (
      <section className="mx-auto max-w-2xl px-4 py-20 sm:px-6">
        <CheckoutUnavailable reason={loaderData.state} error={actionData?.paymentError} />
      </section>
    );
  }
  return (
    <section className="mx-auto max-w-6xl px-4 py-12 sm:px-6 lg:px-8">
      <CheckoutSteps page={loaderData} answer={actionData} busy={busy} headingRef={headingRef} />
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
