import { carrierLabel } from "~/lib/carriers";
import { formatDate } from "~/lib/dates";
import {
  formatDeadline,
  RETURN_KIND_LABEL,
  RETURN_STATUS_INFO,
  type ReturnRequestKind,
  type ReturnRequestStatus,
} from "~/lib/return-requests";
import { Link } from "./link";
import { TrackingLink } from "./tracking-link";

/** An order's returns as Mis Pedidos receives them (dates may arrive serialized). */
export type OrderReturnsData = {
  window: { deadline: string | null; open: boolean };
  requests: {
    id: number;
    kind: ReturnRequestKind;
    status: ReturnRequestStatus;
    createdAt: Date | string;
    staffMessage: string | null;
    carrier: string | null;
    trackingCode: string | null;
    pieces: string[];
  }[];
};

/**
 * Under an order in Mis Pedidos: until when a return or exchange may be asked for (Mexico City
 * time), the link to ask, and each request with its state, staff's message and the exchange's
 * tracking. Nothing for an order without a window or requests.
 */
export function OrderReturns({ number, returns }: { number: string; returns: OrderReturnsData | undefined }) {
  if (!returns || (returns.window.deadline === null && returns.requests.length === 0)) return null;
  const { window, requests } = returns;
  return (
    <section
      id={`pedido-${number}`}
      aria-label={`Devoluciones y cambios del pedido ${number}`}
      className="mt-3 rounded-sm border border-ink-900/10 bg-ivory-100/60 px-5 py-4 text-sm"
      data-testid="order-returns"
    >
      {window.deadline ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-ink-700" data-testid="return-deadline">
            {window.open
              ? `Puedes solicitar una devolución o un cambio hasta el ${formatDeadline(window.deadline)} (hora del centro de México).`
              : `El plazo para devoluciones y cambios terminó el ${formatDeadline(window.deadline)}.`}
          </p>
          {window.open ? (
            <Link to={`/orders/${number}/devolucion`} className="btn-secondary" data-testid="request-return">
              Solicitar devolución o cambio
            </Link>
          ) : null}
        </div>
      ) : null}
      {requests.length > 0 ? (
        <ul className="mt-3 space-y-3">
          {requests.map((request) => (
            <li
              key={request.id}
              className="rounded-sm border border-ink-900/10 bg-white p-3"
              data-testid="return-request"
              data-status={request.status}
            >
              <p className="font-medium text-ink-900">
                {RETURN_KIND_LABEL[request.kind]} · solicitada el {formatDate(request.createdAt)} ·{" "}
                <span data-testid="return-request-status">{RETURN_STATUS_INFO[request.status].label}</span>
              </p>
              <p className="text-ink-700">{RETURN_STATUS_INFO[request.status].description}</p>
              <ul className="mt-1 list-inside list-disc text-ink-700">
                {request.pieces.map((piece) => (
                  <li key={piece}>{piece}</li>
                ))}
              </ul>
              {request.staffMessage ? (
                <p className="mt-1 text-ink-800">Mensaje de la tienda: «{request.staffMessage}»</p>
              ) : null}
              {request.carrier ? (
                <p className="mt-1 text-ink-700" data-testid="exchange-tracking">
                  Envío de tu cambio ({carrierLabel(request.carrier)}):{" "}
                  <TrackingLink carrier={request.carrier} trackingCode={request.trackingCode} />
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
