import { Form, useFetcher } from "@remix-run/react";
import { Link } from "~/components/link";
import { useContext, useEffect, useId, useRef, useState } from "react";
import { type CartActionData } from "~/lib/cart-messages";
import { shownLinesTotal } from "~/lib/checkout";
import { SHIPPING_FEE, VAT_LABEL } from "~/lib/constants";
import type { DeliveryWindow } from "~/lib/delivery";
import { type CouponStatus, discountLabel } from "~/lib/discounts";
import { chargedCartTotal } from "~/lib/installments";
import { formatMoney } from "~/lib/money";
import type { Cart } from "~/models/cart.server";
import { CartLineItem, CartLineStandIn } from "./cart-line";
import { DeliveryEstimate } from "./delivery-estimate";
import { InstallmentsLine } from "./installments-line";
import { useIvaIncluded } from "./price-display";
import { OPEN_CHECKOUT } from "./checkout-modal";
import { CouponBox } from "./coupon-box";
import { FetcherFlag } from "./fetcher-flag";
import { CloseIcon } from "./icons";
import { useHydrated } from "./use-hydrated";
import { useOptimisticCart } from "./use-optimistic-cart";

/**
 * The cart's content, shared by the /cart page and the drawer: lines, total and actions.
 * Every button is a form posting to /cart; with JavaScript they go through fetchers and the
 * change shows at once (optimistic), then the server's answer replaces it.
 */
export function CartView({
  cart: serverCart,
  coupon = null,
  loggedIn,
  layout,
  onContinue,
  loadError,
  confirmClear = false,
  delivery,
}: {
  cart: Cart;
  /**
   * The page's discount code: applied with what it takes off, or why it stopped applying, and what the
   * card would be charged with it (the meses sin intereses divide that).
   */
  coupon?: { status: CouponStatus; charged: number } | null;
  loggedIn: boolean;
  layout: "page" | "drawer";
  /** In the drawer, CONTINUAR COMPRANDO closes it; on the page it links to the home page. */
  onContinue?: () => void;
  loadError?: string | null;
  /** The /cart page asked "¿Vaciar el carrito?" (`?confirmar=vaciar`, the way without JavaScript). */
  confirmClear?: boolean;
  /** When an order paid now would arrive (shown with the shipping cost). */
  delivery: DeliveryWindow;
}) {
  const cart = useOptimisticCart(serverCart);
  const ivaIncluded = useIvaIncluded();
  const standIn = useContext(CartLineStandIn);
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

  return (
    <div
      className={
        layout === "page" ? "grid gap-10 lg:grid-cols-[1fr_22rem] lg:items-start" : "flex min-h-0 flex-1 flex-col"
      }
    >
      <div className={layout === "drawer" ? "min-h-0 flex-1 overflow-y-auto px-6" : ""}>
        {/* Each line is an h3: on the page (whose title is the h1) a hidden h2 keeps the outline whole. */}
        {layout === "page" ? <h2 className="sr-only">Artículos en tu carrito</h2> : null}
        <ul className="divide-y divide-ink-900/10 border-b border-ink-900/10" aria-label="Artículos en tu carrito">
          {cart.lines.map((line) => (standIn ? standIn(line) : <CartLineItem key={line.lineKey} line={line} />))}
        </ul>
        <ClearCart confirmRequested={confirmClear} />
      </div>

      <section
        aria-label="Resumen del carrito"
        className={
          layout === "page"
            ? "border border-ink-900/10 bg-white p-6 lg:sticky lg:top-28"
            : "border-t border-ink-900/10 bg-white px-6 pb-6 pt-5 shadow-[0_-12px_24px_-20px_rgba(28,25,22,0.35)]"
        }
      >
        {/* The pieces only: shipping (and, with prices before IVA, the IVA) is added at checkout. */}
        <dl className="flex items-baseline justify-between">
          <dt className="text-sm uppercase tracking-[0.2em] text-ink-700">Subtotal</dt>
          <dd className="font-serif text-3xl text-ink-900" data-testid="cart-total" aria-live="polite">
            {formatMoney(shownLinesTotal(cart.lines, ivaIncluded))}
          </dd>
        </dl>
        <InstallmentsLine
          // The server's figure holds while the lines are those it priced (not mid-way through an optimistic change).
          charged={coupon && cart === serverCart ? coupon.charged : chargedCartTotal(cart.lines, ivaIncluded)}
          className="mt-1 text-right"
        />
        <p className="mt-1 text-xs text-ink-700" data-testid="cart-iva-note">
          {cart.count === 1 ? "1 pieza" : `${cart.count} piezas`} ·{" "}
          {ivaIncluded
            ? `IVA incluido; el envío (${formatMoney(SHIPPING_FEE)}) se suma al finalizar la compra.`
            : `El envío (${formatMoney(SHIPPING_FEE)}) y el ${VAT_LABEL} se suman al finalizar la compra.`}
        </p>
        <DeliveryEstimate window={delivery} fee={SHIPPING_FEE} className="mt-4" />
        {/* The code's field, or the code applied with what it takes off (shipping is added at checkout). */}
        {layout === "page" && loggedIn ? <CouponBox coupon={coupon?.status ?? null} returnTo="/cart" /> : null}
        {layout === "drawer" && coupon && coupon.status.reason === null ? (
          // The drawer only says it; the field and Quitar are on the page and at checkout.
          <p className="mt-3 text-sm text-ink-900" data-testid="coupon-applied">
            {discountLabel(coupon.status.code)} −{formatMoney(coupon.status.amount)}
          </p>
        ) : null}
        <div className="mt-5 flex flex-col gap-3">
          {loggedIn ? (
            // With JavaScript this opens the checkout modal; without, it is the /checkout page.
            <Link to="/checkout" className="btn-primary w-full" data-action={OPEN_CHECKOUT}>
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

/**
 * "Vaciar carrito" asks first, inline: "¿Vaciar el carrito?" with Sí, vaciar / Cancelar. Without
 * JavaScript the button is a GET to /cart?confirmar=vaciar, whose page shows the same question; with
 * JavaScript the question opens in place and Sí, vaciar posts through a fetcher.
 */
function ClearCart({ confirmRequested }: { confirmRequested: boolean }) {
  const hydrated = useHydrated();
  const clearFetcher = useFetcher<CartActionData>({ key: "cart-clear" });
  const [asking, setAsking] = useState(confirmRequested);
  const questionId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const askRef = useRef<HTMLButtonElement>(null);
  const moved = useRef(false);
  // Focus follows the question: onto Cancelar when it opens, back to Vaciar carrito when it closes.
  useEffect(() => {
    if (!moved.current) return;
    (asking ? cancelRef : askRef).current?.focus();
  }, [asking]);
  const toggle = (open: boolean) => {
    moved.current = true;
    setAsking(open);
  };
  const clearError = clearFetcher.data && !clearFetcher.data.ok ? clearFetcher.data.message : null;

  return (
    <div className="mt-3">
      {asking ? (
        <div
          role="group"
          aria-labelledby={questionId}
          className="flex flex-wrap items-center justify-end gap-x-3 gap-y-2 border border-red-800/20 bg-white px-4 py-3"
          data-testid="clear-cart-confirm"
        >
          <p id={questionId} className="mr-auto text-sm text-ink-900">
            ¿Vaciar el carrito?
          </p>
          <clearFetcher.Form method="post" action="/cart">
            <FetcherFlag />
            <input type="hidden" name="intent" value="clear" />
            <button type="submit" className="btn-primary min-h-11 bg-red-800 px-4 py-2 hover:bg-red-900">
              Sí, vaciar
            </button>
          </clearFetcher.Form>
          {hydrated ? (
            <button ref={cancelRef} type="button" className="btn-ghost min-h-11" onClick={() => toggle(false)}>
              Cancelar
            </button>
          ) : (
            <Link to="/cart" className="btn-ghost min-h-11">
              Cancelar
            </Link>
          )}
        </div>
      ) : (
        <Form
          method="get"
          action="/cart"
          className="flex justify-end"
          onSubmit={(event) => {
            event.preventDefault();
            toggle(true);
          }}
        >
          <input type="hidden" name="confirmar" value="vaciar" />
          <button
            ref={askRef}
            type="submit"
            className="-mr-2 inline-flex min-h-11 items-center px-2 text-xs uppercase tracking-[0.15em] text-ink-700 underline-offset-4 hover:text-red-800 hover:underline"
          >
            Vaciar carrito
          </button>
        </Form>
      )}
      {clearError ? (
        <p role="alert" className="mt-2 text-right text-sm text-red-800">
          {clearError}
        </p>
      ) : null}
    </div>
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
