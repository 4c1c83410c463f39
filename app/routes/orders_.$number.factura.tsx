import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { CreditNotes } from "~/components/invoice/credit-notes";
import { FiscalForm } from "~/components/invoice/fiscal-form";
import { IssuedInvoice, PreviousInvoices } from "~/components/invoice/issued-invoice";
import { creditNotesForOrder } from "~/invoicing/credit-note-views.server";
import { Link } from "~/components/link";
import { useIsPending } from "~/components/use-is-pending";
import { getFiscalProfile, listFiscalProfiles } from "~/invoicing/fiscal-profiles.server";
import { requestInvoice } from "~/invoicing/invoice.server";
import { INVOICE_MESSAGES } from "~/invoicing/invoice-rules";
import { invoicePageOrder } from "~/invoicing/invoice-views.server";
import { findRegimen, findUso } from "~/lib/cfdi/catalogs";
import { formatMoney } from "~/lib/money";
import { FiscalProfileSchema } from "~/lib/validation/fiscal-profile";
import { requireUserWithRole } from "~/utils/session.server";
import { readForm } from "~/utils/request.server";

/**
 * *Solicitar factura* for one of the shopper's paid orders (docs/decisions/035): until the end of the
 * month of the purchase, with a saved fiscal profile or new data — again after a cancellation with 02;
 * the invoice's XML and PDF once issued, and the earlier (cancelled) ones below it.
 */

async function pageOrder(request: Request, number: string | undefined) {
  const user = await requireUserWithRole(request, "customer");
  const order = number ? await invoicePageOrder(user.id, number) : null;
  if (!order) throw new Response("No encontramos ese pedido en tu cuenta.", { status: 404 });
  return { user, order };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, order } = await pageOrder(request, params.number);
  const profiles = order.invoice?.uuid ? [] : await listFiscalProfiles(user.id);
  return { order, profiles, creditNotes: await creditNotesForOrder(user.id, order.number) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, order } = await pageOrder(request, params.number);
  const form = await readForm(request);
  let fields = form;
  if (form.get("intent") === "profile") {
    const profile = await getFiscalProfile(user.id, String(form.get("profileId") ?? ""));
    if (!profile)
      return data({ lastResult: null, message: "Elige uno de tus datos fiscales guardados." }, { status: 400 });
    fields = new FormData();
    for (const key of ["rfc", "name", "regimen", "uso", "zip", "email"] as const) fields.set(key, profile[key]);
  }
  const submission = parseWithZod(fields, { schema: FiscalProfileSchema });
  if (submission.status !== "success") return data({ lastResult: submission.reply(), message: null }, { status: 400 });
  const result = await requestInvoice({ userId: user.id, orderNumber: order.number, receptor: submission.value });
  if (result.status === "issued") return redirect(`/orders/${order.number}/factura`);
  if (result.status === "rejected" && result.field) {
    const reply = submission.reply({ fieldErrors: { [result.field]: [result.message] } });
    return data({ lastResult: reply, message: null }, { status: 422 });
  }
  const status = result.status === "unavailable" ? 503 : result.status === "rejected" ? 422 : 409;
  return data({ lastResult: submission.reply({ formErrors: [result.message] }), message: null }, { status });
}

export default function InvoiceRequest() {
  const { order, profiles, creditNotes } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useIsPending({ formAction: `/orders/${order.number}/factura` });
  const invoice = order.invoice;
  return (
    <section className="mx-auto max-w-2xl px-4 py-16 sm:px-6" data-testid="invoice-page">
      <p className="eyebrow">
        <Link to="/orders">Mis Pedidos</Link>
      </p>
      <h1 className="mt-3 font-serif text-4xl text-ink-900">Factura del pedido {order.number}</h1>
      <p className="mt-2 text-ink-700">Total pagado: {formatMoney(order.total)}</p>
      {invoice?.uuid ? (
        <IssuedInvoice number={order.number} invoice={invoice} />
      ) : order.refusal ? (
        <p
          role="alert"
          className="mt-8 rounded-sm border border-ink-900/10 bg-ivory-100 p-5 text-ink-800"
          data-testid="invoice-refusal"
        >
          {order.refusal === "off" ? INVOICE_MESSAGES.off : order.refusal}
        </p>
      ) : (
        <>
          {order.deadline ? (
            <p className="mt-4 text-sm text-ink-800" data-testid="invoice-deadline">
              Puedes solicitar la factura de este pedido hasta el <strong>{order.deadline}</strong> (fin del mes de la
              compra, hora de la Ciudad de México).
            </p>
          ) : null}
          {order.previous.length > 0 ? (
            <p className="mt-2 text-sm text-ink-800" data-testid="invoice-again">
              Tu factura anterior fue cancelada: puedes solicitarla de nuevo con los datos correctos.
            </p>
          ) : null}
          {answer?.message ? (
            <p role="alert" className="mt-4 text-sm text-red-800">
              {answer.message}
            </p>
          ) : null}
          {profiles.length > 0 ? (
            <div className="mt-8" data-testid="fiscal-profiles">
              <h2 className="font-serif text-2xl text-ink-900">Tus datos fiscales guardados</h2>
              <ul className="mt-4 space-y-3">
                {profiles.map((profile) => (
                  <li key={profile.id} className="rounded-sm border border-ink-900/10 bg-white p-4">
                    <Form method="post" className="flex flex-wrap items-center justify-between gap-3">
                      <input type="hidden" name="intent" value="profile" />
                      <input type="hidden" name="profileId" value={profile.id} />
                      <span className="text-sm text-ink-800">
                        <strong>{profile.name}</strong> · RFC {profile.rfc} · {findRegimen(profile.regimen)?.name} · Uso{" "}
                        {profile.uso} {findUso(profile.uso)?.name} · C.P. {profile.zip}
                      </span>
                      <button type="submit" className="btn-secondary" disabled={busy}>
                        Facturar con estos datos
                      </button>
                    </Form>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <h2 className="mt-10 font-serif text-2xl text-ink-900">
            {profiles.length > 0 ? "O escribe otros datos fiscales" : "Tus datos fiscales"}
          </h2>
          <div className="mt-4">
            <FiscalForm lastResult={answer?.lastResult} defaultEmail={order.email} busy={busy} />
          </div>
        </>
      )}
      <PreviousInvoices number={order.number} invoices={order.previous} />
      <CreditNotes notes={creditNotes} />
    </section>
  );
}

export const meta: MetaFunction = () => [
  { title: "Solicitar factura — Joyería Aurora" },
  { name: "robots", content: "noindex" },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
