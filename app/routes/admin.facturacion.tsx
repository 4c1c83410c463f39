import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { IssuerForm } from "~/components/admin/issuer-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { currentIssuer, saveIssuer } from "~/invoicing/issuer.server";
import { getInvoicingSettings } from "~/invoicing/settings.server";
import { formatDateTime } from "~/lib/dates";
import { IssuerSchema } from "~/lib/validation/issuer";
import { setFlash } from "~/utils/flash.server";
import { readForm } from "~/utils/request.server";
import { requireUserWithRole } from "~/utils/session.server";

/**
 * The Facturación tab (admins only): the shop's own fiscal data as issuer of its CFDI — RFC, razón
 * social, régimen fiscal, lugar de expedición (docs/decisions/064). Once saved here they win over
 * INVOICE_ISSUER_*; the page says where the current ones come from.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWithRole(request, "admin");
  return { origin: await currentIssuer(), invoicingOn: getInvoicingSettings() !== null };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireUserWithRole(request, "admin");
  const submission = parseWithZod(await readForm(request), { schema: IssuerSchema });
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400 });
  await saveIssuer({ id: admin.id, email: admin.email }, submission.value);
  throw redirect("/admin/facturacion", {
    headers: { "Set-Cookie": await setFlash(request, { kind: "success", message: "Datos fiscales guardados" }) },
  });
}

export default function AdminIssuer() {
  const { origin, invoicingOn } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <div className="max-w-2xl">
      <h2 className="font-serif text-3xl text-ink-900">Datos fiscales de la tienda</h2>
      <p className="mt-2 text-sm text-ink-700">
        El emisor de las facturas (CFDI 4.0): RFC, razón social, régimen fiscal y lugar de expedición, como aparecen en
        la Constancia de Situación Fiscal de la tienda.
      </p>
      <div className="mt-4 space-y-2 rounded-sm border border-ink-900/10 bg-ivory-100 px-4 py-3 text-sm text-ink-800">
        <p data-testid="issuer-origin">
          {origin.source === "saved"
            ? `Guardados en esta página el ${formatDateTime(origin.updatedAt)} por ${origin.updatedBy}. Tienen prioridad sobre las variables INVOICE_ISSUER_* del servidor.`
            : origin.source === "env"
              ? "Vienen de las variables de entorno INVOICE_ISSUER_* del servidor. Al guardarlos aquí, las facturas usarán los de esta página."
              : "Aún no hay datos fiscales del emisor: sin ellos la tienda no emite facturas."}
        </p>
        <p>
          Los cambios valen para las facturas, facturas globales y notas de crédito que se emitan después. Las ya
          timbradas no cambian: cada una conserva su XML con los datos con que se emitió.
        </p>
        {invoicingOn ? null : (
          <p>La facturación en línea está apagada (falta PAC_API_TOKEN): estos datos se usarán cuando se encienda.</p>
        )}
      </div>
      <div className="mt-6 rounded-sm border border-ink-900/10 bg-white p-4 sm:p-6">
        <IssuerForm
          // A save starts the form again from what was stored (capitals, RFC without dashes).
          key={origin.source === "saved" ? new Date(origin.updatedAt).toISOString() : origin.source}
          lastResult={answer?.lastResult}
          current={origin.source === "none" ? null : origin.issuer}
          busy={busy}
        />
      </div>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Facturación — Panel de Administración" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
