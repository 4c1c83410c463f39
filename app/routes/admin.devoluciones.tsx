import { getFormProps, getTextareaProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useIsPending } from "~/components/use-is-pending";
import { Pagination } from "~/components/admin/pagination";
import { ReturnRequestsSection } from "~/components/admin/return-requests";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorList, Field, useSchemaForm, FormError, SubmitButton } from "~/components/forms";
import { formatDateTime } from "~/lib/dates";
import { parsePage } from "~/lib/pagination";
import { DEFAULT_RETURN_REASON, RETURN_MESSAGES, ReturnSchema } from "~/lib/validation/admin";
import { listReturns, processReturn } from "~/models/admin-returns.server";
import { listReturnRequests } from "~/models/return-views.server";
import { setFlash } from "~/utils/flash.server";
import { readForm } from "~/utils/request.server";
import { requireUserWithRole } from "~/utils/session.server";
import { parseOrderNumber } from "~/lib/ids";

/**
 * The Devoluciones tab: the shoppers' return and exchange requests (each opens its page,
 * /admin/devoluciones/:id), then process the return of an order (any status but devuelto and cancelado;
 * its items go back into stock) and the returns processed so far, newest first.
 * `?pedido=LJ…` fills in the order, as the Pedidos tab links here.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWithRole(request, "worker");
  const url = new URL(request.url);
  const orderNumber = parseOrderNumber(url.searchParams.get("pedido")) ?? "";
  const page = parsePage(url.searchParams.get("pagina"));
  return { returns: await listReturns(page), requests: await listReturnRequests(), orderNumber };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUserWithRole(request, "worker");
  const form = await readForm(request);
  const submission = parseWithZod(form, { schema: ReturnSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const outcome = await processReturn(user, submission.value);
  if (!outcome.ok && outcome.reason === "not_found") {
    return data(submission.reply({ fieldErrors: { orderNumber: [RETURN_MESSAGES.orderNotFound] } }), { status: 404 });
  }
  if (!outcome.ok) {
    const message = outcome.reason === "has_requests" ? RETURN_MESSAGES.hasRequests : RETURN_MESSAGES.notReturnable;
    return data(submission.reply({ formErrors: [message] }), { status: 409 });
  }
  throw redirect("/admin/devoluciones", {
    headers: {
      "Set-Cookie": await setFlash(request, {
        kind: "success",
        message: `Devolución procesada: pedido ${submission.value.orderNumber}, existencias restauradas`,
      }),
    },
  });
}

export default function AdminReturns() {
  const { returns, requests, orderNumber } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const isPending = useIsPending({ state: "submitting" });
  const { form, fields, focus } = useSchemaForm(ReturnSchema, {
    id: "process-return",
    lastResult,
    defaultValue: { orderNumber, reason: DEFAULT_RETURN_REASON },
  });
  return (
    <div>
      <h2 className="font-serif text-3xl text-ink-900">Devoluciones</h2>
      <ReturnRequestsSection open={requests.open} closed={requests.closed} />
      <section aria-labelledby="process-return-title" className="mt-6 rounded-sm border border-ink-900/10 bg-white p-5">
        <h3 id="process-return-title" className="font-medium text-ink-900">
          Procesar devolución
        </h3>
        <p className="mt-1 text-sm text-ink-700">
          Sin solicitud del cliente: devuelve todo el pedido, sus piezas vuelven a las existencias y el pedido pasa a
          Devuelto.
        </p>
        <Form method="post" {...getFormProps(form)} className="mt-4 max-w-xl space-y-4" key={orderNumber}>
          <FormError id={form.errorId} errors={form.errors} />
          <Field
            meta={fields.orderNumber}
            label="Número de pedido"
            autoComplete="off"
            hint="Por ejemplo LJ4821937365"
            autoFocus={focus === "orderNumber"}
          />
          <div>
            <label htmlFor={fields.reason.id} className="field-label">
              Motivo
            </label>
            <textarea
              {...getTextareaProps(fields.reason)}
              rows={2}
              className="field-input"
              autoFocus={focus === "reason"}
            />
            <ErrorList id={fields.reason.errorId} errors={fields.reason.errors} />
          </div>
          <SubmitButton busy={isPending} label="Procesar devolución" busyLabel="Procesando…" />
        </Form>
      </section>

      <h3 className="mt-10 font-medium text-ink-900">Devoluciones procesadas</h3>
      {returns.items.length === 0 ? (
        <p className="mt-4 rounded-sm border border-dashed border-ink-900/15 bg-white px-6 py-10 text-center text-ink-700">
          No hay devoluciones todavía.
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-ink-900/10 rounded-sm border border-ink-900/10 bg-white">
          {returns.items.map((entry) => (
            <li key={entry.id} className="p-4 text-sm" data-testid="admin-return">
              <p className="font-medium text-ink-900">
                Pedido {entry.order.number} · {formatDateTime(entry.returnedAt)}
              </p>
              <p className="text-ink-700">
                {entry.reason} · procesada por {entry.admin ? (entry.admin.name ?? entry.admin.email) : "—"}
              </p>
              <ul className="mt-2 list-inside list-disc">
                {entry.order.items.map((item) => (
                  <li key={item.id}>
                    {item.quantity} × {item.product?.name ?? item.productName}
                    {item.variantName ? ` (${item.variantName})` : ""}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={returns} />
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Devoluciones — Panel de Administración" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
