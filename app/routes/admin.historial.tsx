import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Pagination } from "~/components/admin/pagination";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { AUDIT_ACTION_LABEL } from "~/lib/audit";
import { formatDateTime } from "~/lib/dates";
import { parsePage } from "~/lib/pagination";
import { getAuditPage } from "~/models/audit.server";
import { requireUserWithRole } from "~/utils/session.server";
import { parseId } from "~/lib/ids";

/**
 * The audit trail (admins only): every staff change newest first, with who, when and the values
 * before and after; `?producto=ID` or `?pedido=ID` narrows it to one product or one order.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWithRole(request, "admin");
  const url = new URL(request.url);
  const productId = parseId(url.searchParams.get("producto"));
  const orderId = parseId(url.searchParams.get("pedido"));
  const page = parsePage(url.searchParams.get("pagina"));
  return { entries: await getAuditPage({ productId, orderId }, page), productId, orderId };
}

/** A JSON value of the trail as short text: `stock: 3, name: "Anillo"`. */
function describe(value: unknown): string {
  if (value === null || value === undefined) return "—";
  if (typeof value !== "object" || Array.isArray(value)) return JSON.stringify(value);
  return Object.entries(value)
    .map(([key, v]) => `${key}: ${typeof v === "object" && v !== null ? JSON.stringify(v) : String(v)}`)
    .join(", ");
}

export default function AuditTrail() {
  const { entries, productId, orderId } = useLoaderData<typeof loader>();
  return (
    <div>
      <h2 className="font-serif text-3xl text-ink-900">Historial de cambios</h2>
      <p className="mt-1 text-sm text-ink-700">
        {productId ? `Producto #${productId}. ` : orderId ? `Pedido #${orderId}. ` : "Todos los cambios. "}
        {productId || orderId ? (
          <Link to="/admin/historial" className="text-gold-700 underline">
            Ver todo
          </Link>
        ) : null}
      </p>
      {entries.items.length === 0 ? (
        <p className="mt-8 rounded-sm border border-dashed border-ink-900/15 bg-white px-6 py-10 text-center text-ink-700">
          No hay cambios registrados.
        </p>
      ) : (
        <ul className="mt-6 divide-y divide-ink-900/10 rounded-sm border border-ink-900/10 bg-white text-sm">
          {entries.items.map((entry) => (
            <li key={entry.id} className="grid gap-1 p-4" data-testid="audit-entry">
              <p className="font-medium text-ink-900">
                {AUDIT_ACTION_LABEL[entry.action] ?? entry.action}
                {entry.productId ? ` · producto #${entry.productId}` : ""}
                {entry.orderId ? ` · pedido #${entry.orderId}` : ""}
              </p>
              <p className="text-ink-700">
                {formatDateTime(entry.createdAt)} · {entry.actorEmail}
              </p>
              <p className="break-words text-ink-800">
                Antes: {describe(entry.before)}
                <br />
                Después: {describe(entry.after)}
              </p>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={entries} />
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Historial — Panel de Administración" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
