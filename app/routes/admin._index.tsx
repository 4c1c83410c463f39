import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import type { ReactNode } from "react";
import { SalesChart } from "~/components/admin/sales-chart";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { DASHBOARD_DAYS, LOW_STOCK_ALERT } from "~/lib/constants";
import { formatDateTime } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { chartLabels } from "~/lib/sales-chart";
import { getDashboard } from "~/models/dashboard.server";
import { requireUserWithRole } from "~/utils/session.server";

/**
 * The panel's home (workers and admins): the last 30 days' sales and orders per day as a chart, the
 * orders waiting to ship, the pieces running out, the best sellers and this month's returns — one
 * database round trip for all of it.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWithRole(request, "worker");
  const dashboard = await getDashboard();
  // The chart's texts are formatted here, once: the browser's Intl data would draw another axis.
  return { dashboard, chartLabels: chartLabels(dashboard.days) };
}

export default function AdminHome() {
  const { dashboard, chartLabels: labels } = useLoaderData<typeof loader>();
  const { days, waiting, lowStock, top, returns } = dashboard;
  const sales = days.reduce((sum, d) => sum + d.sales, 0);
  const orders = days.reduce((sum, d) => sum + d.orders, 0);
  return (
    <div className="space-y-8">
      <h2 className="font-serif text-3xl text-ink-900">Resumen</h2>
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4" data-testid="dashboard-figures">
        <Figure label={`Ventas, últimos ${DASHBOARD_DAYS} días`} value={formatMoney(sales)} />
        <Figure label="Pedidos pagados" value={String(orders)} />
        <Figure label="Ticket promedio" value={orders > 0 ? formatMoney(Math.round(sales / orders)) : "—"} />
        <Figure label="Por enviar" value={String(waiting.count)} />
      </dl>
      <Panel title={`Ventas y pedidos por día, últimos ${DASHBOARD_DAYS} días`}>
        <SalesChart days={days} labels={labels} />
      </Panel>
      <div className="grid gap-6 lg:grid-cols-2">
        <Panel title={`Pedidos por enviar (${waiting.count})`} testId="dashboard-waiting">
          {waiting.oldest.length === 0 ? (
            <Empty>No hay pedidos esperando envío.</Empty>
          ) : (
            <ul className="divide-y divide-ink-900/10 text-sm">
              {waiting.oldest.map((o) => (
                <li key={o.number} className="flex flex-wrap justify-between gap-2 py-2">
                  <Link to={`/admin/pedidos/${o.number}`} className="font-medium text-gold-700 underline">
                    {o.number}
                  </Link>
                  <span className="text-ink-700">Pagado {formatDateTime(o.paidAt)}</span>
                  <span>{formatMoney(o.total)}</span>
                </li>
              ))}
            </ul>
          )}
          {waiting.count > waiting.oldest.length ? (
            <p className="mt-2 text-sm">
              <Link to="/admin/pedidos?estado=procesando" className="text-gold-700 underline">
                Ver los {waiting.count}
              </Link>
            </p>
          ) : null}
        </Panel>
        <Panel title={`Pocas existencias: ${LOW_STOCK_ALERT} o menos (${lowStock.count})`} testId="dashboard-low-stock">
          {lowStock.items.length === 0 ? (
            <Empty>Ninguna pieza se está agotando.</Empty>
          ) : (
            <ul className="divide-y divide-ink-900/10 text-sm">
              {lowStock.items.map((item) => (
                <li key={`${item.productId}-${item.variantName}`} className="flex justify-between gap-2 py-2">
                  <span>
                    {item.productName}
                    {item.variantName ? <span className="text-ink-700"> · {item.variantName}</span> : null}
                  </span>
                  <span className={item.stock === 0 ? "font-medium text-red-800" : "font-medium"}>
                    {item.stock === 0 ? "Agotado" : item.stock}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Panel>
        <Panel title={`Lo más vendido, últimos ${DASHBOARD_DAYS} días`} testId="dashboard-top">
          {top.length === 0 ? (
            <Empty>Aún no hay ventas en estos días.</Empty>
          ) : (
            <ol className="divide-y divide-ink-900/10 text-sm">
              {top.map((t, i) => (
                <li key={`${t.productId}-${t.productName}`} className="flex justify-between gap-2 py-2">
                  <span>
                    <span className="mr-2 text-ink-700">{i + 1}.</span>
                    {t.productName}
                  </span>
                  <span className="whitespace-nowrap text-ink-700">
                    {t.units} {t.units === 1 ? "pieza" : "piezas"} · {formatMoney(t.sales)}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </Panel>
        <Panel title={`Devoluciones este mes (${returns.count})`} testId="dashboard-returns">
          {returns.items.length === 0 ? (
            <Empty>Ninguna devolución este mes.</Empty>
          ) : (
            <ul className="divide-y divide-ink-900/10 text-sm">
              {returns.items.map((r) => (
                <li key={`${r.number}-${r.returnedAt}`} className="flex flex-wrap justify-between gap-2 py-2">
                  <Link to={`/admin/pedidos/${r.number}`} className="font-medium text-gold-700 underline">
                    {r.number}
                  </Link>
                  <span className="text-ink-700">{r.reason}</span>
                  <span>{formatMoney(r.total)}</span>
                </li>
              ))}
            </ul>
          )}
        </Panel>
      </div>
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    // min-w-0: a long amount wraps inside its cell instead of widening a phone's page.
    <div className="min-w-0 rounded-sm border border-ink-900/10 bg-white p-4">
      <dt className="break-words text-xs uppercase tracking-[0.1em] text-ink-700 sm:tracking-[0.15em]">{label}</dt>
      <dd className="mt-1 break-words font-serif text-xl text-ink-900 sm:text-2xl">{value}</dd>
    </div>
  );
}

function Panel({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className="rounded-sm border border-ink-900/10 bg-white p-5" data-testid={testId}>
      <h3 className="font-serif text-xl text-ink-900">{title}</h3>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="text-sm text-ink-700">{children}</p>;
}

export const meta: MetaFunction = () => [{ title: "Resumen — Panel de Administración" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
