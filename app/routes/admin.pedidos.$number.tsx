import { invariantResponse } from "@epic-web/invariant";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { AuditEntry } from "~/components/admin/audit-entry";
import { ShipmentForm, StatusForm } from "~/components/admin/order-forms";
import { OrderLines, OrderPayment, OrderShopper, Section } from "~/components/admin/order-sections";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { formatDateTime } from "~/lib/dates";
import { parseOrderNumber } from "~/lib/ids";
import { isReturnable, ORDER_STATUS_INFO, staffStatusChoices } from "~/lib/order-status";
import { hasRole } from "~/lib/roles";
import { orderInvoiceFor } from "~/invoicing/admin-invoices.server";
import { formatMoney } from "~/lib/money";
import { getAdminOrder } from "~/models/admin-orders.server";
import { listRefunds } from "~/models/refund-views.server";
import { RefundList } from "~/components/admin/refund-list";
import { requireUserWithRole } from "~/utils/session.server";
import { orderAction } from "./__order-actions.server";

const NOT_FOUND = "Pedido no encontrado";

/**
 * One order (workers and admins): its lines as bought, the shopper and the address, the payment, the
 * full history of its changes from the audit trail, and the actions the order lifecycle allows for
 * it — shipping with carrier and guide number, the other changes of status, a return.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUserWithRole(request, "worker");
  const number = parseOrderNumber(params.number);
  invariantResponse(number, NOT_FOUND, { status: 404 });
  const order = await getAdminOrder(number);
  invariantResponse(order, NOT_FOUND, { status: 404 });
  const invoice = await orderInvoiceFor(order.id);
  return { order, refunds: await listRefunds(order.id), isAdmin: hasRole(user.role, "admin"), invoice };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUserWithRole(request, "worker");
  invariantResponse(parseOrderNumber(params.number), NOT_FOUND, { status: 404 });
  return orderAction(request, user);
}

export default function AdminOrderPage() {
  const { order, refunds, isAdmin, invoice } = useLoaderData<typeof loader>();
  const refundable = order.paidAt !== null && order.status !== "reembolsado";
  const status = ORDER_STATUS_INFO[order.status];
  const choices = staffStatusChoices(order.status, order.paidAt !== null);
  const canShip = choices.includes("enviado");
  const others = choices.filter((s) => s !== "enviado");
  const shipped = order.carrier !== null || order.trackingCode !== null;
  const { history, ...rest } = order;
  return (
    <div>
      <p className="flex flex-wrap gap-4 text-sm">
        <Link to="/admin/pedidos" className="text-gold-700 underline">
          ← Pedidos
        </Link>
        <Link to={`/admin/pedidos/${order.number}/empaque`} className="text-gold-700 underline">
          Imprimir hoja de empaque
        </Link>
        {isAdmin ? (
          <Link to={`/admin/historial?pedido=${order.id}`} className="text-gold-700 underline">
            En el historial general
          </Link>
        ) : null}
      </p>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <h2 className="font-serif text-3xl text-ink-900">Pedido {order.number}</h2>
        <span
          className={`inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm font-medium ${status.badgeClass}`}
          data-testid="order-status"
          data-status={order.status}
        >
          <span aria-hidden="true">{status.icon}</span>
          {status.label}
        </span>
      </div>
      <p className="mt-1 text-sm text-ink-700">Hecho el {formatDateTime(order.createdAt)}</p>

      {/* A gift message (issue 22) belongs here, above the actions: what the packer must read first. */}
      <div className="mt-6">
        <Section title="Acciones" testId="order-actions">
          <div className="space-y-4">
            {canShip ? <ShipmentForm order={order} intent="ship" /> : null}
            <StatusForm order={order} choices={others} />
            {shipped && !canShip ? (
              <ShipmentForm order={order} intent="tracking" carrier={order.carrier} trackingCode={order.trackingCode} />
            ) : null}
            {isReturnable(order.status) ? (
              <p className="text-sm">
                <Link
                  to={`/admin/devoluciones?pedido=${encodeURIComponent(order.number)}`}
                  className="text-gold-700 underline"
                >
                  Procesar devolución
                </Link>
              </p>
            ) : null}
            {refundable ? (
              <p className="text-sm">
                <Link to={`/admin/pedidos/${order.number}/reembolso`} className="text-gold-700 underline">
                  {isAdmin ? "Reembolsar" : "Solicitar reembolso"}
                </Link>
              </p>
            ) : null}
            {!canShip && others.length === 0 && !shipped && !isReturnable(order.status) && !refundable ? (
              <p className="text-sm text-ink-700">Este pedido ya no admite cambios.</p>
            ) : null}
          </div>
        </Section>
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-[3fr_2fr]">
        <OrderLines order={rest} />
        <div className="space-y-6">
          <OrderShopper order={rest} />
          <OrderPayment order={rest} />
        </div>
      </div>

      {order.returns.length > 0 ? (
        <div className="mt-6">
          <Section title="Devoluciones" testId="order-returns">
            <ul className="space-y-1 text-sm text-ink-800">
              {order.returns.map((r) => (
                <li key={r.id}>
                  {formatDateTime(r.returnedAt)} · {r.reason}
                  {r.admin ? ` · ${r.admin.email}` : ""}
                </li>
              ))}
            </ul>
          </Section>
        </div>
      ) : null}

      {refunds.length > 0 ? (
        <div className="mt-6">
          <Section title="Reembolsos" testId="order-refunds">
            <RefundList refunds={refunds} orderNumber={isAdmin ? order.number : undefined} />
          </Section>
        </div>
      ) : null}

      {invoice ? (
        <div className="mt-6">
          <Section title="Factura (CFDI)" testId="order-invoice-figures">
            <p className="text-sm text-ink-800">
              {invoice.state}
              {invoice.total !== null ? ` · ${formatMoney(invoice.total)}` : ""}
              {invoice.uuid ? <span className="ml-2 font-mono text-xs">{invoice.uuid}</span> : null}
              {" · "}
              <Link to="/admin/facturas" className="text-gold-700 underline">
                Facturas
              </Link>
            </p>
          </Section>
        </div>
      ) : null}

      <div className="mt-6">
        <Section title="Historial del pedido" testId="order-history">
          {history.length === 0 ? (
            <p className="text-sm text-ink-700">Sin cambios registrados.</p>
          ) : (
            <ol className="-mx-4 divide-y divide-ink-900/10">
              {history.map((entry) => (
                <AuditEntry key={entry.id} entry={entry} subject={{ orderNumber: order.number }} links={false} />
              ))}
            </ol>
          )}
        </Section>
      </div>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? `Pedido ${data.order.number}` : "Pedido"} — Panel de Administración` },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
