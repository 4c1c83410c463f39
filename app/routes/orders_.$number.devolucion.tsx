import { invariantResponse } from "@epic-web/invariant";
import {
  type ActionFunctionArgs,
  data,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { ReturnRequestFields } from "~/components/return-request-form";
import { ErrorPanel, GeneralErrorBoundary } from "~/components/error-boundary";
import { FormError, SubmitButton } from "~/components/form-parts";
import { Link } from "~/components/link";
import { useIsPending } from "~/components/use-is-pending";
import { parseOrderNumber } from "~/lib/ids";
import { formatDeadline } from "~/lib/return-requests";
import { parseShopperRequest, shopperRequestValues } from "~/lib/validation/return-request";
import { createReturnRequest, getRequestForm } from "~/models/return-requests.server";
import { setFlash } from "~/utils/flash.server";
import { readForm } from "~/utils/request.server";
import { requireUserWithRole } from "~/utils/session.server";

const NOT_FOUND = "Pedido no encontrado";

/**
 * *Solicitar devolución o cambio* of one of the shopper's delivered orders (docs/decisions/034):
 * pieces and quantities, a reason, and for a piece sold in sizes the new size. A plain form: without
 * JavaScript the action's errors come back next to their fields with the values typed; the server
 * checks everything again (ownership, the window, quantities, the size).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUserWithRole(request, "customer");
  const number = parseOrderNumber(params.number);
  invariantResponse(number, NOT_FOUND, { status: 404 });
  const form = await getRequestForm(user.id, number);
  invariantResponse(form, NOT_FOUND, { status: 404 });
  return form;
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUserWithRole(request, "customer");
  const number = parseOrderNumber(params.number);
  invariantResponse(number, NOT_FOUND, { status: 404 });
  const form = await readForm(request);
  const values = shopperRequestValues(form);
  const parsed = parseShopperRequest(form);
  if (!parsed.ok) return data({ errors: parsed.errors, values }, { status: 400 });
  const outcome = await createReturnRequest(user, number, parsed.value);
  if (!outcome.ok) return data({ errors: outcome.errors, values }, { status: outcome.status });
  throw redirect(`/orders#pedido-${number}`, {
    headers: {
      "Set-Cookie": await setFlash(request, {
        kind: "success",
        message: "Recibimos tu solicitud: te escribiremos por correo en cuanto la revisemos",
      }),
    },
  });
}

export default function RequestReturn() {
  const { order, window, items } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useIsPending({ state: "submitting" });
  const anyLeft = items.some((item) => item.left > 0);
  return (
    <section className="mx-auto max-w-3xl px-4 py-16 sm:px-6 lg:px-8">
      <Link to="/orders" className="text-sm text-gold-700 underline">
        ← Mis Pedidos
      </Link>
      <h1 className="mt-4 font-serif text-4xl text-ink-900">Solicitar devolución o cambio</h1>
      <p className="mt-2 text-ink-700">
        Pedido <strong>{order.number}</strong>
      </p>
      {window.deadline ? (
        <p className="mt-2 text-sm text-ink-700" data-testid="return-deadline">
          {window.open ? "Puedes solicitarla hasta el " : "El plazo terminó el "}
          {formatDeadline(window.deadline)} (hora del centro de México).{" "}
          <Link to="/envios-y-devoluciones#devoluciones" className="underline">
            Política de devoluciones
          </Link>
        </p>
      ) : null}
      {!window.open || !anyLeft ? (
        <p
          role="status"
          className="mt-8 rounded-sm border border-ink-900/10 bg-ivory-100/60 px-5 py-4 text-ink-800"
          data-testid="return-closed"
        >
          {window.closed ?? "Ya solicitaste la devolución o el cambio de todas las piezas de este pedido."}
        </p>
      ) : (
        <Form method="post" className="mt-8 space-y-6" data-testid="return-request-form" noValidate>
          <FormError id="return-request-error" errors={answer?.errors.form ? [answer.errors.form] : undefined} />
          <ReturnRequestFields items={items} errors={answer?.errors ?? {}} values={answer?.values ?? {}} />
          <div className="max-w-xs">
            <SubmitButton busy={busy} label="Enviar solicitud" busyLabel="Enviando…" />
          </div>
        </Form>
      )}
    </section>
  );
}

export const meta: MetaFunction = () => [
  { title: "Solicitar devolución o cambio — Joyería Aurora" },
  { name: "robots", content: "noindex" },
];

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => <ErrorPanel title={NOT_FOUND} message="No tienes ningún pedido con ese número." />,
      }}
    />
  );
}
