import { useFetcher, useRevalidator } from "@remix-run/react";
import { Link } from "~/components/link";
import { createContext, type ReactElement, useEffect } from "react";
import { CART_MESSAGES, type CartActionData, onlyLeftMessage } from "~/lib/cart-messages";
import { formatMoney } from "~/lib/money";
import type { CartLine } from "~/models/cart.server";
import { FetcherFlag } from "./fetcher-flag";
import { useShownPrice } from "./price-display";

/**
 * Set only on the server, where a signed-in /cart is assembled from the shared page
 * (app/utils/cart-hole.server.tsx): what the cart renders in each line's place. The line's own markup,
 * rendered once for what the line shows, is put there afterwards. Null everywhere else.
 */
export const CartLineStandIn = createContext<((line: CartLine) => ReactElement) | null>(null);

export function CartLineItem({ line }: { line: CartLine }) {
  const fetcher = useFetcher<CartActionData>();
  const shown = useShownPrice();
  const revalidator = useRevalidator();
  const result = fetcher.data;
  const error = result && !result.ok ? result.message : null;
  const notice = result && result.ok ? result.notice : null;

  // A refused change: show the cart as the server has it now (stock may have changed).
  useEffect(() => {
    if (result && !result.ok && revalidator.state === "idle") revalidator.revalidate();
    // Only when a new answer arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result]);

  const material = line.material ?? "Material no especificado";
  const atStock = line.quantity >= line.stock;
  return (
    <li className="flex gap-4 py-5" data-testid="cart-line" data-line-key={line.lineKey}>
      <Link to={`/producto/${line.productId}`} className="shrink-0" tabIndex={-1} aria-hidden="true">
        <img
          src={line.image}
          alt=""
          width={96}
          height={96}
          className="h-24 w-24 bg-ivory-100 object-cover"
          loading="lazy"
        />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 className="font-serif text-lg leading-snug text-ink-900">
              <Link to={`/producto/${line.productId}`} className="hover:text-gold-700">
                {line.name}
              </Link>
            </h3>
            {line.variantName ? <p className="text-sm text-ink-700">{line.variantName}</p> : null}
            <p className="mt-0.5 text-[0.7rem] uppercase tracking-[0.15em] text-ink-700/70">{material}</p>
          </div>
          <div className="text-right">
            <p className="font-medium text-ink-900" data-testid="line-total">
              {formatMoney(shown(line.unitPrice) * line.quantity)}
            </p>
            {line.quantity > 1 ? (
              <p className="whitespace-nowrap text-xs text-ink-700/70">{formatMoney(shown(line.unitPrice))} c/u</p>
            ) : null}
          </div>
        </div>

        <div className="mt-auto flex items-center justify-between gap-3 pt-3">
          <fetcher.Form method="post" action="/cart" className="flex items-center border border-ink-900/20">
            <FetcherFlag />
            <input type="hidden" name="intent" value="set-quantity" />
            <input type="hidden" name="lineKey" value={line.lineKey} />
            <input type="hidden" name="current" value={line.quantity} />
            <button
              type="submit"
              name="quantity"
              value={line.quantity - 1}
              className="flex h-11 w-11 items-center justify-center text-lg text-ink-800 transition hover:bg-ivory-200"
              aria-label={line.quantity <= 1 ? `Quitar ${line.name}` : `Quitar una pieza de ${line.name}`}
            >
              −
            </button>
            <output
              className="w-10 text-center text-sm tabular-nums"
              aria-label={`Cantidad de ${line.name}`}
              aria-live="polite"
            >
              {line.quantity}
            </output>
            <button
              type="submit"
              name="quantity"
              value={line.quantity + 1}
              disabled={atStock}
              className="flex h-11 w-11 items-center justify-center text-lg text-ink-800 transition hover:bg-ivory-200 disabled:cursor-not-allowed disabled:opacity-30"
              aria-label={`Agregar una pieza de ${line.name}`}
            >
              +
            </button>
          </fetcher.Form>
          <fetcher.Form method="post" action="/cart">
            <FetcherFlag />
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="lineKey" value={line.lineKey} />
            <input type="hidden" name="current" value={line.quantity} />
            <button
              type="submit"
              className="-mr-2 inline-flex min-h-11 items-center px-2 text-xs uppercase tracking-[0.15em] text-ink-700 underline-offset-4 hover:text-red-800 hover:underline"
              aria-label={`Eliminar ${line.name}`}
            >
              Eliminar
            </button>
          </fetcher.Form>
        </div>
        {line.stock < line.quantity ? (
          <p className="mt-2 text-xs text-amber-800">
            {line.stock <= 0 ? CART_MESSAGES.out_of_stock : onlyLeftMessage(line.stock)}
          </p>
        ) : null}
        {error ? (
          <p role="alert" className="mt-2 text-xs text-red-800">
            {error}
          </p>
        ) : null}
        {/* A change limited to the stock went through: a notice, not an error. */}
        <p role="status" className={notice ? "mt-2 text-xs text-amber-800" : "sr-only"}>
          {notice ?? ""}
        </p>
      </div>
    </li>
  );
}
