import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FiscalForm } from "~/components/invoice/fiscal-form";
import { Link } from "~/components/link";
import { useIsPending } from "~/components/use-is-pending";
import { adminInvoice } from "~/invoicing/admin-invoices.server";
import { substituteInvoice } from "~/invoicing/invoice-substitute.server";
import { INVOICE_STATUS_LABELS } from "~/lib/cfdi/invoice-status";
import { formatMoney } from "~/lib/money";
import { FiscalProfileSchema } from "~/lib/validation/fiscal-profile";
import { setFlash } from "~/utils/flash.server";
import { readForm } from "~/utils/request.server";
import { requireUserWithRole } from "~/utils/session.server";

/**
 * One invoice for staff, with *Sustituir* (SAT motive 01, docs/decisions/035 "Invoice history"): the
 * receptor data corrected, a substitute stamped relating this invoice (TipoRelacion 04), then this one
 * cancelled with motive 01 and the substitute's UUID — exactly once however often the form is sent.
 */

async function loadInvoice(id: string | undefined) {
  const invoice = id ? await adminInvoice(id) : null;
  if (!invoice) throw new Response("No encontramos esa factura.", { status: 404 });
  return invoice;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUserWithRole(request, "worker");
  return { invoice: await loadInvoice(params.id) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUserWithRole(request, "worker");
  const invoice = await loadInvoice(params.id);
  const form = await readForm(request);
  if (form.get("intent") !== "substitute") throw new Response("Acción desconocida.", { status: 400 });
  const submission = parseWithZod(form, { schema: FiscalProfileSchema });
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400 });
  const actor = { id: user.id, email: user.email };
  const result = await substituteInvoice({ invoiceId: invoice.id, receptor: submission.value, actor });
  if (result.status === "substituted") {
    const message =
      result.cancel.status === "cancelled" || result.cancel.status === "nothing"
        ? `Factura sustituida: la nueva es ${result.uuid}; la anterior quedó cancelada con el motivo 01.`
        : `Factura sustituida: la nueva es ${result.uuid}. La anterior queda por cancelar: reinténtalo en Facturas.`;
    throw redirect("/admin/facturas", {
      headers: { "Set-Cookie": await setFlash(request, { kind: "success", message }) },
    });
  }
  if (result.status === "rejected" && result.field) {
    return data(
      { lastResult: submission.reply({ fieldErrors: { [result.field]: [result.message] } }) },
      { status: 422 },
    );
  }
  const status = result.status === "unavailable" ? 503 : result.status === "rejected" ? 422 : 409;
  return data({ lastResult: submission.reply({ formErrors: [result.message] }) }, { status });
}

export default function AdminInvoice() {
  const { invoice } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useIsPending({ formAction: `/admin/facturas/${invoice.id}` });
  // A stamped invoice, or one whose substitute was not stamped (failed, or its attempt died): send it again.
  const substitutable = invoice.status === "emitida" && invoice.replacedBy?.status !== "emitida";
  return (
    <section className="max-w-2xl" data-testid="admin-invoice">
      <p className="text-sm">
        <Link to="/admin/facturas" className="underline">
          Facturas
        </Link>
      </p>
      <h2 className="mt-2 font-serif text-2xl text-ink-900">
        Factura {invoice.series}-{invoice.folio} · {INVOICE_STATUS_LABELS[invoice.status] ?? invoice.status}
      </h2>
      <p className="mt-2 text-sm text-ink-800">
        Pedido{" "}
        <a href={`/admin/pedidos/${invoice.order.number}`} className="underline">
          {invoice.order.number}
        </a>{" "}
        · {formatMoney(invoice.total)} · a nombre de {invoice.name} (RFC {invoice.rfc}) · UUID{" "}
        <span className="font-mono text-xs">{invoice.uuid ?? "—"}</span>
      </p>
      {invoice.replaces ? (
        <p className="mt-1 text-sm text-ink-800">
          Sustituye a{" "}
          <a href={`/admin/facturas/${invoice.replaces.id}`} className="underline">
            {invoice.replaces.series}-{invoice.replaces.folio}
          </a>{" "}
          (<span className="font-mono text-xs">{invoice.replaces.uuid}</span>).
        </p>
      ) : null}
      {invoice.replacedBy ? (
        <p className="mt-1 text-sm text-ink-800" data-testid="replaced-by">
          Sustituida por{" "}
          <a href={`/admin/facturas/${invoice.replacedBy.id}`} className="underline">
            {invoice.replacedBy.series}-{invoice.replacedBy.folio}
          </a>{" "}
          ({INVOICE_STATUS_LABELS[invoice.replacedBy.status] ?? invoice.replacedBy.status}).
        </p>
      ) : null}
      {substitutable ? (
        <div className="mt-8">
          <h3 className="font-serif text-xl text-ink-900">Sustituir con datos corregidos (motivo 01)</h3>
          <p className="mt-2 text-sm text-ink-700">
            Emitimos una factura nueva con estos datos, relacionada con esta (tipo de relación 04, sustitución), y
            después cancelamos esta ante el SAT con el motivo 01. El cliente recibe la nueva por correo.
          </p>
          <div className="mt-4">
            <FiscalForm
              lastResult={answer?.lastResult}
              defaultEmail={invoice.email}
              busy={busy}
              substitute={{
                rfc: invoice.rfc,
                name: invoice.name,
                regimen: invoice.regimen,
                uso: invoice.uso,
                zip: invoice.zip,
                email: invoice.email,
              }}
            />
          </div>
        </div>
      ) : null}
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Factura — Panel — Joyería Aurora" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
