import { Link } from "~/components/link";

export type OrderInvoiceLinkData = {
  state: "emitida" | "solicitar" | "error" | "cancelando" | "cancelada" | null;
  deadline: string | null;
  stamped: { folio: number; series: string; status: string }[];
};

const STAMPED_LABEL: Record<string, string> = {
  emitida: "Factura emitida",
  cancelando: "Factura en cancelación ante el SAT",
  cancelada: "Factura cancelada",
};

/**
 * Under an order in Mis Pedidos: its invoices to download (the current one first, cancelled ones too),
 * and *Solicitar factura* until the deadline while none is in force (again after a cancellation with 02).
 */
export function OrderInvoiceLink({ number, link }: { number: string; link: OrderInvoiceLinkData | undefined }) {
  if (!link?.state) return null;
  const page = `/orders/${number}/factura`;
  const ask = link.state === "solicitar" || link.state === "error";
  return (
    <div data-testid="order-invoice">
      {link.stamped.map((invoice) => (
        <p
          key={invoice.folio}
          className="mt-2 flex flex-wrap items-center gap-3 text-sm text-ink-800"
          data-testid="order-invoice-file"
        >
          <span>
            {STAMPED_LABEL[invoice.status] ?? invoice.status} {invoice.series}-{invoice.folio}:
          </span>
          <a href={`${page}/${invoice.folio}.pdf`} className="underline" download>
            PDF
          </a>
          <a href={`${page}/${invoice.folio}.xml`} className="underline" download>
            XML
          </a>
        </p>
      ))}
      {ask ? (
        <p className="mt-2 text-sm text-ink-800">
          <Link to={page} className="underline">
            {link.state === "error" || link.stamped.length > 0 ? "Solicitar factura de nuevo" : "Solicitar factura"}
          </Link>
          {link.deadline ? <span className="text-ink-700"> · puedes pedirla hasta el {link.deadline}</span> : null}
        </p>
      ) : null}
    </div>
  );
}
