import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SAT_KEY_MESSAGES } from "~/lib/cfdi/product-keys";
import { listCategorySatKeys, setCategorySatKey } from "~/models/category-sat-keys.server";
import { setFlash } from "~/utils/flash.server";
import { readForm } from "~/utils/request.server";
import { requireUserWithRole } from "~/utils/session.server";

/**
 * The Categorías tab (admins only): the SAT product key (c_ClaveProdServ) each category's pieces are
 * invoiced with (docs/decisions/061). One small form per category; a wrong key comes back with its
 * Spanish message next to the field and the value typed, with or without JavaScript.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWithRole(request, "admin");
  return { categories: await listCategorySatKeys() };
}

type ActionAnswer = { categoryId: number | null; value: string; error: string };

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireUserWithRole(request, "admin");
  const form = await readForm(request);
  const rawId = form.get("categoryId");
  const rawKey = form.get("satProductKey");
  const categoryId = typeof rawId === "string" && /^\d{1,9}$/.test(rawId) ? Number(rawId) : null;
  if (categoryId === null || typeof rawKey !== "string" || rawKey.length > 64) {
    return data<ActionAnswer>({ categoryId, value: "", error: SAT_KEY_MESSAGES.badRequest }, { status: 400 });
  }
  const result = await setCategorySatKey({ id: admin.id, email: admin.email }, categoryId, rawKey);
  if (result.status === "invalid") {
    return data<ActionAnswer>({ categoryId, value: rawKey, error: result.message }, { status: 400 });
  }
  if (result.status === "not_found") {
    return data<ActionAnswer>({ categoryId, value: rawKey, error: SAT_KEY_MESSAGES.notFound }, { status: 404 });
  }
  const message =
    result.status === "ok"
      ? `Clave SAT de ${result.name}: ${result.key}. Las facturas nuevas la usan.`
      : `${result.name} ya tenía la clave ${result.key}.`;
  throw redirect("/admin/categorias", {
    headers: { "Set-Cookie": await setFlash(request, { kind: "success", message }) },
  });
}

export default function AdminCategories() {
  const { categories } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <div>
      <h2 className="font-serif text-3xl text-ink-900">Categorías</h2>
      <p className="mt-2 max-w-2xl text-sm text-ink-700">
        La clave de producto del SAT (catálogo c_ClaveProdServ, 8 dígitos) con la que se facturan las piezas de cada
        categoría. Las facturas ya emitidas conservan la clave con la que se timbraron.
      </p>
      {answer && answer.categoryId === null ? (
        <p role="alert" className="mt-4 text-sm text-red-800">
          {answer.error}
        </p>
      ) : null}
      <ul className="mt-6 divide-y divide-ink-900/10 rounded-sm border border-ink-900/10 bg-white">
        {categories.map((category) => {
          const error = answer?.categoryId === category.id ? answer.error : null;
          const fieldId = `sat-key-${category.id}`;
          return (
            <li key={category.id} className="px-4 py-3" data-testid="admin-category">
              <Form
                method="post"
                className="flex flex-wrap items-end gap-3"
                aria-label={`Clave SAT de ${category.name}`}
              >
                <input type="hidden" name="categoryId" value={category.id} />
                <div>
                  <label htmlFor={fieldId} className="block text-sm font-medium text-ink-900">
                    {category.name}
                  </label>
                  <input
                    id={fieldId}
                    name="satProductKey"
                    inputMode="numeric"
                    autoComplete="off"
                    maxLength={16}
                    defaultValue={error ? answer?.value : category.satProductKey}
                    key={error ? `error-${answer?.value}` : category.satProductKey}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${fieldId}-error` : undefined}
                    className="field-input mt-1 w-40"
                  />
                </div>
                <button type="submit" className="btn-secondary" disabled={busy}>
                  Guardar
                </button>
                {error ? (
                  <p id={`${fieldId}-error`} className="w-full text-sm text-red-800" data-testid="sat-key-error">
                    {error}
                  </p>
                ) : null}
              </Form>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Categorías — Panel de Administración" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
