import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { AuditEntry } from "~/components/admin/audit-entry";
import { Pagination } from "~/components/admin/pagination";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { parseId } from "~/lib/ids";
import { parsePage } from "~/lib/pagination";
import { getAuditPage } from "~/models/audit.server";
import { requireUserWithRole } from "~/utils/session.server";

/**
 * The audit trail (admins only): every change newest first, with who, when and each value before →
 * after in Spanish; `?producto=ID` or `?pedido=ID` narrows it to one product or one order.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWithRole(request, "admin");
  const url = new URL(request.url);
  const productId = parseId(url.searchParams.get("producto"));
  const orderId = parseId(url.searchParams.get("pedido"));
  const page = parsePage(url.searchParams.get("pagina"));
  const { entries, names } = await getAuditPage({ productId, orderId }, page);
  return { entries, names, productId, orderId };
}

export default function AuditTrail() {
  const { entries, names, productId, orderId } = useLoaderData<typeof loader>();
  const scope = productId
    ? `Producto ${names.products[productId] ?? `#${productId}`}. `
    : orderId
      ? `Pedido ${names.orders[orderId] ?? `#${orderId}`}. `
      : "Todos los cambios. ";
  return (
    <div>
      <h2 className="font-serif text-3xl text-ink-900">Historial de cambios</h2>
      <p className="mt-1 text-sm text-ink-700">
        {scope}
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
        <ul className="mt-6 divide-y divide-ink-900/10 rounded-sm border border-ink-900/10 bg-white">
          {entries.items.map((entry) => (
            <AuditEntry
              key={entry.id}
              entry={entry}
              context={{ categories: names.categories }}
              subject={{
                orderNumber: entry.orderId ? names.orders[entry.orderId] : null,
                productName: entry.productId ? names.products[entry.productId] : null,
                userEmail: entry.userId ? names.users[entry.userId] : null,
              }}
            />
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
