import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { BagIcon } from "~/components/icons";
import { OrderCard } from "~/components/order-card";
import { CHECKOUT_MESSAGES } from "~/lib/checkout";
import { getOrdersForUser } from "~/models/order-views.server";
import { whenDatabaseUnavailable } from "~/utils/db.server";
import { requireUserWithRole } from "~/utils/session.server";

/**
 * Mis Pedidos: logged-in users only (others go to /), their orders newest first. A failure to load
 * them is shown on the page with a way to try again instead of an error page.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWithRole(request, "customer");
  return whenDatabaseUnavailable(
    async () => ({ orders: await getOrdersForUser(user.id), loadError: false }),
    () => ({ orders: [], loadError: true }),
  );
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function Orders() {
  const { orders, loadError } = useLoaderData<typeof loader>();
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
      ) : orders.length === 0 ? (
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
        <ol className="mt-10 space-y-6" data-testid="orders-list">
          {orders.map((order) => (
            <li key={order.id}>
              <OrderCard order={order} />
            </li>
          ))}
        </ol>
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
