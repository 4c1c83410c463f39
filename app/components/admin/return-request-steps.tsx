import { Form } from "@remix-run/react";
import { ErrorList, FormError } from "~/components/form-parts";
import { Link } from "~/components/link";
import { useIsPending } from "~/components/use-is-pending";
import { CARRIER_KEYS, CARRIERS, carrierLabel } from "~/lib/carriers";
import type { ReturnRequestKind, ReturnRequestStatus } from "~/lib/return-requests";

/** A request as its page receives it (app/models/return-views.server.ts). */
export type StepsRequest = {
  id: number;
  kind: ReturnRequestKind;
  status: ReturnRequestStatus;
  carrier: string | null;
  trackingCode: string | null;
  refundRequestId: number | null;
  order: { number: string };
  items: {
    id: number;
    quantity: number;
    sellableQuantity: number | null;
    exchangeVariantName: string | null;
    exchangeStock: number | null;
    orderItem: { productName: string; variantName: string | null };
  }[];
};

/**
 * The pieces of a request and the step it is at: approve or reject (solicitada); print the slip and
 * mark the pieces received, saying how many can be sold again (aprobada); refund them or ship the
 * new size (recibida). Plain forms, one per step.
 */
export function RequestSteps({ request, errors }: { request: StepsRequest; errors: Record<string, string> }) {
  const busy = useIsPending({ state: "submitting" });
  const err = (name: string) => (errors[name] ? [errors[name]!] : undefined);
  const receiving = request.status === "aprobada";
  return (
    <div className="mt-6 space-y-6">
      <FormError id="request-step-error" errors={err("form")} />
      <Form method="post" className="space-y-4" noValidate>
        <table className="w-full border-collapse rounded-sm bg-white text-left text-sm" data-testid="request-pieces">
          <thead>
            <tr className="border-b border-ink-900/20">
              <th className="p-2 font-medium">Pieza</th>
              <th className="p-2 font-medium">Cantidad</th>
              {request.kind === "cambio" ? <th className="p-2 font-medium">Cambiar a</th> : null}
              <th className="p-2 font-medium">Vendibles de vuelta</th>
            </tr>
          </thead>
          <tbody>
            {request.items.map((line) => (
              <tr key={line.id} className="border-b border-ink-900/10 align-top">
                <td className="p-2">
                  {line.orderItem.productName}
                  {line.orderItem.variantName ? ` (${line.orderItem.variantName})` : ""}
                </td>
                <td className="p-2 tabular-nums">{line.quantity}</td>
                {request.kind === "cambio" ? (
                  <td className="p-2">
                    {line.exchangeVariantName ?? "—"}
                    {request.status === "solicitada" && line.exchangeStock !== null ? (
                      <span className="block text-xs text-ink-700">Existencias ahora: {line.exchangeStock}</span>
                    ) : null}
                  </td>
                ) : null}
                <td className="p-2">
                  {receiving ? (
                    <>
                      <label htmlFor={`vendible-${line.id}`} className="sr-only">
                        Piezas vendibles de {line.orderItem.productName}
                      </label>
                      <input
                        id={`vendible-${line.id}`}
                        name={`vendible-${line.id}`}
                        type="number"
                        min={0}
                        max={line.quantity}
                        defaultValue={line.quantity}
                        className="field-input w-20"
                        aria-invalid={errors[`vendible-${line.id}`] ? true : undefined}
                      />
                      <ErrorList id={`vendible-${line.id}-error`} errors={err(`vendible-${line.id}`)} />
                    </>
                  ) : (
                    (line.sellableQuantity ?? "—")
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {receiving ? (
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-sm text-ink-700">
              Solo las piezas vendibles vuelven a las existencias; las demás (usadas, dañadas) quedan fuera.
            </p>
            <button type="submit" name="intent" value="recibir" className="btn-primary" disabled={busy}>
              Marcar como recibidas
            </button>
          </div>
        ) : null}
      </Form>

      {request.status !== "solicitada" && request.status !== "rechazada" ? (
        <p>
          <Link to={`/admin/devoluciones/${request.id}/hoja`} className="btn-secondary" data-testid="return-slip-link">
            Imprimir hoja de devolución
          </Link>
        </p>
      ) : null}

      {request.status === "solicitada" ? (
        <Form method="post" className="max-w-xl space-y-3 rounded-sm border border-ink-900/10 bg-white p-5" noValidate>
          <label htmlFor="mensaje" className="field-label">
            Mensaje al cliente (obligatorio para rechazar)
          </label>
          <textarea id="mensaje" name="mensaje" rows={3} maxLength={500} className="field-input" />
          <ErrorList id="mensaje-error" errors={err("mensaje")} />
          <div className="flex flex-wrap gap-3">
            <button type="submit" name="intent" value="aprobar" className="btn-primary" disabled={busy}>
              {request.kind === "cambio" ? "Aprobar y apartar la nueva talla" : "Aprobar"}
            </button>
            <button type="submit" name="intent" value="rechazar" className="btn-secondary" disabled={busy}>
              Rechazar
            </button>
          </div>
        </Form>
      ) : null}

      {request.status === "recibida" && request.kind === "devolucion" ? (
        <p>
          <Link
            to={`/admin/pedidos/${request.order.number}/reembolso${request.refundRequestId ? `?solicitud=${request.refundRequestId}` : ""}`}
            className="btn-primary"
            data-testid="refund-returned"
          >
            Reembolsar las piezas devueltas
          </Link>
        </p>
      ) : null}

      {request.status === "recibida" && request.kind === "cambio" ? (
        <Form method="post" className="max-w-xl space-y-3 rounded-sm border border-ink-900/10 bg-white p-5" noValidate>
          <h3 className="font-medium text-ink-900">Enviar el cambio</h3>
          <label htmlFor="paqueteria" className="field-label">
            Paquetería
          </label>
          <select id="paqueteria" name="paqueteria" className="field-input" defaultValue="">
            <option value="">Elige la paquetería</option>
            {CARRIER_KEYS.map((key) => (
              <option key={key} value={key}>
                {CARRIERS[key].label}
              </option>
            ))}
          </select>
          <ErrorList id="paqueteria-error" errors={err("paqueteria")} />
          <label htmlFor="guia" className="field-label">
            Número de guía
          </label>
          <input id="guia" name="guia" autoComplete="off" className="field-input" />
          <ErrorList id="guia-error" errors={err("guia")} />
          <button type="submit" name="intent" value="enviar" className="btn-primary" disabled={busy}>
            Enviar el cambio
          </button>
        </Form>
      ) : null}

      {request.status === "cambio_enviado" ? (
        <p className="text-sm" data-testid="exchange-shipment">
          Enviado con {carrierLabel(request.carrier)}
          {request.trackingCode ? `, guía ${request.trackingCode}` : ""}.
        </p>
      ) : null}
    </div>
  );
}
