import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PixelEvent } from "~/components/meta-pixel-tags";
import { ORDERS_AND_SHOP, PaymentOutcome } from "~/components/payment-outcome";
import { CHECKOUT_MESSAGES } from "~/lib/checkout";
import { AwaitingPaymentDetails } from "~/components/awaiting-payment";
import { formatMoney } from "~/lib/money";
import { AWAITING_PAYMENT_LABEL } from "~/lib/payment-methods";
import { encodePixelEvent } from "~/lib/pixel";
import { getOrderForSession } from "~/models/order-views.server";
import { confirmPaidSession } from "~/models/payment.server";
import type { loader as rootLoader } from "~/root";
import { requireUser } from "~/utils/session.server";

/** Checkout Session ids as the provider issues them (cs_test_…, cs_live_…). */
const SESSION_ID = /^cs_[A-Za-z0-9_]{1,250}$/;

/**
 * Where the provider sends the shopper after paying. The session is read from the provider and
 * must belong to one of this user's orders; a paid one is fulfilled here if its webhook has not
 * arrived yet (exactly once either way), which also empties the cart.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const sessionId = new URL(request.url).searchParams.get("session_id") ?? "";
  if (!SESSION_ID.test(sessionId)) return { state: "invalid" as const };
  const lookup = await confirmPaidSession(request, user.id, sessionId);
  if (lookup.kind === "not_found") return { state: "invalid" as const };
  if (lookup.kind === "unpaid") return { state: "unpaid" as const };
  const order = await getOrderForSession(user.id, sessionId);
  if (!order) return { state: "invalid" as const };
  if (lookup.kind === "awaiting") {
    // An OXXO voucher or a SPEI transfer: not confirmed yet, the shopper reads what to do next.
    // Already settled when the shopper lands here: paid (the store was quick), else expired or cancelled.
    if (!order.awaitingPayment) return { state: order.paidAt ? ("paid_later" as const) : ("unpaid" as const) };
    return { state: "awaiting" as const, order: { number: order.number }, payment: order.awaitingPayment };
  }
  // Paid after its reservation ended and the pieces were sold meanwhile: it is refunded, not shipped.
  if (order.status === "cancelado") return { state: "refund" as const };
  return {
    state: "paid" as const,
    order: { id: order.id, number: order.number, total: order.total, city: order.address?.city ?? null },
    // The advertising pixel's Purchase: the order id is the event id (a reload is counted once).
    pixelEvent: encodePixelEvent({
      name: "Purchase",
      id: String(order.id),
      params: { value: order.total / 100, currency: "MXN" },
    }),
  };
}

export default function Success() {
  const data = useLoaderData<typeof loader>();
  const pixelId = useRouteLoaderData<typeof rootLoader>("root")?.ENV.META_PIXEL_ID ?? null;

  if (data.state === "refund") {
    return (
      <PaymentOutcome
        testId="success-refund"
        title="No pudimos completar tu pedido"
        message="Recibimos tu pago, pero alguna pieza se agotó mientras pagabas. Te devolveremos el importe completo a tu tarjeta."
        links={ORDERS_AND_SHOP}
      />
    );
  }

  if (data.state === "awaiting") {
    return (
      <section className="mx-auto max-w-2xl px-4 py-16 sm:px-6 sm:py-20" data-testid="success-awaiting">
        <p className="eyebrow text-center">Pedido {data.order.number}</p>
        <h1 className="mt-3 text-center font-serif text-4xl text-ink-900 sm:text-5xl">{AWAITING_PAYMENT_LABEL}</h1>
        <div className="mt-8 rounded-sm border border-ink-900/10 bg-white p-6">
          <AwaitingPaymentDetails payment={data.payment} />
        </div>
        <p className="mt-6 text-center text-sm leading-relaxed text-ink-700">
          Apartamos tus piezas hasta la fecha límite. Te enviamos estas instrucciones por correo y te escribiremos en
          cuanto recibamos tu pago.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to="/orders" className="btn-secondary">
            Ver Mis Pedidos
          </Link>
          <Link to="/" className="btn-secondary">
            Volver a la tienda
          </Link>
        </div>
      </section>
    );
  }

  if (data.state === "paid_later") {
    return (
      <PaymentOutcome
        testId="success-paid-later"
        title="Recibimos tu pago"
        message="Tu pedido ya está en Mis Pedidos."
        links={ORDERS_AND_SHOP}
      />
    );
  }

  if (data.state !== "paid") {
    const unpaid = data.state === "unpaid";
    return (
      <PaymentOutcome
        testId="success-invalid"
        title={unpaid ? "Tu pago aún no se ha completado" : "No encontramos este pago"}
        message={
          unpaid
            ? "Cuando el pago se confirme verás tu pedido en Mis Pedidos."
            : "El enlace no corresponde a ningún pago de tu cuenta. Revisa tus pedidos o vuelve a la tienda."
        }
        links={ORDERS_AND_SHOP}
      />
    );
  }

  const { order } = data;
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center sm:px-6" data-testid="success">
      <PixelEvent pixelId={pixelId} event={data.pixelEvent} />
      <p className="eyebrow">¡Gracias por tu compra!</p>
      <h1 className="mt-3 font-serif text-5xl text-ink-900">{CHECKOUT_MESSAGES.orderConfirmed}</h1>
      <dl className="mx-auto mt-10 max-w-sm space-y-3 rounded-sm border border-ink-900/10 bg-white p-6 text-left text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-ink-700">Número de pedido</dt>
          <dd className="font-medium text-ink-900" data-testid="order-number">
            {order.number}
          </dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-ink-700">Total</dt>
          <dd className="font-medium text-ink-900" data-testid="order-total">
            {formatMoney(order.total)}
          </dd>
        </div>
        {order.city ? (
          <div className="flex justify-between gap-4">
            <dt className="text-ink-700">Enviaremos a</dt>
            <dd className="font-medium text-ink-900" data-testid="order-city">
              {order.city}
            </dd>
          </div>
        ) : null}
      </dl>
      <p className="mt-6 text-ink-700">Te enviamos la confirmación por correo electrónico.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/orders" className="btn-secondary">
          Ver Mis Pedidos
        </Link>
        <Link to="/" className="btn-primary">
          Volver a la tienda
        </Link>
      </div>
    </section>
  );
}

export const meta: MetaFunction = () => [
  { title: "Pedido confirmado — Joyería Aurora" },
  { name: "robots", content: "noindex" },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
