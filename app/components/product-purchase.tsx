import { useId, useState } from "react";
import { ADDED_LABEL } from "~/lib/cart-messages";
import { DEFAULT_CARD_QUANTITY } from "~/lib/constants";
import { FetcherFlag } from "./fetcher-flag";
import { useAddToCart } from "./use-add-to-cart";
import { useHydrated } from "./use-hydrated";

/**
 * Quantity control and AÑADIR AL CARRITO: a real form posting to /cart with
 * `intent=add`; AGOTADO and disabled at zero stock. Without JavaScript the action redirects back
 * with a flash message; with it, a fetcher shows "✓ Añadido" on the button for two seconds.
 */
export function ProductPurchase({
  productId,
  variantId,
  stock,
}: {
  productId: number;
  variantId: number | null;
  stock: number;
}) {
  const id = useId();
  const hydrated = useHydrated();
  const { fetcher, here, added, busy, error, notice } = useAddToCart();
  const soldOut = stock <= 0;
  const [quantity, setQuantity] = useState(DEFAULT_CARD_QUANTITY);
  const max = Math.max(stock, 1);
  const clamp = (n: number) => Math.min(max, Math.max(1, Number.isFinite(n) ? Math.round(n) : 1));

  return (
    <fetcher.Form
      method="post"
      action="/cart"
      aria-label="Añadir al carrito"
      className="flex flex-wrap items-end gap-4"
    >
      <FetcherFlag />
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="redirectTo" value={here} />
      <input type="hidden" name="productId" value={productId} />
      {variantId !== null ? <input type="hidden" name="variantId" value={variantId} /> : null}
      <div>
        <label htmlFor={id} className="field-label text-xs uppercase tracking-[0.2em]">
          Cantidad
        </label>
        <div className="flex items-stretch border border-ink-700/30 bg-white">
          {hydrated ? (
            <button
              type="button"
              className="px-3 text-lg text-ink-800 disabled:text-ink-700/40"
              aria-label="Disminuir cantidad"
              onClick={() => setQuantity((q) => clamp(q - 1))}
              disabled={soldOut || quantity <= 1}
            >
              −
            </button>
          ) : null}
          <input
            id={id}
            name="quantity"
            type="number"
            inputMode="numeric"
            min={1}
            max={max}
            step={1}
            value={quantity}
            onChange={(e) => setQuantity(clamp(Number(e.target.value)))}
            disabled={soldOut}
            className="w-16 border-0 bg-transparent py-2.5 text-center text-ink-900 [appearance:textfield] focus:ring-0 [&::-webkit-inner-spin-button]:appearance-none"
          />
          {hydrated ? (
            <button
              type="button"
              className="px-3 text-lg text-ink-800 disabled:text-ink-700/40"
              aria-label="Aumentar cantidad"
              onClick={() => setQuantity((q) => clamp(q + 1))}
              disabled={soldOut || quantity >= max}
            >
              +
            </button>
          ) : null}
        </div>
      </div>
      <button type="submit" className="btn-primary min-w-[14rem] flex-1 py-3.5" disabled={soldOut || busy}>
        {soldOut ? "AGOTADO" : added ? ADDED_LABEL : "AÑADIR AL CARRITO"}
      </button>
      {error ? (
        <p role="alert" className="w-full text-sm text-red-800">
          {error}
        </p>
      ) : null}
      {/* One polite region for "✓ Añadido" (read aloud only) and a visible notice. */}
      <p role="status" className={notice ? "w-full text-sm text-amber-800" : "sr-only"}>
        {notice ?? (added ? ADDED_LABEL : "")}
      </p>
    </fetcher.Form>
  );
}
