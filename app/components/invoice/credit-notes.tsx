import { Form } from "@remix-run/react";
import { formatMoney } from "~/lib/money";

type Note = {
  id: string;
  status: string;
  series: string;
  folio: number;
  uuid: string | null;
  total: number;
  relatedUuid: string;
  errorMessage: string | null;
  orderNumber: string;
};

const LABELS: Record<string, string> = {
  emitida: "Emitida",
  pendiente: "Por emitir",
  emitiendo: "Emitiéndose",
  error: "Error",
};

/**
 * The egresos (notas de crédito) of refunds: in Mis Pedidos (the shopper's order) and in /admin/facturas
 * (`staff`: with the order, the PAC's error and a retry for one in error). Downloads work without JavaScript.
 */
export function CreditNotes({ notes, staff = false }: { notes: Note[]; staff?: boolean }) {
  if (notes.length === 0) return null;
  return (
    <div className="mt-8" data-testid="credit-notes">
      <h2 className="font-serif text-2xl text-ink-900">Notas de crédito (CFDI de egreso)</h2>
      <ul className="mt-3 space-y-3 text-sm text-ink-800">
        {notes.map((note) => (
          <li key={note.id} className="rounded-sm border border-ink-900/10 bg-white p-4">
            <p>
              {staff ? `Pedido ${note.orderNumber} · ` : null}
              {note.series}-{note.folio} · {LABELS[note.status] ?? note.status} · {formatMoney(note.total)} · por el
              reembolso de la factura <span className="font-mono text-xs">{note.relatedUuid}</span>
            </p>
            {note.uuid ? (
              <p className="mt-1">
                Folio fiscal <span className="font-mono text-xs">{note.uuid}</span> ·{" "}
                <a className="underline" href={`/orders/${note.orderNumber}/nota-credito/${note.folio}.pdf`} download>
                  PDF
                </a>{" "}
                ·{" "}
                <a className="underline" href={`/orders/${note.orderNumber}/nota-credito/${note.folio}.xml`} download>
                  XML
                </a>
              </p>
            ) : null}
            {staff && note.errorMessage ? <p className="mt-1 text-xs text-red-800">{note.errorMessage}</p> : null}
            {staff && note.status === "error" ? (
              <Form method="post" className="mt-2">
                <input type="hidden" name="intent" value="retry-egreso" />
                <input type="hidden" name="invoiceId" value={note.id} />
                <button type="submit" className="btn-secondary">
                  Reintentar nota de crédito
                </button>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
