import { Form } from "@remix-run/react";
import { Link } from "~/components/link";
import { formatMoney } from "~/lib/money";
import type { RefundFormErrors } from "~/lib/validation/refund";
import type { RefundPage } from "~/models/refund-views.server";
import { REFUND_METHOD_LABEL } from "./refund-list";

/**
 * The refund page's two steps (app/routes/admin.pedidos.$number_.reembolso.tsx), plain forms that
 * work without JavaScript: choosing the pieces, and the confirmation that says the amount and where
 * the money goes (for OXXO and SPEI, with the shopper's CLABE and the transfer's tracking key).
 */

export type Review = {
  amount: number;
  lines: { name: string; quantity: number; amount: number }[];
  shipping: number;
  giftWrap: number;
};

type Answer = { errors: RefundFormErrors; values: Record<string, string>; review: Review | null };
type Prefill = {
  id: number;
  reason: string;
  items: Record<string, number>;
  shipping: boolean;
  giftWrap: boolean;
} | null;

function ErrorText({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="field-error" role="alert">
      {message}
    </p>
  ) : null;
}

export function ChooseStep(props: {
  page: RefundPage;
  prefill: Prefill;
  answer?: Answer;
  isAdmin: boolean;
  busy: boolean;
}) {
  const { page, prefill, answer } = props;
  const values = answer?.values ?? {};
  const pieceDefault = (id: number) => values[`pieza-${id}`] ?? String(prefill?.items[id] ?? 0);
  return (
    <Form
      method="post"
      className="max-w-2xl space-y-4 rounded-sm border border-ink-900/10 bg-white p-5"
      data-testid="refund-choose"
    >
      <h3 className="font-medium text-ink-900">1. Elige qué reembolsar</h3>
      <ErrorText id="refund-form-error" message={answer?.errors.form} />
      {prefill ? <input type="hidden" name="solicitud" value={prefill.id} /> : null}
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-ink-700">
            <th className="py-1">Pieza</th>
            <th>Por reembolsar</th>
            <th>Cantidad</th>
          </tr>
        </thead>
        <tbody>
          {page.lines.map((line) => (
            <tr key={line.id}>
              <td className="py-1">
                <label htmlFor={`pieza-${line.id}`}>{line.name}</label>
              </td>
              <td>
                {line.left} de {line.quantity} · {formatMoney(line.unitAmount)} c/u
              </td>
              <td>
                <input
                  id={`pieza-${line.id}`}
                  name={`pieza-${line.id}`}
                  type="number"
                  min={0}
                  max={line.left}
                  defaultValue={pieceDefault(line.id)}
                  disabled={line.left === 0}
                  className="field-input w-20"
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {page.shipping.left ? (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="envio" defaultChecked={values.envio === "on" || Boolean(prefill?.shipping)} />
          Envío ({formatMoney(page.shipping.amount)})
        </label>
      ) : null}
      {page.giftWrap.left ? (
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            name="envoltura"
            defaultChecked={values.envoltura === "on" || Boolean(prefill?.giftWrap)}
          />
          Envoltura de regalo ({formatMoney(page.giftWrap.amount)})
        </label>
      ) : null}
      <div>
        <label htmlFor="refund-reason" className="field-label">
          Motivo
        </label>
        <textarea
          id="refund-reason"
          name="motivo"
          rows={2}
          className="field-input"
          defaultValue={values.motivo ?? prefill?.reason ?? ""}
          aria-describedby={answer?.errors.reason ? "refund-reason-error" : undefined}
        />
        <ErrorText id="refund-reason-error" message={answer?.errors.reason} />
      </div>
      <button type="submit" name="intent" value="revisar" className="btn-primary" disabled={props.busy}>
        Revisar el reembolso
      </button>
    </Form>
  );
}

export function ConfirmStep(props: {
  page: RefundPage;
  review: Review;
  answer: Answer;
  isAdmin: boolean;
  busy: boolean;
}) {
  const { page, review, answer, isAdmin } = props;
  const hidden = Object.entries(answer.values).filter(
    ([name]) => /^pieza-\d+$/.test(name) || ["envio", "envoltura", "motivo", "solicitud"].includes(name),
  );
  const manual = page.method === "transfer";
  return (
    <Form
      method="post"
      className="max-w-2xl space-y-4 rounded-sm border border-ink-900/10 bg-white p-5"
      data-testid="refund-confirm"
    >
      <h3 className="font-medium text-ink-900">2. Confirma el reembolso</h3>
      <ErrorText id="refund-form-error" message={answer.errors.form} />
      <p className="text-lg text-ink-900" data-testid="refund-summary">
        Vas a {isAdmin ? "reembolsar" : "solicitar un reembolso de"} <strong>{formatMoney(review.amount)}</strong>{" "}
        {REFUND_METHOD_LABEL[page.method]}.
      </p>
      <ul className="list-inside list-disc text-sm text-ink-800">
        {review.lines.map((line) => (
          <li key={line.name}>
            {line.quantity} × {line.name}: {formatMoney(line.amount)}
          </li>
        ))}
        {review.shipping > 0 ? <li>Envío: {formatMoney(review.shipping)}</li> : null}
        {review.giftWrap > 0 ? <li>Envoltura de regalo: {formatMoney(review.giftWrap)}</li> : null}
      </ul>
      {page.method === "card" && isAdmin ? (
        <p className="text-sm text-ink-700">
          El reembolso queda pendiente hasta que el procesador de pagos lo confirme; al cliente le llega de 5 a 10 días
          hábiles después.
        </p>
      ) : null}
      {hidden.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {manual && isAdmin ? (
        <div className="space-y-3">
          <p className="text-sm text-ink-700">
            OXXO y SPEI no se pueden reembolsar por el procesador de pagos: pide al cliente su CLABE, haz la
            transferencia desde el banco de la tienda y registra aquí su clave de rastreo.
          </p>
          <div>
            <label htmlFor="refund-clabe" className="field-label">
              CLABE del cliente (18 dígitos)
            </label>
            <input
              id="refund-clabe"
              name="clabe"
              inputMode="numeric"
              autoComplete="off"
              className="field-input"
              defaultValue={answer.values.clabe ?? ""}
            />
            <ErrorText id="refund-clabe-error" message={answer.errors.clabe} />
          </div>
          <div>
            <label htmlFor="refund-reference" className="field-label">
              Clave de rastreo de la transferencia
            </label>
            <input
              id="refund-reference"
              name="referencia"
              autoComplete="off"
              className="field-input"
              defaultValue={answer.values.referencia ?? ""}
            />
            <ErrorText id="refund-reference-error" message={answer.errors.reference} />
          </div>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <button
          type="submit"
          name="intent"
          value={isAdmin ? "confirmar" : "solicitar"}
          className="btn-primary"
          disabled={props.busy}
        >
          {isAdmin ? `Confirmar reembolso de ${formatMoney(review.amount)}` : "Enviar solicitud a un administrador"}
        </button>
        <Link
          to={`/admin/pedidos/${page.order.number}/reembolso`}
          className="self-center text-sm text-gold-700 underline"
        >
          Cambiar la selección
        </Link>
      </div>
    </Form>
  );
}
