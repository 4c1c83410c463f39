import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { StatusForm } from "~/components/admin/order-forms";
import { Pagination } from "~/components/admin/pagination";
import { GiftNote } from "~/components/gift-note";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { TrackingLink } from "~/components/tracking-link";
import { GIFT_WRAP_LABEL } from "~/lib/checkout";
import { formatDateTime } from "~/lib/dates";
import { installmentPlanShort, installmentPlanText } from "~/lib/installments";
import { formatMoney } from "~/lib/money";
import { isOrderStatus, ORDER_STATUS_INFO, ORDER_STATUSES, staffStatusChoices } from "~/lib/order-status";
import { parsePage } from "~/lib/pagination";
import { paymentMethodNote } from "~/lib/payment-methods";
import { listAdminOrders } from "~/models/admin-orders.server";
import { searchText } from "~/utils/admin.server";
import { requireUserWithRole } from "~/utils/session.server";
import { orderAction } from "./__order-actions.server";

/**
 * The Pedidos tab: orders newest first, filtered by status or found by number or e-mail. Each opens
 * its page (`/admin/pedidos/LJ…`), where it is shipped; a quick change of status stays here.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWithRole(request, "worker");
  const url = new URL(request.url);
  const estado = url.searchParams.get("estado");
  const status = isOrderStatus(estado) ? estado : null;
  const q = searchText(url);
  const page = parsePage(url.searchParams.get("pagina"));
  return { orders: await listAdminOrders({ status, q, page }), status, q };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUserWithRole(request, "worker");
  return orderAction(request, user);
}

export default function AdminOrders() {
  const { orders, status, q } = useLoaderData<typeof loader>();
  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 className="font-serif text-3xl text-ink-900">Pedidos</h2>
        <Link to="/admin/exportar" className="btn-ghost">
          Exportar CSV
        </Link>
      </div>
      <Form method="get" className="mt-6 flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor="order-q" className="field-label">
            Número o email
          </label>
          <input
            id="order-q"
            name="q"
            type="search"
            defaultValue={q}
            placeholder="LJ4821937365"
            className="field-input"
          />
        </div>
        <div>
          <label htmlFor="order-status-filter" className="field-label">
            Estado
          </label>
          <select id="order-status-filter" name="estado" defaultValue={status ?? ""} className="field-input">
            <option value="">Todos</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {ORDER_STATUS_INFO[s].label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-secondary">
          Filtrar
        </button>
      </Form>
      {orders.items.length === 0 ? (
        <p className="mt-8 rounded-sm border border-dashed border-ink-900/15 bg-white px-6 py-10 text-center text-ink-700">
          No hay pedidos{status ? ` con estado ${ORDER_STATUS_INFO[status].label.toLowerCase()}` : ""}
          {q ? " que coincidan con la búsqueda" : ""}.
        </p>
      ) : (
        <ul className="mt-6 space-y-4">
          {orders.items.map((order) => {
            // Shipping asks for the carrier and the guide number: it is done on the order's page.
            const choices = staffStatusChoices(order.status, order.paidAt !== null).filter((s) => s !== "enviado");
            const canShip = staffStatusChoices(order.status, order.paidAt !== null).includes("enviado");
            return (
              <li
                key={order.id}
                className="rounded-sm border border-ink-900/10 bg-white p-4"
                data-testid="admin-order"
                aria-labelledby={`order-${order.id}-title`}
              >
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div>
                    <p id={`order-${order.id}-title`} className="font-medium text-ink-900">
                      <Link to={`/admin/pedidos/${order.number}`} className="underline-offset-2 hover:underline">
                        Pedido {order.number}
                      </Link>
                    </p>
                    <p className="break-all text-sm text-ink-700">
                      {formatDateTime(order.createdAt)} · {order.user.name ?? order.email} ({order.email})
                    </p>
                  </div>
                  <div className="flex items-center gap-3">
                    <span
                      className={`rounded-full border px-3 py-1 text-xs font-medium ${ORDER_STATUS_INFO[order.status].badgeClass}`}
                      data-testid="order-status"
                    >
                      {ORDER_STATUS_INFO[order.status].label}
                    </span>
                    <PaymentMethodNote order={order} />
                    <span className="font-medium">{formatMoney(order.total)}</span>
                    {order.installmentMonths ? (
                      <span
                        className="text-xs text-ink-700"
                        title={installmentPlanText(order.installmentMonths) ?? undefined}
                        data-testid="order-installments"
                      >
                        {installmentPlanShort(order.installmentMonths)}
                      </span>
                    ) : null}
                  </div>
                </div>
                <div className="mt-3 grid gap-4 text-sm md:grid-cols-2">
                  <ul className="space-y-1">
                    {order.items.map((item) => (
                      <li key={item.id}>
                        {item.quantity} × {item.productName}
                        {item.variantName ? ` (${item.variantName})` : ""} · {formatMoney(item.price)}
                      </li>
                    ))}
                  </ul>
                  <div className="text-ink-700">
                    {order.address ? (
                      <p>
                        {order.address.city}, {order.address.state} {order.address.postalCode}
                      </p>
                    ) : null}
                    <TrackingLink carrier={order.carrier} trackingCode={order.trackingCode} />
                  </div>
                </div>
                <GiftNote
                  className="mt-3 rounded-sm bg-ivory-100 p-3"
                  wrap={order.giftWrapPrice === null ? null : GIFT_WRAP_LABEL}
                  message={order.giftMessage}
                />
                <div className="mt-4 flex flex-wrap items-end gap-4 border-t border-ink-900/10 pt-4">
                  <StatusForm order={order} choices={choices} />
                  <p className="flex flex-wrap gap-3 text-sm">
                    <Link to={`/admin/pedidos/${order.number}`} className="text-gold-700 underline">
                      {canShip ? "Enviar pedido" : "Ver pedido"}
                    </Link>
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <Pagination page={orders} />
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Pedidos — Panel de Administración" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

function PaymentMethodNote({ order }: { order: Parameters<typeof paymentMethodNote>[0] }) {
  const note = paymentMethodNote(order);
  return note ? (
    <span className="text-xs text-ink-700" data-testid="order-payment-method">
      {note}
    </span>
  ) : null;
}
