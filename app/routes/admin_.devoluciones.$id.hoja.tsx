import { invariantResponse } from "@epic-web/invariant";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { SlipSectionTitle, SlipSheet } from "~/components/admin/slip";
import { ErrorPanel, GeneralErrorBoundary } from "~/components/error-boundary";
import { ShippingAddressBlock } from "~/components/shipping-address";
import { formatDate } from "~/lib/dates";
import { parseId } from "~/lib/ids";
import { RETURN_KIND_LABEL } from "~/lib/return-requests";
import { getReturnRequest } from "~/models/return-views.server";
import { getShopInfo } from "~/utils/env.server";
import { requireUserWithRole } from "~/utils/session.server";

const NOT_FOUND = "Solicitud no encontrada";

/**
 * The return slip of an approved request, in the packing slip's layout: where the parcel goes (the
 * shop), who sends it (the order's address), the pieces coming back and, for an exchange, the size
 * to send. Staff print it for the shopper's parcel (or e-mail it); no prices.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUserWithRole(request, "worker");
  const id = parseId(params.id);
  invariantResponse(id, NOT_FOUND, { status: 404 });
  const found = await getReturnRequest(id);
  invariantResponse(found && found.status !== "solicitada" && found.status !== "rechazada", NOT_FOUND, {
    status: 404,
  });
  const shop = getShopInfo();
  return {
    request: found,
    shop: { name: shop.legalName, address: shop.address, phone: shop.phone, email: shop.email },
  };
}

export default function ReturnSlip() {
  const { request, shop } = useLoaderData<typeof loader>();
  const pieces = request.items.reduce((sum, line) => sum + line.quantity, 0);
  return (
    <SlipSheet
      back={{ to: `/admin/devoluciones/${request.id}`, label: `Solicitud ${request.id}` }}
      shop={shop}
      title="Hoja de devolución"
      testId="return-slip"
      heading={
        <>
          <p className="mt-1 text-lg">
            Pedido <strong data-testid="slip-number">{request.order.number}</strong>
          </p>
          <p className="text-sm text-ink-700">
            {RETURN_KIND_LABEL[request.kind]} · solicitud {request.id} · {formatDate(request.createdAt)}
          </p>
        </>
      }
    >
      <section aria-labelledby="slip-return-to" className="mt-6 break-inside-avoid">
        <SlipSectionTitle id="slip-return-to">Devolver a</SlipSectionTitle>
        <address className="mt-2 text-base not-italic leading-relaxed">
          {shop.name}
          <br />
          {shop.address}
          <br />
          Tel. {shop.phone}
        </address>
      </section>
      <section aria-labelledby="slip-from" className="mt-6 break-inside-avoid">
        <SlipSectionTitle id="slip-from">Remitente</SlipSectionTitle>
        {request.order.address ? (
          <ShippingAddressBlock address={request.order.address} className="mt-2 text-base" />
        ) : (
          <p className="mt-2">{request.order.email}</p>
        )}
      </section>
      <section aria-labelledby="slip-lines" className="mt-8">
        <SlipSectionTitle id="slip-lines">Piezas que regresan ({pieces})</SlipSectionTitle>
        <table className="mt-2 w-full border-collapse text-left text-sm" data-testid="slip-lines">
          <thead>
            <tr className="border-b border-ink-900/30">
              <th scope="col" className="py-2 pr-3 font-medium">
                Pieza
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Modelo / talla
              </th>
              {request.kind === "cambio" ? (
                <th scope="col" className="py-2 pr-3 font-medium">
                  Cambiar a
                </th>
              ) : null}
              <th scope="col" className="whitespace-nowrap py-2 text-right font-medium">
                Cantidad
              </th>
            </tr>
          </thead>
          <tbody>
            {request.items.map((line) => (
              <tr key={line.id} className="break-inside-avoid border-b border-ink-900/10 align-top">
                <td className="py-2 pr-3 font-medium">{line.orderItem.productName}</td>
                <td className="py-2 pr-3">{line.orderItem.variantName ?? "—"}</td>
                {request.kind === "cambio" ? <td className="py-2 pr-3">{line.exchangeVariantName ?? "—"}</td> : null}
                <td className="py-2 text-right tabular-nums">{line.quantity}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <p className="mt-8 text-sm text-ink-700">
        Incluye esta hoja dentro del paquete. Las piezas deben ir sin uso, con sus etiquetas y en su estuche original.
      </p>
    </SlipSheet>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: `${data ? `Hoja de devolución ${data.request.order.number}` : "Hoja de devolución"} — Panel de Administración`,
  },
  { name: "robots", content: "noindex" },
];

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => <ErrorPanel title={NOT_FOUND} message="No hay ninguna solicitud aprobada con ese número." />,
      }}
    />
  );
}
