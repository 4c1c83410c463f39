import { RowForm } from "~/components/admin/row-form";
import { CARRIER_KEYS, CARRIERS } from "~/lib/carriers";
import { ORDER_STATUS_INFO, type OrderStatusName } from "~/lib/order-status";

/**
 * The row forms of an order (the Pedidos tab and the order page). Each works without JavaScript (a
 * post that comes back with a flash) and, with it, through a fetcher that answers next to the form.
 */

type OrderRef = { id: number; number: string };

/** A change of status among `choices` (what the lifecycle gives staff for this order, shipping apart). */
export function StatusForm({ order, choices }: { order: OrderRef; choices: OrderStatusName[] }) {
  if (choices.length === 0) return null;
  return (
    <RowForm label={`Cambiar estado del pedido ${order.number}`} className="flex flex-wrap items-end gap-2">
      {(busy) => (
        <>
          <input type="hidden" name="intent" value="status" />
          <input type="hidden" name="orderId" value={order.id} />
          <div>
            <label htmlFor={`status-${order.id}`} className="field-label">
              Cambiar estado
            </label>
            <select id={`status-${order.id}`} name="status" defaultValue="" required className="field-input">
              <option value="" disabled>
                Elige…
              </option>
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
  );
}

/**
 * Carrier and guide number: "Marcar como enviado" ships the order (the shopper gets "Tu pedido va en
 * camino"), "Guardar datos de envío" corrects them afterwards.
 */
export function ShipmentForm({
  order,
  intent,
  carrier,
  trackingCode,
}: {
  order: OrderRef;
  intent: "ship" | "tracking";
  carrier?: string | null;
  trackingCode?: string | null;
}) {
  const ship = intent === "ship";
  return (
    <RowForm
      label={ship ? `Enviar el pedido ${order.number}` : `Datos de envío del pedido ${order.number}`}
      className="flex flex-wrap items-end gap-2"
      testId={`${intent}-form`}
    >
      {(busy) => (
        <>
          <input type="hidden" name="intent" value={intent} />
          <input type="hidden" name="orderId" value={order.id} />
          <div>
            <label htmlFor={`${intent}-carrier-${order.id}`} className="field-label">
              Paquetería
            </label>
            <select
              key={carrier ?? ""}
              id={`${intent}-carrier-${order.id}`}
              name="carrier"
              defaultValue={carrier ?? ""}
              required
              className="field-input"
            >
              <option value="" disabled>
                Elige…
              </option>
              {CARRIER_KEYS.map((key) => (
                <option key={key} value={key}>
                  {CARRIERS[key].label}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${intent}-code-${order.id}`} className="field-label">
              Número de guía
            </label>
            <input
              key={trackingCode ?? ""}
              id={`${intent}-code-${order.id}`}
              name="trackingCode"
              defaultValue={trackingCode ?? ""}
              maxLength={64}
              autoComplete="off"
              spellCheck={false}
              className="field-input font-mono"
            />
          </div>
          <button type="submit" className={ship ? "btn-primary" : "btn-secondary"} disabled={busy}>
            {ship ? "Marcar como enviado" : "Guardar datos de envío"}
          </button>
        </>
      )}
    </RowForm>
  );
}
