import { invariantResponse } from "@epic-web/invariant";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { type DiscountCodeAnswer, DiscountCodeForm } from "~/components/admin/discount-code-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Link } from "~/components/link";
import { DISCOUNT_CODE_EDIT_MESSAGES } from "~/lib/discount-code-edit";
import { parseId } from "~/lib/ids";
import { getDiscountCodeEdit, updateDiscountCode } from "~/models/discount-code-edit.server";
import { readForm } from "~/utils/request.server";
import { requireUserWithRole } from "~/utils/session.server";
import { backToCodes, readDiscountCodeForm } from "./__discount-code-form.server";

/**
 * Editing a discount code (docs/decisions/058, "Editing a code"): the new form's fields, filled with the
 * code's rules; admins only, like creating one. Its text stays as it is once the code was used; an
 * archived code is edited and stays archived.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUserWithRole(request, "admin");
  const id = parseId(params.id);
  invariantResponse(id !== null, DISCOUNT_CODE_EDIT_MESSAGES.notFound, { status: 404 });
  const code = await getDiscountCodeEdit(id);
  invariantResponse(code, DISCOUNT_CODE_EDIT_MESSAGES.notFound, { status: 404 });
  return code;
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireUserWithRole(request, "admin");
  const id = parseId(params.id);
  invariantResponse(id !== null, DISCOUNT_CODE_EDIT_MESSAGES.notFound, { status: 404 });
  const form = await readForm(request);
  if (form.get("intent") !== "save") throw data("Solicitud no válida", { status: 400 });
  const read = readDiscountCodeForm(form);
  if (!read.ok) return data<DiscountCodeAnswer>(read.answer, { status: 400 });
  const outcome = await updateDiscountCode(admin, id, read.input);
  if (!outcome.ok) {
    invariantResponse(outcome.field !== "form", outcome.message, { status: 404 });
    return data<DiscountCodeAnswer>(
      { errors: { [outcome.field]: outcome.message }, values: read.values },
      { status: 409 },
    );
  }
  return backToCodes(request, { kind: "success", message: `Cupón ${outcome.code} guardado` });
}

export default function EditDiscountCode() {
  const code = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <div>
      <p>
        <Link to="/admin/promociones/cupones" className="text-sm text-gold-700 underline">
          ← Cupones
        </Link>
      </p>
      <h2 id="editar-cupon" className="mt-2 font-serif text-3xl text-ink-900">
        Editar cupón {code.code}
      </h2>
      {code.archived ? (
        <p className="mt-2 text-sm text-ink-700">Archivado: no se aplica hasta que lo restaures en la lista.</p>
      ) : null}
      <div className="mt-6">
        <DiscountCodeForm
          answer={answer ?? null}
          defaults={code.values}
          labelledBy="editar-cupon"
          intent="save"
          submitLabel="Guardar cambios"
          edit={{ usedCount: code.usedCount, codeLocked: code.codeLocked }}
        />
      </div>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Editar cupón — Administración" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
