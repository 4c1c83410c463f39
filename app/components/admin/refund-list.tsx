import { formatDateTime } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import type { RefundRow } from "~/models/refund-views.server";

/** An order's refunds and requests as staff read them: state, amount, method, who, and why one failed. */

export const REFUND_STATUS_LABEL: Record<string, string> = {
  solicitado: "Solicitado (espera a un administrador)",
  pendiente: "Pendiente: esperando la confirmación del procesador de pagos",
  reembolsado: "Reembolsado",
  fallido: "Fallido",
  atendido: "Solicitud atendida",
};

export const REFUND_METHOD_LABEL: Record<string, string> = {
  card: "a la tarjeta con la que pagó, por el procesador de pagos",
  transfer: "por transferencia SPEI a la CLABE del cliente (manual)",
};

/** A refund as the panel shows it: the server's row, its date serialised or not. */
export type RefundListRow = Omit<RefundRow, "createdAt"> & { createdAt: string | Date };

export function RefundList({ refunds, orderNumber }: { refunds: RefundListRow[]; orderNumber?: string }) {
  if (refunds.length === 0) return <p className="text-sm text-ink-700">Sin reembolsos.</p>;
  return (
    <ul className="divide-y divide-ink-900/10 text-sm">
      {refunds.map((refund) => (
        <li key={refund.id} className="py-2" data-testid="refund" data-status={refund.status}>
          <p className="font-medium text-ink-900">
            {formatMoney(refund.amount)} · {REFUND_STATUS_LABEL[refund.status] ?? refund.status}
          </p>
          <p className="text-ink-700">
            {[...refund.pieces.map((p) => `${p.quantity} × ${p.name}`), ...(refund.shipping > 0 ? ["Envío"] : [])].join(
              ", ",
            )}{" "}
            · {REFUND_METHOD_LABEL[refund.method] ?? refund.method}
          </p>
          <p className="text-ink-700">
            {formatDateTime(refund.createdAt)} · {refund.reason} · {refund.confirmedByEmail ?? refund.requestedByEmail}
            {refund.reference ? ` · Referencia ${refund.reference}` : ""}
          </p>
          {refund.status === "fallido" ? (
            <p className="text-red-800" role="status">
              El procesador de pagos no pudo hacer este reembolso
              {refund.failureReason ? ` (${refund.failureReason})` : ""}: el dinero no se devolvió. Puedes intentarlo de
              nuevo o reembolsar de otra forma.
            </p>
          ) : null}
          {refund.status === "solicitado" && orderNumber ? (
            <a
              className="text-gold-700 underline"
              href={`/admin/pedidos/${orderNumber}/reembolso?solicitud=${refund.id}`}
            >
              Atender solicitud
            </a>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
