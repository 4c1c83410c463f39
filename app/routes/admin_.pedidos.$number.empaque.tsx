import { invariantResponse } from "@epic-web/invariant";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { ErrorPanel, GeneralErrorBoundary } from "~/components/error-boundary";
import { GiftIcon } from "~/components/icons";
import { ShippingAddressBlock } from "~/components/shipping-address";
import { SlipSheet } from "~/components/admin/slip";
import { GIFT_WRAP_LABEL } from "~/lib/checkout";
import { formatDate } from "~/lib/dates";
import { parseOrderNumber } from "~/lib/ids";
import { getPackingSlip, type PackingSlipLine } from "~/models/admin-orders.server";
import { getShopInfo } from "~/utils/env.server";
import { requireUserWithRole } from "~/utils/session.server";

const NOT_FOUND = "Pedido no encontrado";

/**
 * The packing slip of one order (workers and admins, the order page's guard): a sheet that goes in the
 * parcel, so it lists what to pack and to whom, and the gift message for the card, but no price.
 *
 * Outside the admin layout (the trailing `_` of `admin_`): the panel's title, tabs and loading strip
 * would otherwise need hiding from the printout one by one, and the slip is a document rather than a
 * tab. The shop's header and footer are `print:hidden` already, so the printed page is the slip alone.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUserWithRole(request, "worker");
  const number = parseOrderNumber(params.number);
  invariantResponse(number, NOT_FOUND, { status: 404 });
  const slip = await getPackingSlip(number);
  invariantResponse(slip, NOT_FOUND, { status: 404 });
  const shop = getShopInfo();
  return { slip, shop: { address: shop.address, phone: shop.phone, email: shop.email } };
}

/** The slip's columns: what to pick from the shelf and how many, never a price. */
const COLUMNS: { label: string; className: string; cell: (line: PackingSlipLine) => ReactNode }[] = [
  { label: "Pieza", className: "pr-3 font-medium", cell: (line) => line.name },
  { label: "Modelo / metal", className: "pr-3", cell: (line) => line.model ?? "—" },
  { label: "Talla", className: "whitespace-nowrap pr-3", cell: (line) => line.size ?? "—" },
  { label: "Cantidad", className: "whitespace-nowrap text-right tabular-nums", cell: (line) => line.quantity },
];

export default function PackingSlipPage() {
  const { slip, shop } = useLoaderData<typeof loader>();
  const pieces = slip.lines.reduce((sum, line) => sum + line.quantity, 0);
  return (
    <SlipSheet
      back={{ to: `/admin/pedidos/${slip.number}`, label: `Pedido ${slip.number}` }}
      shop={shop}
      title="Hoja de empaque"
      testId="packing-slip"
      heading={
        <>
          <p className="mt-1 text-lg">
            Pedido <strong data-testid="slip-number">{slip.number}</strong>
          </p>
          <p className="text-sm text-ink-700">Fecha del pedido: {formatDate(slip.createdAt)}</p>
        </>
      }
    >
      <section aria-labelledby="slip-ship-to" className="mt-6 break-inside-avoid">
        <h2 id="slip-ship-to" className="font-sans text-xs font-medium uppercase tracking-[0.2em] text-ink-700">
          Enviar a
        </h2>
        {slip.address ? (
          <ShippingAddressBlock address={slip.address} className="mt-2 text-base" />
        ) : (
          <p className="mt-2">Sin dirección de envío</p>
        )}
      </section>

      <section aria-labelledby="slip-lines" className="mt-8">
        <h2 id="slip-lines" className="font-sans text-xs font-medium uppercase tracking-[0.2em] text-ink-700">
          Piezas ({pieces})
        </h2>
        <table className="mt-2 w-full border-collapse text-left text-sm" data-testid="slip-lines">
          <thead>
            <tr className="border-b border-ink-900/30">
              {COLUMNS.map((column) => (
                <th key={column.label} scope="col" className={`py-2 font-medium ${column.className}`}>
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {slip.lines.map((line) => (
              <tr key={line.id} className="break-inside-avoid border-b border-ink-900/10 align-top">
                {COLUMNS.map((column) => (
                  <td key={column.label} className={`py-2 ${column.className}`}>
                    {column.cell(line)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section aria-labelledby="slip-gift" className="mt-8 break-inside-avoid">
        <h2 id="slip-gift" className="font-sans text-xs font-medium uppercase tracking-[0.2em] text-ink-700">
          Regalo
        </h2>
        <p className="mt-2 flex items-center gap-2" data-testid="slip-gift-wrap">
          <GiftIcon width={18} height={18} className="shrink-0 text-gold-700" />
          {GIFT_WRAP_LABEL}: <strong>{slip.giftWrap ? "Sí" : "No"}</strong>
        </p>
        {slip.giftMessage ? (
          <figure
            className="mt-4 rounded-sm border-2 border-dashed border-ink-900/40 p-5"
            data-testid="slip-gift-message"
          >
            <figcaption className="font-sans text-xs font-medium uppercase tracking-[0.2em] text-ink-700">
              Mensaje de regalo
            </figcaption>
            <blockquote className="mt-2 whitespace-pre-line font-serif text-xl italic leading-snug">
              {slip.giftMessage}
            </blockquote>
          </figure>
        ) : (
          <p className="mt-2 text-sm text-ink-700">Sin mensaje de regalo.</p>
        )}
      </section>
    </SlipSheet>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? `Hoja de empaque ${data.slip.number}` : "Hoja de empaque"} — Panel de Administración` },
  { name: "robots", content: "noindex" },
];

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => <ErrorPanel title={NOT_FOUND} message="No hay ningún pedido con ese número." />,
      }}
    />
  );
}
