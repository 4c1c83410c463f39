import { invariantResponse } from "@epic-web/invariant";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { REFUND_METHOD_LABEL, RefundList } from "~/components/admin/refund-list";
import { ChooseStep, ConfirmStep, type Review } from "~/components/admin/refund-steps";
import { Section } from "~/components/admin/order-sections";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Link } from "~/components/link";
import { parseOrderNumber } from "~/lib/ids";
import { formatMoney } from "~/lib/money";
import { hasRole } from "~/lib/roles";
import { parseRefundForm, REFUND_MESSAGES, type RefundFormErrors } from "~/lib/validation/refund";
import { getRefundPage, requestChoice } from "~/models/refund-views.server";
import {
  previewRefund,
  type RefundRefusal,
  recordManualRefund,
  refundCard,
  requestRefund,
} from "~/models/refunds.server";
import { setFlash } from "~/utils/flash.server";
import { readForm } from "~/utils/request.server";
import { requireUserWithRole } from "~/utils/session.server";

const NOT_FOUND = "Pedido no encontrado";

/**
 * Refunding an order (docs/decisions/032-refunds-through-the-provider.md), in two steps that work
 * without JavaScript: choose the pieces (and the shipping) and the reason, then a confirmation that
 * says the amount and where the money goes. Admins confirm (a card: through the provider, pending
 * until it confirms; OXXO or SPEI: the transfer they made, with the CLABE and tracking key); a worker
 * sends a request that admins see here and on the order page.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUserWithRole(request, "worker");
  const number = parseOrderNumber(params.number);
  invariantResponse(number, NOT_FOUND, { status: 404 });
  const page = await getRefundPage(number);
  invariantResponse(page, NOT_FOUND, { status: 404 });
  const asked = new URL(request.url).searchParams.get("solicitud");
  const prefill = asked && /^\d{1,9}$/.test(asked) ? await requestChoice(page.order.id, Number(asked)) : null;
  return { page, prefill, isAdmin: hasRole(user.role, "admin") };
}

const REFUSALS: Record<RefundRefusal, { message: string; status: number }> = {
  empty: { message: REFUND_MESSAGES.nothing, status: 400 },
  unknown_item: { message: REFUND_MESSAGES.unknownItem, status: 400 },
  too_many: { message: REFUND_MESSAGES.tooMany, status: 409 },
  not_found: { message: NOT_FOUND, status: 404 },
  unpaid: { message: REFUND_MESSAGES.unpaid, status: 409 },
  wrong_method: { message: REFUND_MESSAGES.wrongMethod, status: 409 },
};

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUserWithRole(request, "worker");
  const number = parseOrderNumber(params.number);
  invariantResponse(number, NOT_FOUND, { status: 404 });
  const page = await getRefundPage(number);
  invariantResponse(page, NOT_FOUND, { status: 404 });
  const isAdmin = hasRole(user.role, "admin");
  const form = await readForm(request);
  const values = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string")) as Record<
    string,
    string
  >;
  const parsed = parseRefundForm(form, { manual: page.method === "transfer" });
  const answer = (errors: RefundFormErrors, status: number, review: Review | null = null) =>
    data({ errors, values, review }, { status });
  if (!parsed.ok && parsed.intent === null) return answer(parsed.errors, 400);
  const intent = parsed.ok ? parsed.value.intent : parsed.intent;
  if (intent === "confirmar" && !isAdmin) return answer({ form: REFUND_MESSAGES.adminOnly }, 403);
  // A confirmation whose CLABE or key is wrong comes back to the confirmation, with the amount again.
  const reviewAgain = !parsed.ok && intent === "confirmar" && !parsed.errors.form && !parsed.errors.reason;
  if (!parsed.ok && !reviewAgain) return answer(parsed.errors, 400);
  const chosenForm = parseRefundForm(form, { manual: false });
  if (!chosenForm.ok) return answer(chosenForm.errors, 400);
  const { chosen, reason } = chosenForm.value;
  const preview = await previewRefund(page.order.id, chosen);
  if (!preview.ok) return answer({ form: REFUSALS[preview.reason].message }, REFUSALS[preview.reason].status);
  const review: Review = {
    amount: preview.quote.amount,
    lines: preview.quote.items.map((line) => ({
      name: page.lines.find((l) => l.id === line.orderItemId)?.name ?? "Pieza",
      quantity: line.quantity,
      amount: line.amount,
    })),
    shipping: preview.quote.shipping,
    giftWrap: preview.quote.giftWrap,
  };
  if (!parsed.ok) return answer(parsed.errors, 400, review);
  const { requestId, clabe, reference } = parsed.value;
  if (intent === "revisar") return answer({}, 200, review);

  const orderId = page.order.id;
  const outcome =
    intent === "solicitar"
      ? await requestRefund(user, { orderId, chosen, reason })
      : page.method === "card"
        ? await refundCard(user, { orderId, chosen, reason, requestId })
        : await recordManualRefund(user, { orderId, chosen, reason, requestId, clabe: clabe!, reference: reference! });
  if (!outcome.ok) return answer({ form: REFUSALS[outcome.reason].message }, REFUSALS[outcome.reason].status);
  const amount = formatMoney(review.amount);
  const message =
    intent === "solicitar"
      ? `Solicitud de reembolso de ${amount} enviada a los administradores`
      : outcome.status === "fallido"
        ? `El procesador de pagos rechazó el reembolso de ${amount}: el dinero no se devolvió`
        : outcome.status === "pendiente"
          ? `Reembolso de ${amount} enviado al procesador de pagos: queda pendiente hasta que lo confirme`
          : `Reembolso de ${amount} registrado`;
  throw redirect(`/admin/pedidos/${page.order.number}/reembolso`, {
    headers: {
      "Set-Cookie": await setFlash(request, { kind: outcome.status === "fallido" ? "error" : "success", message }),
    },
  });
}

export default function RefundOrderPage() {
  const { page, prefill, isAdmin } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const review = answer?.review ?? null;
  return (
    <div>
      <p className="text-sm">
        <Link to={`/admin/pedidos/${page.order.number}`} className="text-gold-700 underline">
          ← Pedido {page.order.number}
        </Link>
      </p>
      <h2 className="mt-2 font-serif text-3xl text-ink-900">Reembolso del pedido {page.order.number}</h2>
      <p className="mt-1 text-sm text-ink-700" data-testid="refund-left">
        Pagado: {formatMoney(page.order.total)} · Queda por reembolsar: {formatMoney(page.left)} · Forma:{" "}
        {REFUND_METHOD_LABEL[page.method]}
      </p>
      <div className="mt-6">
        {!page.paid ? (
          <p className="text-sm text-ink-700">{REFUND_MESSAGES.unpaid}</p>
        ) : review ? (
          <ConfirmStep page={page} review={review} answer={answer!} isAdmin={isAdmin} busy={busy} />
        ) : page.left > 0 ? (
          <ChooseStep page={page} prefill={prefill} answer={answer} isAdmin={isAdmin} busy={busy} />
        ) : (
          <p className="text-sm text-ink-700">Este pedido ya se reembolsó completo.</p>
        )}
      </div>
      <div className="mt-6">
        <Section title="Reembolsos" testId="order-refunds">
          <RefundList refunds={page.refunds} orderNumber={isAdmin ? page.order.number : undefined} />
        </Section>
      </div>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? `Reembolso del pedido ${data.page.order.number}` : "Reembolso"} — Panel de Administración` },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
