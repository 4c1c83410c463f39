type Stamped = {
  status: string;
  uuid: string | null;
  series: string;
  folio: number;
  rfc: string;
  name: string;
  email: string;
  cancelMotive: string | null;
};

/** Why a cancelled invoice no longer counts, by its SAT motive, in the shopper's words. */
const CANCELLED_BECAUSE: Record<string, string> = {
  "01": "La sustituimos por una factura con los datos corregidos",
  "02": "La cancelamos ante el SAT porque tenía datos equivocados",
  "03": "El pedido fue reembolsado y cancelamos esta factura ante el SAT",
};

function cancelledText(invoice: Stamped): string | null {
  if (invoice.status !== "cancelada" && invoice.status !== "cancelando") return null;
  const because = CANCELLED_BECAUSE[invoice.cancelMotive ?? "03"] ?? "La cancelamos ante el SAT";
  return invoice.status === "cancelada"
    ? `${because}: ya no tiene validez fiscal.`
    : `${because}: la cancelación ante el SAT está en curso.`;
}

/** The order's current invoice on its factura page: its data and its PDF and XML. */
export function IssuedInvoice({ number, invoice }: { number: string; invoice: Stamped }) {
  const cancelled = cancelledText(invoice);
  return (
    <div className="mt-8 rounded-sm border border-ink-900/10 bg-white p-6" data-testid="invoice-issued">
      <h2 className="font-serif text-2xl text-ink-900">
        {invoice.status === "cancelada"
          ? "Factura cancelada"
          : invoice.status === "cancelando"
            ? "Factura en cancelación"
            : "Factura emitida"}
      </h2>
      {cancelled ? (
        <p className="mt-2 text-sm text-ink-800" data-testid="invoice-cancelled">
          {cancelled}
        </p>
      ) : null}
      <p className="mt-2 text-sm text-ink-800">
        Serie y folio {invoice.series}-{invoice.folio} · Folio fiscal (UUID){" "}
        <span className="font-mono" data-testid="invoice-uuid">
          {invoice.uuid}
        </span>
      </p>
      <p className="mt-1 text-sm text-ink-800">
        A nombre de {invoice.name} (RFC {invoice.rfc}); la enviamos a {invoice.email}.
      </p>
      <p className="mt-4 flex gap-4">
        <a className="btn-primary" href={`/orders/${number}/factura/${invoice.folio}.pdf`} download>
          Descargar PDF
        </a>
        <a className="btn-secondary" href={`/orders/${number}/factura/${invoice.folio}.xml`} download>
          Descargar XML
        </a>
      </p>
    </div>
  );
}

/** The order's earlier invoices (cancelled, or the one being replaced), newest first, still downloadable. */
export function PreviousInvoices({ number, invoices }: { number: string; invoices: Stamped[] }) {
  if (invoices.length === 0) return null;
  return (
    <div className="mt-8" data-testid="previous-invoices">
      <h2 className="font-serif text-2xl text-ink-900">Facturas anteriores</h2>
      <ul className="mt-3 space-y-3 text-sm text-ink-800">
        {invoices.map((invoice) => (
          <li key={invoice.folio} className="rounded-sm border border-ink-900/10 bg-white p-4">
            <p>
              {invoice.series}-{invoice.folio} · a nombre de {invoice.name} (RFC {invoice.rfc}) · UUID{" "}
              <span className="font-mono text-xs">{invoice.uuid}</span>
            </p>
            <p className="mt-1">
              {cancelledText(invoice) ?? "Vigente mientras emitimos la que la sustituye."}{" "}
              <a className="underline" href={`/orders/${number}/factura/${invoice.folio}.pdf`} download>
                PDF
              </a>{" "}
              ·{" "}
              <a className="underline" href={`/orders/${number}/factura/${invoice.folio}.xml`} download>
                XML
              </a>
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}
