import { Link } from "~/components/link";
import { formatDateTime } from "~/lib/dates";
import {
  RETURN_KIND_LABEL,
  RETURN_STATUS_INFO,
  type ReturnRequestKind,
  type ReturnRequestStatus,
} from "~/lib/return-requests";

export type RequestRow = {
  id: number;
  kind: ReturnRequestKind;
  status: ReturnRequestStatus;
  createdAt: Date | string;
  orderNumber: string;
  email: string;
  pieces: string[];
};

/**
 * The shoppers' return and exchange requests in the Devoluciones tab: the open ones (to approve or
 * reject, to receive, to refund or ship), oldest first, then the last closed ones. Each opens its page.
 */
export function ReturnRequestsSection({ open, closed }: { open: RequestRow[]; closed: RequestRow[] }) {
  return (
    <section aria-labelledby="return-requests-title" className="mt-6">
      <h3 id="return-requests-title" className="font-medium text-ink-900">
        Solicitudes de clientes
      </h3>
      {open.length === 0 ? (
        <p className="mt-3 rounded-sm border border-dashed border-ink-900/15 bg-white px-6 py-6 text-center text-sm text-ink-700">
          No hay solicitudes por atender.
        </p>
      ) : (
        <RequestList rows={open} />
      )}
      {closed.length > 0 ? (
        <details className="mt-4">
          <summary className="cursor-pointer text-sm text-gold-700">Solicitudes cerradas recientes</summary>
          <RequestList rows={closed} />
        </details>
      ) : null}
    </section>
  );
}

function RequestList({ rows }: { rows: RequestRow[] }) {
  return (
    <ul className="mt-3 divide-y divide-ink-900/10 rounded-sm border border-ink-900/10 bg-white">
      {rows.map((row) => (
        <li
          key={row.id}
          className="flex flex-wrap items-start justify-between gap-3 p-4 text-sm"
          data-testid="admin-return-request"
        >
          <div className="min-w-0">
            <p className="font-medium text-ink-900">
              {RETURN_KIND_LABEL[row.kind]} · Pedido {row.orderNumber} · {formatDateTime(row.createdAt)}
            </p>
            <p className="break-all text-ink-700">{row.email}</p>
            <ul className="mt-1 list-inside list-disc text-ink-700">
              {row.pieces.map((piece) => (
                <li key={piece}>{piece}</li>
              ))}
            </ul>
          </div>
          <div className="flex items-center gap-3">
            <span
              className="rounded-full border border-ink-900/15 px-3 py-1 text-xs"
              data-testid="admin-return-request-status"
            >
              {RETURN_STATUS_INFO[row.status].label}
            </span>
            <Link to={`/admin/devoluciones/${row.id}`} className="btn-secondary">
              Atender
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}
