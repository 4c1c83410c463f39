import { useId, useState } from "react";
import type { CardSelection } from "~/lib/catalog";
import { ADDED_LABEL, MAX_LINE_QUANTITY } from "~/lib/cart-messages";
import { DEFAULT_CARD_QUANTITY } from "~/lib/constants";
import { AddButton, AddLabel, CardAddControl, CardFormFields, QUANTITY_INPUT } from "./card-add-control";
import { FetcherFlag } from "./fetcher-flag";
import { useAddToCart } from "./use-add-to-cart";
import { useHydrated } from "./use-hydrated";

type Props = {
  /** The piece the card shows; out of stock, the button shows Agotado and cannot be used. */
  selection: CardSelection;
  /**
   * Where a logged-out shopper goes instead (the search card sends them to the product page);
   * null: the prompt posts anyway and the answer asks them to log in.
   */
  loggedOutHref?: string | null;
  /** The id of the card's place on the page: a plain form post (and a login on the way) comes back to it. */
  anchor?: string;
};

/**
 * The product card's add-to-cart control: a quantity prompt (minus floors at 1,
 * default 1) with AGREGAR or Cancelar, then "✓ Añadido" on the button for two seconds.
 *
 * Without JavaScript it is a <details> holding a plain form that posts to /cart; the action
 * redirects back here (to the card) with a flash message, through /login when logged out. With
 * JavaScript the form goes through a fetcher: the header badge counts the pieces at once, and a
 * "Usuario no autenticado" answer opens the login modal, which finishes the add.
 *
 * Place it above the card's full-card link (it is `relative z-10`), last in the card: it takes the
 * card's free space above it, so the add buttons of a grid row line up.
 */
export function AddToCartPrompt({ selection, loggedOutHref = null, anchor }: Props) {
  const { productId, variantId, productName, size } = selection;
  const { fetcher, here, added, busy, error, notice } = useAddToCart();
  const hydrated = useHydrated();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [quantity, setQuantity] = useState(DEFAULT_CARD_QUANTITY);
  const redirectTo = anchor ? `${here}#${anchor}` : here;

  // The server's markup (Agotado, the links, the form without JavaScript) until hydration; the links
  // and Agotado for good.
  if (!hydrated || selection.stock <= 0 || loggedOutHref || size) {
    return <CardAddControl selection={selection} loggedOutHref={loggedOutHref} redirectTo={redirectTo} />;
  }

  const label = busy ? "Agregando…" : added ? ADDED_LABEL : <AddLabel />;

  const form = (
    <fetcher.Form
      method="post"
      action="/cart"
      // Named for the toggle button's aria-controls.
      id={panelId}
      aria-label={`Agregar ${productName} al carrito`}
      onSubmit={() => setOpen(false)}
    >
      <FetcherFlag />
      <CardFormFields productId={productId} variantId={variantId} redirectTo={redirectTo} />
      <div className="prompt-row">
        <label htmlFor={`${panelId}-qty`}>Cantidad</label>
        <div className="prompt-box">
          <button
            type="button"
            className="prompt-step"
            onClick={() => setQuantity((q) => Math.max(1, q - 1))}
            disabled={quantity <= 1}
            aria-label="Disminuir cantidad"
          >
            −
          </button>
          <input
            id={`${panelId}-qty`}
            value={quantity}
            onChange={(e) =>
              setQuantity(Math.min(MAX_LINE_QUANTITY, Math.max(1, Math.floor(Number(e.target.value)) || 1)))
            }
            {...QUANTITY_INPUT}
            className="prompt-qty"
          />
          <button
            type="button"
            className="prompt-step"
            onClick={() => setQuantity((q) => Math.min(MAX_LINE_QUANTITY, q + 1))}
            disabled={quantity >= MAX_LINE_QUANTITY}
            aria-label="Aumentar cantidad"
          >
            +
          </button>
        </div>
      </div>
      <div className="prompt-row">
        <AddButton />
        <button
          type="button"
          className="btn-ghost px-3"
          onClick={() => {
            setOpen(false);
            setQuantity(DEFAULT_CARD_QUANTITY);
          }}
        >
          Cancelar
        </button>
      </div>
    </fetcher.Form>
  );

  return (
    <div className="card-cart" data-testid="add-to-cart">
      <button
        type="button"
        className="card-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        {label}
      </button>
      {open ? form : null}
      {error ? (
        <p role="alert" className="mt-2 text-xs text-red-800">
          {error}
        </p>
      ) : null}
      {/* One polite region for "✓ Añadido" (read aloud only) and a visible notice; it must exist
          before its text does for screen readers to announce it, so it comes with JavaScript. */}
      <p role="status" className={notice ? "mt-2 text-xs text-amber-800" : "sr-only"}>
        {notice ?? (added ? ADDED_LABEL : "")}
      </p>
    </div>
  );
}
