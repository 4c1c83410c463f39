import { Link } from "~/components/link";
import { useId, useState } from "react";
import type { CardSelection } from "~/lib/catalog";
import { ADDED_LABEL, CART_MESSAGES, MAX_LINE_QUANTITY } from "~/lib/cart-messages";
import { DEFAULT_CARD_QUANTITY } from "~/lib/constants";
import { SIZE_ANCHOR } from "~/lib/size-choice";
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
  const { productId, variantId, productName, size, href } = selection;
  const { fetcher, here, added, busy, error, notice } = useAddToCart();
  const hydrated = useHydrated();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [quantity, setQuantity] = useState(DEFAULT_CARD_QUANTITY);

  if (selection.stock <= 0) {
    return (
      <div className="card-cart">
        <button type="button" disabled className="card-button opacity-60" data-testid="add-to-cart">
          Agotado
        </button>
      </div>
    );
  }
  if (loggedOutHref) {
    return (
      <div className="card-cart">
        <Link to={loggedOutHref} className="card-button" data-testid="add-to-cart">
          <AddLabel />
        </Link>
      </div>
    );
  }
  if (size) {
    // A size is chosen, never assumed: a card offers models only, so a piece with sizes is chosen on
    // its page, at its sizes.
    return (
      <div className="card-cart">
        <Link
          to={`${href}#${SIZE_ANCHOR}`}
          className="card-button"
          discover="none"
          data-testid="add-to-cart"
          data-needs-size=""
        >
          {CART_MESSAGES.size_required}
        </Link>
      </div>
    );
  }

  const label = busy ? "Agregando…" : added ? ADDED_LABEL : <AddLabel />;

  const form = (
    <fetcher.Form
      method="post"
      action="/cart"
      // Named only for the toggle button's aria-controls, which exists with JavaScript.
      id={hydrated ? panelId : undefined}
      aria-label={`Agregar ${productName} al carrito`}
      onSubmit={() => setOpen(false)}
    >
      <FetcherFlag />
      <input type="hidden" name="productId" value={productId} />
      {variantId !== null ? <input type="hidden" name="variantId" value={variantId} /> : null}
      <input type="hidden" name="redirectTo" value={anchor ? `${here}#${anchor}` : here} />
      {hydrated ? (
        <>
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
        </>
      ) : (
        // Without JavaScript (24 times in a grid page's HTML): the label holds its input, so neither
        // needs an id, and the <details> closes with the page that follows the post. No classes: the
        // stylesheet finds these by place (`.card-cart details …`), the page weighs 3 KB less.
        <>
          <label>
            Cantidad
            <input defaultValue={DEFAULT_CARD_QUANTITY} {...QUANTITY_INPUT} />
          </label>
          <AddButton />
        </>
      )}
    </fetcher.Form>
  );

  return (
    <div className="card-cart" data-testid="add-to-cart">
      {hydrated ? (
        <>
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
        </>
      ) : (
        <details>
          <summary>
            <AddLabel />
          </summary>
          {form}
        </details>
      )}
      {error ? (
        <p role="alert" className="mt-2 text-xs text-red-800">
          {error}
        </p>
      ) : null}
      {/* One polite region for "✓ Añadido" (read aloud only) and a visible notice; it must exist
          before its text does for screen readers to announce it, so it comes with JavaScript. */}
      {hydrated ? (
        <p role="status" className={notice ? "mt-2 text-xs text-amber-800" : "sr-only"}>
          {notice ?? (added ? ADDED_LABEL : "")}
        </p>
      ) : null}
    </div>
  );
}

/** The quantity field's fixed attributes, with and without JavaScript. */
const QUANTITY_INPUT = {
  name: "quantity",
  type: "number",
  min: 1,
  max: MAX_LINE_QUANTITY,
  required: true,
} as const;

/**
 * AGREGAR names the form's intent: the submitting button's value travels with the form. Styled by
 * place (`.card-cart button[name="intent"]`), like the rest of the form the server renders per card.
 */
function AddButton() {
  return (
    <button name="intent" value="add">
      AGREGAR
    </button>
  );
}

/**
 * "Agregar al carrito"; a phone's two-column card shows "Agregar" (the rest stays for screen readers,
 * `.card-cart :is(summary, .card-button) > span` in the stylesheet).
 */
function AddLabel() {
  return (
    <>
      Agregar<span> al carrito</span>
    </>
  );
}
