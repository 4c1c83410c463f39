import { Form } from "@remix-run/react";

/**
 * Staff's cancellation of a stamped invoice with the SAT motive of a mistake (docs/decisions/050): 02
 * (wrong data, no substitute) or 01 (re-issued: the substitute's UUID). A plain form, no JavaScript needed.
 */
export function StaffCancelForm({ invoiceId }: { invoiceId: string }) {
  return (
    <details className="mt-1 text-xs" data-testid="staff-cancel">
      <summary className="cursor-pointer underline">Cancelar ante el SAT</summary>
      <Form method="post" className="mt-2 space-y-2">
        <input type="hidden" name="intent" value="staff-cancel" />
        <input type="hidden" name="invoiceId" value={invoiceId} />
        <label className="block">
          Motivo
          <select name="motivo" className="field-input mt-1" defaultValue="02">
            <option value="02">02 · Errores sin relación (datos equivocados, no se sustituye)</option>
            <option value="01">01 · Errores con relación (ya se emitió la factura corregida)</option>
          </select>
        </label>
        <label className="block">
          Folio fiscal (UUID) de la factura sustituta, sólo con motivo 01
          <input name="sustituto" className="field-input mt-1 font-mono" maxLength={36} autoComplete="off" />
        </label>
        <button type="submit" className="btn-secondary">
          Cancelar factura
        </button>
      </Form>
    </details>
  );
}
