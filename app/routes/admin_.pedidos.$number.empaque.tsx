import { invariantResponse } from "@epic-web/invariant";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import type { ReactNode } from "react";
import { ErrorPanel, GeneralErrorBoundary } from "~/components/error-boundary";
import { GiftIcon } from "~/components/icons";
import { Logo } from "~/components/logo";
import { ShippingAddressBlock } from "~/components/shipping-address";
import { useHydrated } from "~/components/use-hydrated";
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
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 print:max-w-none print:p-0">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link to={`/admin/pedidos/${slip.number}`} className="text-sm text-gold-700 underline">
          ← Pedido {slip.number}
        </Link>
        <PrintControl />
      </div>

      <article
        className="rounded-sm border border-ink-900/15 bg-white p-6 text-ink-900 sm:p-10 print:border-0 print:p-0"
        data-testid="packing-slip"
      >
        <header className="flex flex-wrap items-start justify-between gap-4 border-b border-ink-900/20 pb-5">
          <div>
            <Logo />
            <p className="mt-3 max-w-xs text-xs leading-relaxed text-ink-700">
              {shop.address}
              <br />
              {shop.phone} · {shop.email}
            </p>
          </div>
          <div className="text-right">
            <h1 className="font-serif text-3xl">Hoja de empaque</h1>
            <p className="mt-1 text-lg">
              Pedido <strong data-testid="slip-number">{slip.number}</strong>
            </p>
            <p className="text-sm text-ink-700">Fecha del pedido: {formatDate(slip.createdAt)}</p>
          </div>
        </header>

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
      </article>
    </div>
  );
}

/**
 * "Imprimir" once JavaScript runs (the browser's print dialog); before that, and without JavaScript,
 * a hint to use the browser's own print command: the page prints the same either way.
 */
function PrintControl() {
  const hydrated = useHydrated();
  if (!hydrated) {
    return (
      <p className="text-sm text-ink-700" data-testid="print-hint">
        Para imprimir, usa el menú de tu navegador (Ctrl+P o ⌘P).
      </p>
    );
  }
  return (
    <button type="button" className="btn-primary" onClick={() => window.print()}>
      Imprimir
    </button>
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
