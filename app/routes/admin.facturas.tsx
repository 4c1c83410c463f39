import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { Pagination } from "~/components/admin/pagination";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { listInvoices, retryCancellation, retryInvoice } from "~/invoicing/admin-invoices.server";
import { issueGlobalInvoice, listGlobalInvoices, parseGlobalDay } from "~/invoicing/global-invoice.server";
import { hasRole } from "~/lib/roles";
import { formatDateTime } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { parsePage } from "~/lib/pagination";
import { setFlash } from "~/utils/flash.server";
import { readForm } from "~/utils/request.server";
import { requireUserWithRole } from "~/utils/session.server";
import { CreditNotes } from "~/components/invoice/credit-notes";
import { StaffCancelForm } from "~/components/invoice/staff-cancel-form";
import { staffCancelInvoice } from "~/invoicing/staff-cancel.server";
import { listCreditNotes, retryCreditNote } from "~/invoicing/credit-note-views.server";

/** The Facturas tab: every CFDI with its status, order, receptor, total and UUID; downloads; retry an error. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWithRole(request, "worker");
  const page = parsePage(new URL(request.url).searchParams.get("pagina"));
  return {
    invoices: await listInvoices(page),
    globals: await listGlobalInvoices(),
    creditNotes: await listCreditNotes(),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUserWithRole(request, "worker");
  const form = await readForm(request);
  const id = String(form.get("invoiceId") ?? "");
  const actor = { id: user.id, email: user.email };
  let flash: { kind: "success" | "error"; message: string };
  if (form.get("intent") === "global") {
    const day = parseGlobalDay(form.get("dia"));
    const result = !hasRole(user.role, "admin")
      ? { status: "refused" as const, message: "Sólo un administrador emite la factura global." }
      : day
        ? await issueGlobalInvoice({ day, staffEmail: user.email })
        : { status: "refused" as const, message: "Escribe un día válido del periodo (AAAA-MM-DD)." };
    flash =
      result.status === "issued"
        ? {
            kind: "success",
            message: `Factura global de ${result.period.label} emitida: ${result.uuid} (${result.orders} ventas).`,
          }
        : { kind: "error", message: result.message };
  } else if (form.get("intent") === "staff-cancel") {
    const result = await staffCancelInvoice({
      invoiceId: id,
      motive: form.get("motivo"),
      actor,
    });
    flash =
      result.status === "cancelled"
        ? { kind: "success", message: `Factura cancelada ante el SAT: ${result.uuid}` }
        : result.status === "refused" || result.status === "failed"
          ? { kind: "error", message: result.message }
          : { kind: "error", message: "La cancelación está en curso. Recarga en unos segundos." };
  } else if (form.get("intent") === "retry-egreso") {
    const result = await retryCreditNote(id, actor);
    flash =
      result === "issued"
        ? { kind: "success", message: "Nota de crédito emitida." }
        : {
            kind: "error",
            message: result === null ? "Esa nota de crédito no está en error." : "No se emitió: revisa el error.",
          };
  } else if (form.get("intent") === "cancel") {
    const result = await retryCancellation(id, actor);
    flash =
      result === null
        ? { kind: "error", message: "Esa factura no existe o no está pendiente de cancelar." }
        : result.status === "cancelled"
          ? { kind: "success", message: `Factura cancelada ante el SAT: ${result.uuid}` }
          : result.status === "failed"
            ? { kind: "error", message: `No se canceló: ${result.message}` }
            : { kind: "error", message: "La cancelación de esa factura está en curso. Recarga en unos segundos." };
  } else {
    const result = await retryInvoice(id, actor);
    flash =
      result === null
        ? { kind: "error", message: "Esa factura no existe o ya no está en error." }
        : result.status === "issued"
          ? { kind: "success", message: `Factura emitida: ${result.uuid}` }
          : { kind: "error", message: `No se emitió: ${result.message}` };
  }
  throw redirect("/admin/facturas", { headers: { "Set-Cookie": await setFlash(request, flash) } });
}

const STATUS_LABELS: Record<string, string> = {
  emitida: "Emitida",
  error: "Error",
  emitiendo: "Emitiéndose",
  cancelada: "Cancelada",
  cancelando: "Por cancelar",
};

export default function AdminInvoices() {
  const { invoices, globals, creditNotes } = useLoaderData<typeof loader>();
  return (
    <section data-testid="admin-invoices">
      <h2 className="font-serif text-2xl text-ink-900">Facturas (CFDI 4.0)</h2>
      {invoices.items.length === 0 ? (
        <p className="mt-6 text-ink-700">Aún no hay facturas.</p>
      ) : (
        <div className="mt-6 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-ink-900/10 text-xs uppercase tracking-wide text-ink-700">
                <th className="py-2 pr-3">Estado</th>
                <th className="py-2 pr-3">Serie-folio</th>
                <th className="py-2 pr-3">Pedido</th>
                <th className="py-2 pr-3">Receptor</th>
                <th className="py-2 pr-3">Total</th>
                <th className="py-2 pr-3">UUID</th>
                <th className="py-2">Archivos</th>
              </tr>
            </thead>
            <tbody>
              {invoices.items.map((invoice) => (
                <tr key={invoice.id} className="border-b border-ink-900/5 align-top" data-testid="admin-invoice-row">
                  <td className="py-2 pr-3">
                    {STATUS_LABELS[invoice.status] ?? invoice.status}
                    {invoice.status === "error" ? (
                      <>
                        <p className="mt-1 max-w-xs text-xs text-red-800">
                          {invoice.errorCode}: {invoice.errorMessage}
                        </p>
                        <Form method="post" className="mt-1">
                          <input type="hidden" name="invoiceId" value={invoice.id} />
                          <button type="submit" className="text-xs underline">
                            Reintentar
                          </button>
                        </Form>
                      </>
                    ) : null}
                    {invoice.status === "emitida" && !invoice.replaced ? (
                      <StaffCancelForm invoiceId={invoice.id} />
                    ) : null}
                    {invoice.replacesUuid ? (
                      <p className="mt-1 text-xs text-ink-700">Sustituye a {invoice.replacesUuid}</p>
                    ) : null}
                    {invoice.status === "cancelando" || invoice.status === "cancelada" ? (
                      <p className="mt-1 text-xs text-ink-700">
                        Motivo SAT {invoice.cancelMotive}
                        {invoice.cancelledAt ? ` · ${formatDateTime(invoice.cancelledAt)}` : ""}
                      </p>
                    ) : null}
                    {invoice.status === "cancelando" ? (
                      <>
                        {invoice.cancelError ? (
                          <p className="mt-1 max-w-xs text-xs text-red-800">
                            No se pudo cancelar ante el PAC: {invoice.cancelError}
                          </p>
                        ) : null}
                        <Form method="post" className="mt-1">
                          <input type="hidden" name="invoiceId" value={invoice.id} />
                          <input type="hidden" name="intent" value="cancel" />
                          <button type="submit" className="text-xs underline">
                            Reintentar cancelación
                          </button>
                        </Form>
                      </>
                    ) : null}
                  </td>
                  <td className="py-2 pr-3">
                    <a href={`/admin/facturas/${invoice.id}`} className="underline">
                      {invoice.series}-{invoice.folio}
                    </a>
                  </td>
                  <td className="py-2 pr-3">
                    <a href={`/admin/pedidos/${invoice.orderNumber}`} className="underline">
                      {invoice.orderNumber}
                    </a>
                    <p className="text-xs text-ink-700">{formatDateTime(invoice.createdAt)}</p>
                  </td>
                  <td className="py-2 pr-3">
                    {invoice.name}
                    <p className="text-xs text-ink-700">{invoice.rfc}</p>
                  </td>
                  <td className="py-2 pr-3">{formatMoney(invoice.total)}</td>
                  <td className="py-2 pr-3 font-mono text-xs">{invoice.uuid ?? "—"}</td>
                  <td className="py-2">
                    {invoice.uuid ? (
                      <span className="flex gap-2">
                        <a
                          href={`/orders/${invoice.orderNumber}/factura/${invoice.folio}.pdf`}
                          className="underline"
                          download
                        >
                          PDF
                        </a>
                        <a
                          href={`/orders/${invoice.orderNumber}/factura/${invoice.folio}.xml`}
                          className="underline"
                          download
                        >
                          XML
                        </a>
                      </span>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={invoices} />
      <h3 className="mt-10 font-serif text-xl text-ink-900">Factura global (PUBLICO EN GENERAL)</h3>
      <p className="mt-2 max-w-2xl text-sm text-ink-700">
        Cubre las ventas pagadas del periodo que no se facturaron a nombre de una persona. Elige un día del periodo (la
        periodicidad la fija INVOICE_GLOBAL_PERIOD); el periodo debe haber terminado. Una compra incluida ya no puede
        facturarse a nombre del cliente.
      </p>
      <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="global" />
        <label className="text-sm text-ink-800">
          Día del periodo
          <input type="date" name="dia" required className="ml-2 border border-ink-900/20 px-2 py-1" />
        </label>
        <button type="submit" className="btn-secondary">
          Emitir factura global
        </button>
      </Form>
      {globals.length > 0 ? (
        <table className="mt-4 w-full text-left text-sm" data-testid="admin-global-invoices">
          <thead>
            <tr className="border-b border-ink-900/10 text-xs uppercase tracking-wide text-ink-700">
              <th className="py-2 pr-3">Periodo</th>
              <th className="py-2 pr-3">Estado</th>
              <th className="py-2 pr-3">Serie-folio</th>
              <th className="py-2 pr-3">Ventas</th>
              <th className="py-2 pr-3">Total</th>
              <th className="py-2">UUID</th>
            </tr>
          </thead>
          <tbody>
            {globals.map((global) => (
              <tr key={global.id} className="border-b border-ink-900/5 align-top">
                <td className="py-2 pr-3">{global.periodKey}</td>
                <td className="py-2 pr-3">
                  {STATUS_LABELS[global.status] ?? global.status}
                  {global.errorMessage ? <p className="text-xs text-red-800">{global.errorMessage}</p> : null}
                </td>
                <td className="py-2 pr-3">
                  {global.series}-{global.folio}
                </td>
                <td className="py-2 pr-3">{global.orders}</td>
                <td className="py-2 pr-3">{formatMoney(global.total)}</td>
                <td className="py-2 font-mono text-xs">
                  {global.uuid ? (
                    <>
                      {global.uuid}{" "}
                      <a href={`/admin/facturas/global/${global.id}.xml`} className="underline" download>
                        XML
                      </a>{" "}
                      <a href={`/admin/facturas/global/${global.id}.pdf`} className="underline" download>
                        PDF
                      </a>
                    </>
                  ) : (
                    "—"
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <CreditNotes notes={creditNotes} staff />
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Facturas — Panel — Joyería Aurora" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
