import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ORDER_STATUS_INFO, ORDER_STATUSES } from "~/lib/order-status";
import { requireUserWithRole } from "~/utils/session.server";

/**
 * The exports (staff): the orders of a date range and status, and the catalogue with its variants —
 * CSV files for Excel in Spanish (UTF-8 with BOM, commas, prices as plain numbers with a point).
 * Plain GET forms: the browser downloads the file.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWithRole(request, "worker");
  return null;
}

export default function Exports() {
  return (
    <div className="space-y-8">
      <h2 className="font-serif text-3xl text-ink-900">Exportar</h2>
      <p className="max-w-2xl text-sm text-ink-700">
        Archivos CSV que Excel abre en español: separados por comas, con acentos, y los precios como números con punto
        decimal (por ejemplo 4890.00), listos para sumar.
      </p>
      <section className="rounded-sm border border-ink-900/10 bg-white p-5" aria-labelledby="export-orders">
        <h3 id="export-orders" className="font-serif text-xl text-ink-900">
          Pedidos
        </h3>
        <Form
          method="get"
          action="/admin/exportar/pedidos.csv"
          reloadDocument
          className="mt-3 flex flex-wrap items-end gap-3"
        >
          <div>
            <label htmlFor="export-from" className="field-label">
              Desde
            </label>
            <input id="export-from" name="desde" type="date" className="field-input" />
          </div>
          <div>
            <label htmlFor="export-to" className="field-label">
              Hasta
            </label>
            <input id="export-to" name="hasta" type="date" className="field-input" />
          </div>
          <div>
            <label htmlFor="export-status" className="field-label">
              Estado
            </label>
            <select id="export-status" name="estado" defaultValue="" className="field-input">
              <option value="">Todos</option>
              {ORDER_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {ORDER_STATUS_INFO[s].label}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn-primary">
            Descargar pedidos
          </button>
        </Form>
        <p className="mt-2 text-xs text-ink-700">
          Una fila por pedido, con su fecha y hora de la Ciudad de México. Sin fechas: todos los pedidos.
        </p>
      </section>
      <section className="rounded-sm border border-ink-900/10 bg-white p-5" aria-labelledby="export-catalogue">
        <h3 id="export-catalogue" className="font-serif text-xl text-ink-900">
          Catálogo
        </h3>
        <p className="mt-2 max-w-2xl text-sm text-ink-700">
          Una fila por variante (o por pieza sin variantes), con precios, existencias y fotos. Es el formato que lee la
          importación: edítalo y vuelve a subirlo para cambiar muchas piezas a la vez.
        </p>
        <a href="/admin/exportar/catalogo.csv" className="btn-primary mt-3" download>
          Descargar catálogo
        </a>
      </section>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Exportar — Panel de Administración" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
