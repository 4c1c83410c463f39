import { invariantResponse } from "@epic-web/invariant";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { SaleEventForm } from "~/components/admin/sale-event-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Link } from "~/components/link";
import { parseId } from "~/lib/ids";
import { SALE_EVENT_MESSAGES } from "~/lib/validation/sale-event";
import { requireUserWithRole } from "~/utils/session.server";
import { saleEventAction, saleEventFormData } from "./__sale-event-form.server";

/** Editing a sale event (admins only); its new prices apply as soon as it is saved. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUserWithRole(request, "admin");
  const id = parseId(params.id);
  invariantResponse(id !== null, SALE_EVENT_MESSAGES.notFound, { status: 404 });
  const found = await saleEventFormData(id);
  invariantResponse(found, SALE_EVENT_MESSAGES.notFound, { status: 404 });
  return found;
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUserWithRole(request, "admin");
  const id = parseId(params.id);
  invariantResponse(id !== null, SALE_EVENT_MESSAGES.notFound, { status: 404 });
  return saleEventAction(request, user, id);
}

export default function EditSaleEvent() {
  const { categories, values, archived } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <div>
      <p>
        <Link to="/admin/promociones" className="text-sm text-gold-700 underline">
          ← Promociones
        </Link>
      </p>
      <h2 className="mt-2 font-serif text-3xl text-ink-900">Editar evento: {values.name}</h2>
      {archived ? <p className="mt-2 text-sm text-ink-700">Archivado: sus precios no se aplican.</p> : null}
      <div className="mt-6">
        <SaleEventForm
          lastResult={lastResult}
          defaultValue={values}
          categories={categories}
          submitLabel="Guardar cambios"
        />
      </div>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Editar evento de ofertas — Panel de Administración" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
