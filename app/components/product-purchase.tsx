import { Link } from "~/components/link";
import { type RefObject, useEffect, useId, useState } from "react";
import type { CardProduct } from "~/lib/catalog";
import { ADDED_LABEL, CART_MESSAGES } from "~/lib/cart-messages";
import { DEFAULT_CARD_QUANTITY, LOW_STOCK_MAX } from "~/lib/constants";
import { SIZE_ANCHOR } from "~/lib/size-choice";
import { FetcherFlag } from "./fetcher-flag";
import { Price } from "./price";
import { ProductImage } from "./product-image";
import { useAddToCart } from "./use-add-to-cart";
import { useHydrated } from "./use-hydrated";

/**
 * Quantity control and AÑADIR AL CARRITO: a real form posting to /cart with
 * `intent=add`. Without JavaScript the action redirects back with a flash message; with it, a
 * fetcher shows "✓ Añadido" on the button for two seconds. At zero stock there is nothing to
 * choose: an AGOTADO block (its button disabled) offers related pieces in stock instead.
 */
export function ProductPurchase({
  productId,
  variantId,
  stock,
  alternatives = [],
  formRef,
  fetcherKey,
}: {
  productId: number;
  variantId: number | null;
  stock: number;
  /** Shares the add's answer with the page ("Elige tu talla" is shown by the sizes, not here). */
  fetcherKey?: string;
  /** Related pieces, offered when this one is sold out. */
  alternatives?: readonly CardProduct[];
  /** The form, for the sticky buy bar to know when it is on screen. */
  formRef?: RefObject<HTMLFormElement>;
}) {
  const id = useId();
  const hydrated = useHydrated();
  const { fetcher, here, added, busy, error, notice } = useAddToCart(fetcherKey);
  const soldOut = stock <= 0;
  const [quantity, setQuantity] = useState(DEFAULT_CARD_QUANTITY);
  // The page knows the count only up to LOW_STOCK_MAX (lib/stock.ts `shownStock`); above it the control
  // sets no limit and the cart says how many are left if the shopper asks for more.
  const max = stock > LOW_STOCK_MAX ? Number.POSITIVE_INFINITY : Math.max(stock, 1);
  const clamp = (n: number) => Math.min(max, Math.max(1, Number.isFinite(n) ? Math.round(n) : 1));

  if (soldOut) return <SoldOut alternatives={alternatives} />;

  return (
    <fetcher.Form
      ref={formRef}
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
              disabled={quantity <= 1}
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
            max={Number.isFinite(max) ? max : undefined}
            step={1}
            value={quantity}
            onChange={(e) => setQuantity(clamp(Number(e.target.value)))}
            className="w-16 border-0 bg-transparent py-2.5 text-center text-ink-900 [appearance:textfield] focus:ring-0 [&::-webkit-inner-spin-button]:appearance-none"
          />
          {hydrated ? (
            <button
              type="button"
              className="px-3 text-lg text-ink-800 disabled:text-ink-700/40"
              aria-label="Aumentar cantidad"
              onClick={() => setQuantity((q) => clamp(q + 1))}
              disabled={quantity >= max}
            >
              +
            </button>
          ) : null}
        </div>
      </div>
      <button type="submit" className="btn-primary min-w-[14rem] flex-1 py-3.5" disabled={busy}>
        {added ? ADDED_LABEL : "AÑADIR AL CARRITO"}
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

/** Sold out: AGOTADO, and up to three related pieces in stock right there. */
function SoldOut({ alternatives }: { alternatives: readonly CardProduct[] }) {
  const offered = alternatives.filter((p) => p.stock > 0).slice(0, 3);
  return (
    <div className="border border-ink-900/10 bg-white p-5" data-testid="sold-out">
      <button type="button" disabled className="btn-primary w-full py-3.5">
        AGOTADO
      </button>
      <p className="mt-3 text-sm text-ink-700">Esta pieza está agotada por ahora.</p>
      {offered.length > 0 ? (
        <>
          <h2 className="mt-5 font-sans text-xs font-medium uppercase tracking-[0.2em] text-ink-700">
            Piezas similares disponibles
          </h2>
          <ul className="mt-3 divide-y divide-ink-900/10">
            {offered.map((p) => (
              <li key={p.id}>
                <Link to={`/producto/${p.id}`} className="flex items-center gap-4 py-3 hover:bg-ivory-100">
                  <ProductImage src={p.image} sizes="64px" className="h-16 w-16 shrink-0 bg-ivory-100 object-cover" />
                  <div className="min-w-0 flex-1">
                    <span className="block truncate font-serif text-lg text-ink-900">{p.name}</span>
                    <Price price={p.price} originalPrice={p.originalPrice} showSavings={false} />
                  </div>
                </Link>
              </li>
            ))}
          </ul>
          <a href="#relacionados" className="mt-2 inline-flex min-h-11 items-center text-sm text-gold-700 underline">
            Ver todas las piezas relacionadas
          </a>
        </>
      ) : null}
    </div>
  );
}

/**
 * On a phone the gallery fills the first screen: a bar stuck to the bottom of the screen keeps the
 * price, the chosen model and size (a link up to the choices) and AÑADIR AL CARRITO at hand. With
 * JavaScript it steps aside while the page's own purchase form is on screen; without, it stays.
 * It adds one piece of the chosen variant, through the same /cart action.
 */
export function StickyBuyBar({
  productId,
  variantId,
  price,
  originalPrice,
  choice,
  target,
  sizeMissing = false,
  fetcherKey,
}: {
  productId: number;
  variantId: number | null;
  price: number;
  originalPrice: number | null;
  /** "Oro blanco · Talla 6", or null without models and sizes. */
  choice: string | null;
  /** No size picked yet: the bar's button posts all the same, and the page says "Elige tu talla". */
  sizeMissing?: boolean;
  fetcherKey?: string;
  /** The page's purchase form: while it is on screen the bar is hidden. */
  target: RefObject<HTMLFormElement>;
}) {
  const { fetcher, here, added, busy } = useAddToCart(fetcherKey);
  const [targetVisible, setTargetVisible] = useState(false);
  useEffect(() => {
    const form = target.current;
    if (!form || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(([entry]) => setTargetVisible(Boolean(entry?.isIntersecting)));
    observer.observe(form);
    return () => observer.disconnect();
  }, [target]);

  return (
    <div className="buy-bar" data-testid="buy-bar" hidden={targetVisible}>
      <fetcher.Form method="post" action="/cart" aria-label="Compra rápida" className="buy-bar-inner">
        <FetcherFlag />
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="redirectTo" value={here} />
        <input type="hidden" name="productId" value={productId} />
        {variantId !== null ? <input type="hidden" name="variantId" value={variantId} /> : null}
        <input type="hidden" name="quantity" value="1" />
        <div className="min-w-0 flex-1">
          <Price price={price} originalPrice={originalPrice} showSavings={false} />
          {choice || sizeMissing ? (
            <a
              href={sizeMissing ? `#${SIZE_ANCHOR}` : "#comprar"}
              className="block truncate text-xs text-ink-700 underline underline-offset-2"
            >
              {sizeMissing ? [choice, CART_MESSAGES.size_required].filter(Boolean).join(" · ") : choice}
            </a>
          ) : null}
        </div>
        <button type="submit" className="btn-primary shrink-0 px-4 py-3 text-xs" disabled={busy}>
          {added ? ADDED_LABEL : "AÑADIR AL CARRITO"}
        </button>
      </fetcher.Form>
    </div>
  );
}
