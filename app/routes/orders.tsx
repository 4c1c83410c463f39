import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { BagIcon } from "~/components/icons";
import { OrderCard, UnpaidAttempt } from "~/components/order-card";
import { OrderInvoiceLink } from "~/components/invoice/order-invoice-link";
import { OrderReturns } from "~/components/order-returns";
import { invoiceLinksForUser } from "~/invoicing/invoice-views.server";
import { CHECKOUT_MESSAGES, ORDER_LOG_TEXTS } from "~/lib/checkout";
import { isUnpaidAttempt } from "~/lib/order-status";
import { getOrdersForUser } from "~/models/order-views.server";
import { getShopperReturns } from "~/models/return-requests.server";
import { whenDatabaseUnavailable } from "~/utils/db.server";
import { requireUserWithRole } from "~/utils/session.server";

/**
 * Mis Pedidos: logged-in users only (others go to /), their orders newest first; payment attempts that
 * were never completed (cancelled, never paid) are listed apart, folded, without a tracking line. A
 * failure to load them is shown on the page with a way to try again instead of an error page.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWithRole(request, "customer");
  return whenDatabaseUnavailable(
    async () => ({
      orders: await getOrdersForUser(user.id),
      returns: await getShopperReturns(user.id),
      invoices: await invoiceLinksForUser(user.id),
      loadError: false,
    }),
    () => ({
      orders: [],
      returns: {} as Awaited<ReturnType<typeof getShopperReturns>>,
      invoices: {} as Awaited<ReturnType<typeof invoiceLinksForUser>>,
      loadError: true,
    }),
    ORDER_LOG_TEXTS.load,
  );
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function Orders() {
  const { orders: all, returns, invoices, loadError } = useLoaderData<typeof loader>();
  const orders = all.filter((order) => !isUnpaidAttempt(order));
  const attempts = all.filter(isUnpaidAttempt);
  return (
    <section className="mx-auto max-w-4xl px-4 py-16 sm:px-6 lg:px-8">
      <p className="eyebrow">Tu cuenta</p>
      <h1 className="mt-3 font-serif text-5xl text-ink-900">Mis Pedidos</h1>
      {loadError ? (
        <div
          role="alert"
          className="mt-12 flex flex-col items-center rounded-sm border border-red-800/20 bg-red-50 px-6 py-12 text-center"
          data-testid="orders-error"
        >
          <h2 className="font-serif text-2xl text-red-900">{CHECKOUT_MESSAGES.ordersLoadError}</h2>
          <Link to="/orders" className="btn-primary mt-6" reloadDocument>
            {CHECKOUT_MESSAGES.retry}
          </Link>
        </div>
      ) : all.length === 0 ? (
        <div
          className="mt-12 flex flex-col items-center rounded-sm border border-dashed border-ink-900/15 bg-white px-6 py-16 text-center"
          data-testid="orders-empty"
        >
          <BagIcon width={40} height={40} className="text-gold-600" aria-hidden="true" />
          <h2 className="mt-6 font-serif text-2xl text-ink-900">Aún no tienes pedidos</h2>
          <p className="mt-2 max-w-sm text-sm text-ink-700">
            Cuando compres una pieza, aquí podrás seguir su envío y ver sus detalles.
          </p>
          <Link to="/" className="btn-primary mt-8">
            Explorar la colección
          </Link>
        </div>
      ) : (
        <>
          {orders.length > 0 ? (
            <ol className="mt-10 space-y-6" data-testid="orders-list">
              {orders.map((order) => (
                <li key={order.id}>
                  <OrderCard order={order} />
                  <OrderInvoiceLink number={order.number} link={invoices[order.number]} />
                  <OrderReturns number={order.number} returns={returns[order.id]} />
                </li>
              ))}
            </ol>
          ) : (
            <p className="mt-10 text-ink-700">Aún no tienes pedidos pagados.</p>
          )}
          {attempts.length > 0 ? (
            <details
              className="mt-10 rounded-sm border border-ink-900/10 bg-ivory-100/60 px-5 py-4"
              data-testid="attempts"
            >
              <summary className="cursor-pointer text-sm font-medium text-ink-800">
                {attempts.length === 1
                  ? "1 intento de pago sin completar"
                  : `${attempts.length} intentos de pago sin completar`}
              </summary>
              <p className="mt-2 text-xs text-ink-700">
                Saliste de la página de pago o el pago no se aprobó: no se hizo ningún cargo y las piezas volvieron a
                estar disponibles.
              </p>
              <ol className="mt-2 divide-y divide-ink-900/10">
                {attempts.map((order) => (
                  <li key={order.id}>
                    <UnpaidAttempt order={order} />
                  </li>
                ))}
              </ol>
            </details>
          ) : null}
        </>
      )}
    </section>
  );
}

export const meta: MetaFunction = () => [
  { title: "Mis Pedidos — Joyería Aurora" },
  { name: "robots", content: "noindex" },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
