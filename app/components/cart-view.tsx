import { Link, useFetcher, useFetchers, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { CART_MESSAGES, type CartActionData, onlyLeftMessage } from "~/lib/cart-messages";
import { formatMoney } from "~/lib/money";
import { CloseIcon } from "./icons";
import { useHydrated } from "./use-hydrated";
// Types only: erased from the browser bundle. Prices and totals are centavos, computed on the server.
import type { Cart, CartLine } from "~/models/cart.server";

/**
 * Tells the /cart action that JavaScript submitted the form through a fetcher, so it answers
 * with data instead of redirecting. Rendered only after hydration: without JavaScript the form
 * posts normally and the action redirects back (post/redirect/get).
 */
export function FetcherFlag() {
  return useHydrated() ? <input type="hidden" name="_fetcher" value="1" /> : null;
}

type PendingCartChange =
  | { intent: "add"; quantity: number }
  | {
      intent: "set-quantity";
      lineKey: string;
      quantity: number;
      current: number;
    }
  | { intent: "remove"; lineKey: string; current: number }
  | { intent: "clear" };

/** Cart changes submitted to /cart that the server has not confirmed yet (optimistic UI). */
function usePendingCartChanges(): PendingCartChange[] {
  const fetchers = useFetchers();
  const changes: PendingCartChange[] = [];
  for (const f of fetchers) {
    const form = f.formData;
    if (!form || f.formAction?.split("?")[0] !== "/cart") continue;
    const intent = form.get("intent");
    const lineKey = String(form.get("lineKey") ?? "");
    const quantity = Number(form.get("quantity") ?? 1);
    const current = Number(form.get("current") ?? 0);
    if (intent === "add" && Number.isFinite(quantity)) changes.push({ intent, quantity });
    else if (intent === "set-quantity" && Number.isFinite(quantity))
      changes.push({ intent, lineKey, quantity, current });
    else if (intent === "remove") changes.push({ intent, lineKey, current });
    else if (intent === "clear") changes.push({ intent });
  }
  return changes;
}

/** The header badge count including changes still on their way to the server. */
export function useOptimisticCartCount(serverCount: number): number {
  const changes = usePendingCartChanges();
  let count = serverCount;
  for (const c of changes) {
    if (c.intent === "add") count += Math.max(c.quantity, 0);
    else if (c.intent === "set-quantity") count += Math.max(c.quantity, 0) - c.current;
    else if (c.intent === "remove") count -= c.current;
    else count = 0;
  }
  return Math.max(count, 0);
}

/** The server's cart with the pending quantity changes, removals and clearing applied. */
function useOptimisticCart(cart: Cart): Cart {
  const changes = usePendingCartChanges();
  if (changes.length === 0) return cart;
  let lines = cart.lines;
  for (const c of changes) {
    if (c.intent === "clear") lines = [];
    else if (c.intent === "remove") lines = lines.filter((l) => l.lineKey !== c.lineKey);
    else if (c.intent === "set-quantity") {
      lines = lines.flatMap((l) => {
        if (l.lineKey !== c.lineKey) return [l];
        if (c.quantity <= 0) return [];
        const quantity = Math.min(c.quantity, Math.max(l.stock, 1));
        return [{ ...l, quantity, lineTotal: l.unitPrice * quantity }];
      });
    }
  }
  return {
    lines,
    count: lines.reduce((s, l) => s + l.quantity, 0),
    total: lines.reduce((s, l) => s + l.lineTotal, 0),
  };
}

/**
 * The cart's content, shared by the /cart page and the drawer: lines, total and actions.
 * Every button is a form posting to /cart; with JavaScript they go through fetchers and the
 * change shows at once (optimistic), then the server's answer replaces it.
 */
export function CartView({
  cart: serverCart,
  loggedIn,
  layout,
  onContinue,
  loadError,
}: {
  cart: Cart;
  loggedIn: boolean;
  layout: "page" | "drawer";
  /** In the drawer, CONTINUAR COMPRANDO closes it; on the page it links to the home page. */
  onContinue?: () => void;
  loadError?: string | null;
}) {
  const cart = useOptimisticCart(serverCart);
  const clearFetcher = useFetcher<CartActionData>({ key: "cart-clear" });
  const continueButton =
    layout === "drawer" && onContinue ? (
      <button type="button" onClick={onContinue} className="btn-secondary w-full">
        CONTINUAR COMPRANDO
      </button>
    ) : (
      <Link to="/" className="btn-secondary w-full">
        CONTINUAR COMPRANDO
      </Link>
    );

  if (cart.lines.length === 0) {
    return (
      <div className="flex flex-1 flex-col items-center justify-center px-6 py-16 text-center" data-testid="cart-empty">
        {loadError ? (
          <p role="alert" className="mb-6 text-sm text-red-800">
            {loadError}
          </p>
        ) : null}
        <EmptyBagArt />
        <p className="mt-6 font-serif text-2xl text-ink-900">Tu carrito está vacío</p>
        <p className="mt-2 max-w-xs text-sm text-ink-700/80">
          Descubre anillos, collares, pulseras y pendientes hechos para ti.
        </p>
        <div className="mt-8 flex w-full max-w-xs flex-col gap-3">
          {loggedIn ? null : (
            <Link to="/login?redirectTo=%2Fcart" className="btn-primary w-full">
              INICIAR SESIÓN PARA COMPRAR
            </Link>
          )}
          {continueButton}
        </div>
      </div>
    );
  }

  const clearError = clearFetcher.data && !clearFetcher.data.ok ? clearFetcher.data.message : null;
  return (
    <div
      className={
        layout === "page" ? "grid gap-10 lg:grid-cols-[1fr_22rem] lg:items-start" : "flex min-h-0 flex-1 flex-col"
      }
    >
      <div className={layout === "drawer" ? "min-h-0 flex-1 overflow-y-auto px-6" : ""}>
        <ul className="divide-y divide-ink-900/10 border-b border-ink-900/10" aria-label="Artículos en tu carrito">
          {cart.lines.map((line) => (
            <CartLineItem key={line.lineKey} line={line} />
          ))}
        </ul>
        <clearFetcher.Form method="post" action="/cart" className="mt-3 flex justify-end">
          <FetcherFlag />
          <input type="hidden" name="intent" value="clear" />
          <button
            type="submit"
            className="text-xs uppercase tracking-[0.15em] text-ink-700/70 underline-offset-4 hover:text-red-800 hover:underline"
          >
            Vaciar carrito
          </button>
        </clearFetcher.Form>
        {clearError ? (
          <p role="alert" className="mt-2 text-right text-sm text-red-800">
            {clearError}
          </p>
        ) : null}
      </div>

      <section
        aria-label="Resumen del carrito"
        className={
          layout === "page"
            ? "border border-ink-900/10 bg-white p-6 lg:sticky lg:top-28"
            : "border-t border-ink-900/10 bg-white px-6 pb-6 pt-5 shadow-[0_-12px_24px_-20px_rgba(28,25,22,0.35)]"
        }
      >
        <dl className="flex items-baseline justify-between">
          <dt className="text-sm uppercase tracking-[0.2em] text-ink-700">Total</dt>
          <dd className="font-serif text-3xl text-ink-900" data-testid="cart-total" aria-live="polite">
            {formatMoney(cart.total)}
          </dd>
        </dl>
        <p className="mt-1 text-xs text-ink-700/70">
          {cart.count === 1 ? "1 pieza" : `${cart.count} piezas`} · Envío e IVA se calculan al finalizar la compra.
        </p>
        <div className="mt-5 flex flex-col gap-3">
          {loggedIn ? (
            <Link to="/checkout" className="btn-primary w-full">
              FINALIZAR COMPRA
            </Link>
          ) : (
            <Link to="/login?redirectTo=%2Fcart" className="btn-primary w-full">
              INICIAR SESIÓN PARA COMPRAR
            </Link>
          )}
          {continueButton}
        </div>
      </section>
    </div>
  );
}

function CartLineItem({ line }: { line: CartLine }) {
  const fetcher = useFetcher<CartActionData>();
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
              {formatMoney(line.lineTotal)}
            </p>
            {line.quantity > 1 ? (
              <p className="whitespace-nowrap text-xs text-ink-700/70">{formatMoney(line.unitPrice)} c/u</p>
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
              className="flex h-9 w-9 items-center justify-center text-lg text-ink-800 transition hover:bg-ivory-200"
              aria-label={line.quantity <= 1 ? `Quitar ${line.name}` : `Quitar una pieza de ${line.name}`}
            >
              −
            </button>
            <output
              className="w-9 text-center text-sm tabular-nums"
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
              className="flex h-9 w-9 items-center justify-center text-lg text-ink-800 transition hover:bg-ivory-200 disabled:cursor-not-allowed disabled:opacity-30"
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
              className="text-xs uppercase tracking-[0.15em] text-ink-700 underline-offset-4 hover:text-red-800 hover:underline"
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

/** A thin-line shopping bag, drawn in the brand's gold. */
function EmptyBagArt() {
  return (
    <svg viewBox="0 0 64 64" width="72" height="72" aria-hidden="true" className="text-gold-500">
      <path d="M14 22h36l-3 32H17l-3-32Z" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d="M24 22v-4a8 8 0 0 1 16 0v4" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <circle cx="32" cy="38" r="2" fill="currentColor" />
    </svg>
  );
}

/** The close control of the /cart page: back to the shop. */
export function CartCloseLink() {
  return (
    <Link to="/" className="btn-ghost" aria-label="Cerrar carrito y volver a la tienda">
      <CloseIcon />
    </Link>
  );
}
