import { Form } from "@remix-run/react";

/**
 * Staff's cancellation of a stamped invoice with SAT motive 02 (wrong data, no substitute: the shopper may
 * ask for it again), and the way to motive 01: *Sustituir* on the invoice's own screen, which stamps the
 * corrected invoice first (docs/decisions/035 "Invoice history"). Plain forms and links, no JavaScript needed.
 */
export function StaffCancelForm({ invoiceId }: { invoiceId: string }) {
  return (
    <>
      <p className="mt-1 text-xs">
        <a href={`/admin/facturas/${invoiceId}`} className="underline">
          Sustituir con datos corregidos (motivo 01)
        </a>
      </p>
      <details className="mt-1 text-xs" data-testid="staff-cancel">
        <summary className="cursor-pointer underline">Cancelar ante el SAT (motivo 02)</summary>
        <Form method="post" className="mt-2 space-y-2">
          <input type="hidden" name="intent" value="staff-cancel" />
          <input type="hidden" name="invoiceId" value={invoiceId} />
          <input type="hidden" name="motivo" value="02" />
          <p className="max-w-xs">
            02 · Errores sin relación: la factura tenía datos equivocados y no se sustituye. El cliente podrá
            solicitarla de nuevo desde Mis Pedidos dentro del plazo.
          </p>
          <button type="submit" className="btn-secondary">
            Cancelar factura
          </button>
        </Form>
      </details>
    </>
  );
}
