import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { SaleEventForm } from "~/components/admin/sale-event-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Link } from "~/components/link";
import { requireUserWithRole } from "~/utils/session.server";
import { saleEventAction, saleEventFormData } from "./__sale-event-form.server";

/** A new sale event (admins only): name, percentage, dates in Mexico City time, categories and pieces. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWithRole(request, "admin");
  return (await saleEventFormData(null))!;
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUserWithRole(request, "admin");
  return saleEventAction(request, user, null);
}

export default function NewSaleEvent() {
  const { categories, values } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <div>
      <p>
        <Link to="/admin/promociones" className="text-sm text-gold-700 underline">
          ← Promociones
        </Link>
      </p>
      <h2 className="mt-2 font-serif text-3xl text-ink-900">Nuevo evento de ofertas</h2>
      <div className="mt-6">
        <SaleEventForm
          lastResult={lastResult}
          defaultValue={values}
          categories={categories}
          submitLabel="Crear evento"
        />
      </div>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Nuevo evento de ofertas — Panel de Administración" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
