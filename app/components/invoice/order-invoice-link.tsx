import { Link } from "~/components/link";

export type OrderInvoiceLinkData = {
  state: "emitida" | "solicitar" | "error" | "cancelando" | "cancelada" | null;
  deadline: string | null;
};

const STAMPED_LABEL = {
  emitida: "Factura emitida",
  cancelando: "Factura en cancelación ante el SAT",
  cancelada: "Factura cancelada",
} as const;

/** Under an order in Mis Pedidos: its invoice to download, or *Solicitar factura* until the deadline. */
export function OrderInvoiceLink({ number, link }: { number: string; link: OrderInvoiceLinkData | undefined }) {
  if (!link?.state) return null;
  const page = `/orders/${number}/factura`;
  if (link.state === "emitida" || link.state === "cancelando" || link.state === "cancelada") {
    return (
      <p className="mt-2 flex flex-wrap items-center gap-3 text-sm text-ink-800" data-testid="order-invoice">
        <span>{STAMPED_LABEL[link.state]}:</span>
        <a href={`${page}.pdf`} className="underline" download>
          PDF
        </a>
        <a href={`${page}.xml`} className="underline" download>
          XML
        </a>
      </p>
    );
  }
  return (
    <p className="mt-2 text-sm text-ink-800" data-testid="order-invoice">
      <Link to={page} className="underline">
        {link.state === "error" ? "Solicitar factura de nuevo" : "Solicitar factura"}
      </Link>
      {link.deadline ? <span className="text-ink-700"> · puedes pedirla hasta el {link.deadline}</span> : null}
    </p>
  );
}
