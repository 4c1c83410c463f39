import { parseWithZod } from "@conform-to/zod";
import { invariantResponse } from "@epic-web/invariant";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Pagination } from "~/components/admin/pagination";
import { RowForm } from "~/components/admin/row-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { GiftNote } from "~/components/gift-note";
import { GIFT_WRAP_LABEL } from "~/lib/checkout";
import { formatDateTime } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { isOrderStatus, isReturnable, ORDER_STATUS_INFO, ORDER_STATUSES, staffStatusChoices } from "~/lib/order-status";
import { parsePage } from "~/lib/pagination";
import { hasRole } from "~/lib/roles";
import { firstMessage, OrderActionSchema } from "~/lib/validation/admin";
import { listAdminOrders, setOrderStatus, setTrackingCode } from "~/models/admin-orders.server";
import { answerRowForm } from "~/utils/admin.server";
import { readForm } from "~/utils/request.server";
import { requireUserWithRole } from "~/utils/session.server";

/** The Pedidos tab: orders newest first, filtered by status; staff change status and tracking code. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWithRole(request, "worker");
  const url = new URL(request.url);
  const estado = url.searchParams.get("estado");
  const status = isOrderStatus(estado) ? estado : null;
  const page = parsePage(url.searchParams.get("pagina"));
  return { orders: await listAdminOrders({ status, page }), status, isAdmin: hasRole(user.role, "admin") };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUserWithRole(request, "worker");
  const form = await readForm(request);
  const submission = parseWithZod(form, { schema: OrderActionSchema });
  if (submission.status !== "success") {
    const message = firstMessage(submission.reply().error);
    // What staff typed (a tracking code) gets its message next to the field; a forged request is a 400.
    invariantResponse(form.get("intent") === "tracking" && form.has("orderId"), message, { status: 400 });
    return answerRowForm(request, form, { ok: false, message });
  }
  const command = submission.value;
  if (command.intent === "status") {
    const outcome = await setOrderStatus(user, command.orderId, command.status);
    const label = ORDER_STATUS_INFO[command.status].label;
    const answers = {
      ok: { result: { ok: true, message: `Estado cambiado a ${label}` }, status: 200 },
      unchanged: { result: { ok: true, message: `El pedido ya estaba ${label.toLowerCase()}` }, status: 200 },
      not_found: { result: { ok: false, message: "El pedido ya no existe" }, status: 404 },
      not_allowed: {
        result: { ok: false, message: `Este pedido no puede pasar a ${label.toLowerCase()}` },
        status: 409,
      },
    } as const;
    return answerRowForm(request, form, answers[outcome].result, { status: answers[outcome].status });
  }
  const ok = await setTrackingCode(user, command.orderId, command.trackingCode);
  return answerRowForm(
    request,
    form,
    ok
      ? {
          ok,
          message: command.trackingCode ? "Código de seguimiento guardado" : "Código de seguimiento eliminado",
        }
      : { ok, message: "El pedido ya no existe" },
    { status: ok ? 200 : 404 },
  );
}

export default function AdminOrders() {
  const { orders, status, isAdmin } = useLoaderData<typeof loader>();
  return (
    <div>
      <h2 className="font-serif text-3xl text-ink-900">Pedidos</h2>
      <Form method="get" className="mt-6 flex items-end gap-2">
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
          No hay pedidos{status ? ` con estado ${ORDER_STATUS_INFO[status].label.toLowerCase()}` : ""}.
        </p>
      ) : (
        <ul className="mt-6 space-y-4">
          {orders.items.map((order) => {
            const choices = staffStatusChoices(order.status, order.paidAt !== null);
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
                      Pedido {order.number}
                    </p>
                    <p className="text-sm text-ink-700">
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
                    <span className="font-medium">{formatMoney(order.total)}</span>
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
                  {order.address ? (
                    <address className="not-italic text-ink-700">
                      {order.address.name} · {order.address.phone}
                      <br />
                      {order.address.addressLine2}
                      {order.address.interiorNumber ? `, int. ${order.address.interiorNumber}` : ""},{" "}
                      {order.address.addressLine1}
                      <br />
                      {order.address.city}, {order.address.state} {order.address.postalCode}, {order.address.country}
                      {order.address.references ? (
                        <>
                          <br />
                          Referencias: {order.address.references}
                        </>
                      ) : null}
                    </address>
                  ) : (
                    <p className="text-ink-700">Sin dirección de envío</p>
                  )}
                </div>
                <GiftNote
                  className="mt-3 rounded-sm bg-ivory-100 p-3"
                  wrap={order.giftWrapPrice === null ? null : GIFT_WRAP_LABEL}
                  message={order.giftMessage}
                />
                <div className="mt-4 flex flex-wrap items-end gap-4 border-t border-ink-900/10 pt-4">
                  {choices.length > 0 ? (
                    <RowForm label={`Cambiar estado del pedido ${order.number}`} className="flex items-end gap-2">
                      {(busy) => (
                        <>
                          <input type="hidden" name="intent" value="status" />
                          <input type="hidden" name="orderId" value={order.id} />
                          <div>
                            <label htmlFor={`status-${order.id}`} className="field-label">
                              Cambiar estado
                            </label>
                            <select id={`status-${order.id}`} name="status" className="field-input">
                              {choices.map((s) => (
                                <option key={s} value={s}>
                                  {ORDER_STATUS_INFO[s].label}
                                </option>
                              ))}
                            </select>
                          </div>
                          <button type="submit" className="btn-secondary" disabled={busy}>
                            Cambiar
                          </button>
                        </>
                      )}
                    </RowForm>
                  ) : null}
                  <RowForm label={`Guardar seguimiento del pedido ${order.number}`} className="flex items-end gap-2">
                    {(busy) => (
                      <>
                        <input type="hidden" name="intent" value="tracking" />
                        <input type="hidden" name="orderId" value={order.id} />
                        <div>
                          <label htmlFor={`tracking-${order.id}`} className="field-label">
                            Código de seguimiento
                          </label>
                          <input
                            key={order.trackingCode ?? ""}
                            id={`tracking-${order.id}`}
                            name="trackingCode"
                            defaultValue={order.trackingCode ?? ""}
                            maxLength={64}
                            autoComplete="off"
                            className="field-input"
                          />
                        </div>
                        <button type="submit" className="btn-secondary" disabled={busy}>
                          Guardar
                        </button>
                      </>
                    )}
                  </RowForm>
                  <p className="flex gap-3 text-sm">
                    {isReturnable(order.status) ? (
                      <Link
                        to={`/admin/devoluciones?pedido=${encodeURIComponent(order.number)}`}
                        className="text-gold-700 underline"
                      >
                        Procesar devolución
                      </Link>
                    ) : null}
                    {isAdmin ? (
                      <Link to={`/admin/historial?pedido=${order.id}`} className="text-gold-700 underline">
                        Historial
                      </Link>
                    ) : null}
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
