import { parseWithZod } from "@conform-to/zod";
import { invariantResponse } from "@epic-web/invariant";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RowForm } from "~/components/admin/row-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Link } from "~/components/link";
import { formatDateTime } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { hasRole } from "~/lib/roles";
import type { SaleState } from "~/lib/sale-prices";
import { firstMessage } from "~/lib/validation/admin";
import { SALE_EVENT_MESSAGES, SaleEventRowSchema } from "~/lib/validation/sale-event";
import { listSaleEvents, setSaleEventArchived } from "~/models/sale-event-admin.server";
import { answerRowForm } from "~/utils/admin.server";
import { readForm } from "~/utils/request.server";
import { requireUserWithRole } from "~/utils/session.server";

/**
 * Promociones (docs/decisions/057-sale-events.md): the sale events with their state and revenue, and
 * the place of the discount codes (Cupones). Staff see it; only admins create, edit or archive an
 * event (it changes prices, which only admins edit).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWithRole(request, "worker");
  // Dates formatted here, once, in Mexico City time: the browser's own formatting could differ (hydration).
  const events = (await listSaleEvents()).map(({ startsAt, endsAt, ...event }) => ({
    ...event,
    period: `${formatDateTime(startsAt)} – ${formatDateTime(endsAt)}`,
  }));
  return { events, canManage: hasRole(user.role, "admin") };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUserWithRole(request, "admin");
  const form = await readForm(request);
  const submission = parseWithZod(form, { schema: SaleEventRowSchema });
  invariantResponse(submission.status === "success", () => firstMessage(submission.reply().error), { status: 400 });
  const { intent, eventId } = submission.value;
  const found = await setSaleEventArchived(user, eventId, intent === "archive");
  const message = !found
    ? SALE_EVENT_MESSAGES.notFound
    : intent === "archive"
      ? SALE_EVENT_MESSAGES.archived
      : SALE_EVENT_MESSAGES.restored;
  return answerRowForm(request, form, { ok: found, message }, { status: found ? 200 : 404 });
}

const STATE_LABEL: Record<SaleState, string> = { programado: "Programado", activo: "Activo", terminado: "Terminado" };
const STATE_STYLE: Record<SaleState, string> = {
  programado: "bg-ivory-200 text-ink-800",
  activo: "bg-emerald-100 text-emerald-900",
  terminado: "bg-ink-900/10 text-ink-700",
};

export default function AdminPromotions() {
  const { events, canManage } = useLoaderData<typeof loader>();
  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 className="font-serif text-3xl text-ink-900">Promociones</h2>
        {canManage ? (
          <Link to="/admin/promociones/eventos/nuevo" className="btn-primary">
            Nuevo evento de ofertas
          </Link>
        ) : null}
      </div>
      <section aria-labelledby="sale-events-heading" className="mt-8">
        <h3 id="sale-events-heading" className="font-serif text-2xl text-ink-900">
          Eventos de ofertas
        </h3>
        <p className="mt-1 text-sm text-ink-700">
          Un porcentaje de descuento en categorías o piezas entre dos fechas (hora de la Ciudad de México). Ventas:
          piezas compradas al precio del evento en pedidos pagados y no devueltos, sin IVA ni envío.
        </p>
        <ul className="mt-4 divide-y divide-ink-900/10 rounded-sm border border-ink-900/10 bg-white">
          {events.map((event) => (
            <li
              key={event.id}
              data-testid="sale-event"
              className="flex flex-wrap items-start justify-between gap-4 p-4"
            >
              <div className="min-w-0">
                <p className="font-medium text-ink-900">
                  {event.name} · −{event.percentOff}%{" "}
                  <span className={`ml-1 rounded-full px-2 py-0.5 text-xs ${STATE_STYLE[event.state]}`}>
                    {event.archived ? "Archivado" : STATE_LABEL[event.state]}
                  </span>
                </p>
                <p className="mt-1 text-sm text-ink-700">{event.period}</p>
                <p className="mt-1 text-sm text-ink-700">
                  {[
                    event.categories.length > 0 ? `Categorías: ${event.categories.join(", ")}` : null,
                    event.productCount > 0 ? `${event.productCount} pieza${event.productCount === 1 ? "" : "s"}` : null,
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                </p>
                <p className="mt-1 text-sm text-ink-800" data-testid="sale-event-revenue">
                  Ventas: {formatMoney(event.revenue)} · {event.pieces} pieza{event.pieces === 1 ? "" : "s"} en{" "}
                  {event.orders} pedido{event.orders === 1 ? "" : "s"}
                </p>
              </div>
              {canManage ? (
                <div className="flex flex-wrap items-center gap-2">
                  <Link to={`/admin/promociones/eventos/${event.id}`} className="btn-ghost">
                    Editar<span className="sr-only"> {event.name}</span>
                  </Link>
                  <RowForm label={`${event.archived ? "Restaurar" : "Archivar"} ${event.name}`}>
                    {(busy) => (
                      <>
                        <input type="hidden" name="intent" value={event.archived ? "restore" : "archive"} />
                        <input type="hidden" name="eventId" value={event.id} />
                        <button type="submit" className="btn-secondary" disabled={busy}>
                          {event.archived ? "Restaurar" : "Archivar"}
                        </button>
                      </>
                    )}
                  </RowForm>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
        {events.length === 0 ? <p className="mt-4 text-ink-700">Aún no hay eventos de ofertas.</p> : null}
      </section>
      <section aria-labelledby="coupons-heading" className="mt-12" data-testid="coupons-section">
        <h3 id="coupons-heading" className="font-serif text-2xl text-ink-900">
          Cupones
        </h3>
        <p className="mt-2 text-sm text-ink-700">
          <Link to="/admin/promociones/cupones" className="text-gold-700 underline">
            Ver y administrar los cupones de descuento
          </Link>
        </p>
      </section>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Promociones — Panel de Administración" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
