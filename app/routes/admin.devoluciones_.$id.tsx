import { invariantResponse } from "@epic-web/invariant";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { RequestSteps } from "~/components/admin/return-request-steps";
import { ErrorPanel, GeneralErrorBoundary } from "~/components/error-boundary";
import { Link } from "~/components/link";
import { formatDateTime } from "~/lib/dates";
import { parseId } from "~/lib/ids";
import { RETURN_KIND_LABEL, RETURN_STATUS_INFO } from "~/lib/return-requests";
import { parseStaffStep } from "~/lib/validation/return-request";
import {
  approveRequest,
  receiveRequest,
  rejectRequest,
  shipExchange,
  type StaffOutcome,
} from "~/models/return-staff.server";
import { getReturnRequest } from "~/models/return-views.server";
import { setFlash } from "~/utils/flash.server";
import { readForm } from "~/utils/request.server";
import { requireUserWithRole } from "~/utils/session.server";

const NOT_FOUND = "Solicitud no encontrada";

/**
 * One shopper's return or exchange request (docs/decisions/034), for workers and admins: approve or
 * reject it with a message, print its return slip, mark the pieces received (and how many can be sold
 * again), then refund them (the refund page, prefilled) or ship the exchange with its own guide number.
 * Plain forms: errors come back next to their fields, success as a flash on this page.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUserWithRole(request, "worker");
  const id = parseId(params.id);
  invariantResponse(id, NOT_FOUND, { status: 404 });
  const found = await getReturnRequest(id);
  invariantResponse(found, NOT_FOUND, { status: 404 });
  return { request: found };
}

const DONE: Record<string, string> = {
  aprobar: "Solicitud aprobada: le escribimos al cliente",
  rechazar: "Solicitud rechazada: le escribimos al cliente con tu mensaje",
  recibir: "Piezas recibidas: las vendibles volvieron a las existencias",
  enviar: "Cambio enviado: le escribimos al cliente con el número de guía",
};

function refusal(outcome: Extract<StaffOutcome, { ok: false }>): { errors: Record<string, string>; status: number } {
  switch (outcome.reason) {
    case "not_found":
      return { errors: { form: NOT_FOUND }, status: 404 };
    case "not_allowed":
      return {
        errors: {
          form: `Esta solicitud está ${RETURN_STATUS_INFO[outcome.status].label.toLowerCase()}: ese paso ya no aplica`,
        },
        status: 409,
      };
    case "out_of_stock":
      return {
        errors: {
          form: `La talla ${outcome.size} se agotó desde que el cliente la pidió: no se puede apartar el cambio. Rechaza la solicitud con un mensaje o pide al cliente otra talla.`,
        },
        status: 409,
      };
    case "too_many_sellable":
      return {
        errors: { [`vendible-${outcome.orderItemId}`]: "No pueden volver más piezas de las que se devolvieron" },
        status: 400,
      };
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUserWithRole(request, "worker");
  const id = parseId(params.id);
  invariantResponse(id, NOT_FOUND, { status: 404 });
  const parsed = parseStaffStep(await readForm(request));
  if (!parsed.ok) return data({ errors: parsed.errors }, { status: 400 });
  const step = parsed.value;
  const outcome =
    step.intent === "aprobar"
      ? await approveRequest(user, id, step.message)
      : step.intent === "rechazar"
        ? await rejectRequest(user, id, step.message)
        : step.intent === "recibir"
          ? await receiveRequest(user, id, step.sellable)
          : await shipExchange(user, id, { carrier: step.carrier, trackingCode: step.trackingCode });
  if (!outcome.ok) {
    const { errors, status } = refusal(outcome);
    return data({ errors }, { status });
  }
  throw redirect(`/admin/devoluciones/${id}`, {
    headers: { "Set-Cookie": await setFlash(request, { kind: "success", message: DONE[step.intent]! }) },
  });
}

export default function AdminReturnRequest() {
  const { request } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { order } = request;
  return (
    <div>
      <Link to="/admin/devoluciones" className="text-sm text-gold-700 underline">
        ← Devoluciones
      </Link>
      <h2 className="mt-3 font-serif text-3xl text-ink-900">
        {RETURN_KIND_LABEL[request.kind]} · solicitud {request.id}
      </h2>
      <p className="mt-1 text-sm text-ink-700">
        <Link to={`/admin/pedidos/${order.number}`} className="underline">
          Pedido {order.number}
        </Link>{" "}
        · {order.user.name ?? order.email} ({order.email}) · solicitada el {formatDateTime(request.createdAt)}
      </p>
      <p className="mt-2 text-sm">
        Estado:{" "}
        <strong data-testid="admin-request-status" data-status={request.status}>
          {RETURN_STATUS_INFO[request.status].label}
        </strong>
        {request.decidedByEmail ? ` · decidida por ${request.decidedByEmail}` : ""}
      </p>
      <p className="mt-2 text-sm text-ink-800">
        Motivo del cliente: <span className="whitespace-pre-line">{request.reason}</span>
      </p>
      {request.staffMessage ? (
        <p className="mt-1 text-sm text-ink-800">Mensaje al cliente: {request.staffMessage}</p>
      ) : null}
      <RequestSteps request={request} errors={answer?.errors ?? {}} />
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Solicitud de devolución — Panel de Administración" }];

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => <ErrorPanel title={NOT_FOUND} message="No hay ninguna solicitud con ese número." />,
      }}
    />
  );
}
