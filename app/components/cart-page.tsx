import type { DeliveryWindow } from "~/lib/delivery";
import type { CouponStatus } from "~/lib/discounts";
import type { Cart } from "~/models/cart.server";
import { CartCloseLink, CartView } from "./cart-view";

/** What the /cart route's loader gives its page (`routes/cart`). */
export type CartPageData = {
  loggedIn: boolean;
  cart: Cart;
  coupon: { status: CouponStatus; charged: number } | null;
  loadError: string | null;
  confirmClear: boolean;
  delivery: DeliveryWindow;
};

/**
 * The /cart page's content, a component of its data alone: the route renders it with its loader's data,
 * and a signed-in shopper's page assembled from the shared one renders it alone with the same data
 * (app/utils/cart-hole.server.tsx, docs/decisions/069), so both write the same markup.
 */
export function CartPageContent({ cart, coupon, loggedIn, loadError, confirmClear, delivery }: CartPageData) {
  return (
    <section className="mx-auto max-w-6xl px-4 pb-24 pt-10 sm:px-6 lg:px-8" aria-labelledby="cart-title">
      <div className="mb-8 flex items-end justify-between gap-4 border-b border-ink-900/10 pb-6">
        <div>
          <p className="eyebrow">Joyería Aurora</p>
          <h1 id="cart-title" className="mt-2 font-serif text-4xl text-ink-900 sm:text-5xl">
            Tu carrito
          </h1>
        </div>
        <CartCloseLink />
      </div>
      <CartView
        cart={cart}
        coupon={coupon}
        loggedIn={loggedIn}
        layout="page"
        loadError={loadError}
        confirmClear={confirmClear}
        delivery={delivery}
      />
    </section>
  );
}
