import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { type DiscountCodeAnswer, DiscountCodeForm } from "~/components/admin/discount-code-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Link } from "~/components/link";
import { formatMoney } from "~/lib/money";
import { createDiscountCode, listDiscountCodes, setDiscountCodeArchived } from "~/models/admin-discount-codes.server";
import { readForm } from "~/utils/request.server";
import { requireUserWithRole } from "~/utils/session.server";
import { backToCodes, readDiscountCodeForm } from "./__discount-code-form.server";

/**
 * Discount codes for staff (issue 37, docs/decisions/058): each code with its uses and the revenue of
 * its paid orders; a form to create one (no JavaScript needed, Spanish errors next to the fields, the
 * values kept); archive and restore; a link to each one's edit page. Admins only, like the other
 * settings of the shop.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWithRole(request, "admin");
  return { codes: await listDiscountCodes() };
}

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
    return backToCodes(request, { kind: changed ? "success" : "notice", message });
  }
  if (intent !== "create") throw data("Solicitud no válida", { status: 400 });
  const read = readDiscountCodeForm(form);
  if (!read.ok) return data<DiscountCodeAnswer>(read.answer, { status: 400 });
  const outcome = await createDiscountCode(admin, read.input);
  if (!outcome.ok) {
    return data<DiscountCodeAnswer>(
      { errors: { [outcome.field]: outcome.message }, values: read.values },
      { status: 409 },
    );
  }
  return backToCodes(request, { kind: "success", message: `Cupón ${read.input.code} creado` });
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
                <div className="flex flex-wrap items-center gap-2">
                  <Link
                    to={`/admin/promociones/cupones/${code.id}`}
                    className="btn-ghost inline-flex min-h-11 items-center text-xs"
                  >
                    Editar<span className="sr-only"> {code.code}</span>
                  </Link>
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
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {codes.length === 0 ? <p className="mt-4 text-sm text-ink-700">Todavía no hay cupones.</p> : null}
      <h3 id="nuevo-cupon" className="mt-10 font-serif text-2xl text-ink-900">
        Nuevo cupón
      </h3>
      <div className="mt-4">
        <DiscountCodeForm
          answer={answer ?? null}
          defaults={{}}
          labelledBy="nuevo-cupon"
          intent="create"
          submitLabel="Crear cupón"
        />
      </div>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Cupones — Administración" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
