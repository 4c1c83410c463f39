import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { DISCOUNT_CODE_FIELDS, DISCOUNT_KIND_LABEL, DiscountCodeSchema } from "~/lib/validation/discount-code";
import { DISCOUNT_KINDS } from "~/lib/discounts";
import { formatMoney } from "~/lib/money";
import { createDiscountCode, listDiscountCodes, setDiscountCodeArchived } from "~/models/admin-discount-codes.server";
import { setFlash } from "~/utils/flash.server";
import { readForm } from "~/utils/request.server";
import { requireUserWithRole } from "~/utils/session.server";

/**
 * Discount codes for staff (issue 37, docs/decisions/058): each code with its uses and the revenue of
 * its paid orders; a form to create one (no JavaScript needed, Spanish errors next to the fields, the
 * values kept); archive and restore. Admins only, like the other settings of the shop.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWithRole(request, "admin");
  return { codes: await listDiscountCodes() };
}

type Answer = { errors: Partial<Record<string, string>>; values: Record<string, string> };

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireUserWithRole(request, "admin");
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "archive" || intent === "restore") {
    const id = Number(form.get("id"));
    if (!Number.isSafeInteger(id) || id < 1) throw data("Solicitud no válida", { status: 400 });
    const changed = await setDiscountCodeArchived(admin, id, intent === "archive");
    // Said either way: a second click (or another admin's) changed nothing, and the list shows why.
    const message = !changed ? "El cupón ya estaba así" : intent === "archive" ? "Cupón archivado" : "Cupón restaurado";
    throw redirect("/admin/promociones/cupones", {
      headers: { "Set-Cookie": await setFlash(request, { kind: changed ? "success" : "notice", message }) },
    });
  }
  if (intent !== "create") throw data("Solicitud no válida", { status: 400 });
  const values = Object.fromEntries(
    DISCOUNT_CODE_FIELDS.map((name) => [name, String(form.get(name) ?? "").slice(0, 2000)]),
  );
  const submission = parseWithZod(form, { schema: DiscountCodeSchema });
  if (submission.status !== "success") {
    const errors = Object.fromEntries(
      Object.entries(submission.reply().error ?? {}).map(([field, messages]) => [field, messages?.[0]]),
    );
    return data<Answer>({ errors, values }, { status: 400 });
  }
  const outcome = await createDiscountCode(admin, submission.value);
  if (!outcome.ok) return data<Answer>({ errors: { [outcome.field]: outcome.message }, values }, { status: 409 });
  throw redirect("/admin/promociones/cupones", {
    headers: {
      "Set-Cookie": await setFlash(request, { kind: "success", message: `Cupón ${submission.value.code} creado` }),
    },
  });
}

export default function AdminDiscountCodes() {
  const { codes } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <div>
      <h2 className="font-serif text-3xl text-ink-900">Cupones</h2>
      <table className="mt-6 w-full text-left text-sm" data-testid="discount-codes">
        <thead>
          <tr className="border-b border-ink-900/10">
            <th className="py-2">Código</th>
            <th>Descuento</th>
            <th>Condiciones</th>
            <th>Usos</th>
            <th>Ventas</th>
            <th>
              <span className="sr-only">Acciones</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {codes.map((code) => (
            <tr key={code.id} className="border-b border-ink-900/10 align-top">
              <td className="py-2 font-medium">
                {code.code}
                {code.archived ? <span className="ml-2 text-xs text-ink-700">(archivado)</span> : null}
              </td>
              <td>{code.discount}</td>
              <td className="text-ink-700">{code.conditions}</td>
              <td>{code.usageLimit === null ? code.usedCount : `${code.usedCount} de ${code.usageLimit}`}</td>
              <td>{formatMoney(code.revenue)}</td>
              <td>
                <Form method="post">
                  <input type="hidden" name="id" value={code.id} />
                  <button
                    type="submit"
                    name="intent"
                    value={code.archived ? "restore" : "archive"}
                    className="btn-ghost min-h-11 text-xs"
                  >
                    {code.archived ? "Restaurar" : "Archivar"}
                  </button>
                </Form>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {codes.length === 0 ? <p className="mt-4 text-sm text-ink-700">Todavía no hay cupones.</p> : null}
      <NewCodeForm answer={answer ?? null} />
    </div>
  );
}

function NewCodeForm({ answer }: { answer: Answer | null }) {
  const field = (name: string, label: string, hint?: string, type = "text") => {
    const error = answer?.errors[name];
    return (
      <div>
        <label htmlFor={`cupon-${name}`} className="block text-sm text-ink-800">
          {label}
        </label>
        <input
          id={`cupon-${name}`}
          name={name}
          type={type}
          defaultValue={answer?.values[name] ?? ""}
          className="field-input mt-1"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `cupon-${name}-error` : hint ? `cupon-${name}-hint` : undefined}
        />
        {hint && !error ? (
          <p id={`cupon-${name}-hint`} className="mt-1 text-xs text-ink-700">
            {hint}
          </p>
        ) : null}
        {error ? (
          <p id={`cupon-${name}-error`} className="mt-1 text-sm text-red-800">
            {error}
          </p>
        ) : null}
      </div>
    );
  };
  const kindError = answer?.errors.kind;
  return (
    <Form method="post" className="mt-10 grid max-w-3xl gap-4 sm:grid-cols-2" aria-labelledby="nuevo-cupon">
      <h3 id="nuevo-cupon" className="font-serif text-2xl text-ink-900 sm:col-span-2">
        Nuevo cupón
      </h3>
      {field("code", "Código", "Se guarda en mayúsculas, p. ej. BUENFIN")}
      <div>
        <label htmlFor="cupon-kind" className="block text-sm text-ink-800">
          Tipo
        </label>
        <select
          id="cupon-kind"
          name="kind"
          defaultValue={answer?.values.kind ?? "percentage"}
          className="field-input mt-1"
          aria-invalid={kindError ? true : undefined}
        >
          {DISCOUNT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {DISCOUNT_KIND_LABEL[kind]}
            </option>
          ))}
        </select>
        {kindError ? <p className="mt-1 text-sm text-red-800">{kindError}</p> : null}
      </div>
      {field("value", "Valor", "Porcentaje (1 a 100) o pesos con IVA; vacío para envío gratis")}
      {field("minimumPurchase", "Compra mínima (pesos con IVA)", "Vacío: sin mínimo")}
      {field("startsAt", "Inicio (hora de la Ciudad de México)", "Vacío: desde ahora", "datetime-local")}
      {field("endsAt", "Fin (hora de la Ciudad de México)", "Vacío: sin fin", "datetime-local")}
      {field("usageLimit", "Usos en total", "Vacío: sin límite")}
      {field("perShopperLimit", "Usos por cliente", "Vacío: sin límite")}
      {field("categoryIds", "Solo categorías (ids)", "Separadas por comas; vacío: todas")}
      {field("productIds", "Solo piezas (ids)", "Separadas por comas; vacío: todas")}
      <div className="sm:col-span-2">
        <button type="submit" name="intent" value="create" className="btn-primary">
          Crear cupón
        </button>
      </div>
    </Form>
  );
}

export const meta: MetaFunction = () => [{ title: "Cupones — Administración" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
