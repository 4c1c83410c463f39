import { Link } from "~/components/link";
import type { CardSelection } from "~/lib/catalog";
import { CART_MESSAGES, MAX_LINE_QUANTITY } from "~/lib/cart-messages";
import { DEFAULT_CARD_QUANTITY } from "~/lib/constants";
import { SIZE_ANCHOR } from "~/lib/size-choice";

/**
 * A card's add-to-cart control as the server writes it (and as it stays without JavaScript): Agotado,
 * a link to the product page (a logged-out shopper on a search card), a link to the piece's sizes, or a
 * `<details>` holding a plain form that posts to /cart and comes back to `redirectTo`.
 *
 * A pure function of its props, without router hooks: the signed-in search page is assembled from the
 * anonymous one by swapping each card's link for this form (docs/decisions/046), rendered here alone.
 * `AddToCartPrompt` renders it until hydration, so the browser finds the same markup.
 */
export function CardAddControl({
  selection,
  loggedOutHref,
  redirectTo,
}: {
  selection: CardSelection;
  /** Where a logged-out shopper goes instead (the search card: the product page); null: the form. */
  loggedOutHref: string | null;
  redirectTo: string;
}) {
  const { productId, variantId, productName, size, href } = selection;
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
  return (
    <div className="card-cart" data-testid="add-to-cart">
      <details>
        <summary>
          <AddLabel />
        </summary>
        {/* What the prompt's fetcher form writes before hydration (method, action, then its props). */}
        <form method="post" action="/cart" aria-label={`Agregar ${productName} al carrito`}>
          <CardFormFields productId={productId} variantId={variantId} redirectTo={redirectTo} />
          {/* The label holds its input, so neither needs an id, and the <details> closes with the page
              that follows the post. No classes: the stylesheet finds these by place (`.card-cart
              details …`), a grid page weighs 3 KB less. */}
          <label>
            Cantidad
            <input defaultValue={DEFAULT_CARD_QUANTITY} {...QUANTITY_INPUT} />
          </label>
          <AddButton />
        </form>
      </details>
    </div>
  );
}

/** The piece and the way back, hidden in the card's form (with and without JavaScript). */
export function CardFormFields({
  productId,
  variantId,
  redirectTo,
}: {
  productId: number;
  variantId: number | null;
  redirectTo: string;
}) {
  return (
    <>
      <input type="hidden" name="productId" value={productId} />
      {variantId !== null ? <input type="hidden" name="variantId" value={variantId} /> : null}
      <input type="hidden" name="redirectTo" value={redirectTo} />
    </>
  );
}

/** The quantity field's fixed attributes, with and without JavaScript. */
export const QUANTITY_INPUT = {
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
export function AddButton() {
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
export function AddLabel() {
  return (
    <>
      Agregar<span> al carrito</span>
    </>
  );
}
