import type { CartPageData } from "~/components/cart-page";
import { currentDeliveryWindow } from "~/lib/delivery";
import { getDeliverySettings } from "~/utils/env.server";
import { EMPTY_CART } from "./cart.server";
import { appliedCoupon } from "./discount-apply.server";
import type { Viewer } from "./viewer.server";

/**
 * The /cart page's data for a viewer (null: nobody signed in, whose cart is empty): read by the route's
 * loader and by the signed-in /cart assembled from the shared page (docs/decisions/069), so both show
 * the same. `confirmClear`: the page was asked "¿Vaciar el carrito?" (`?confirmar=vaciar`, signed in).
 */
export async function cartPageData(viewer: Viewer | null, confirmClear = false): Promise<CartPageData> {
  if (!viewer) return anonymousCartPageData();
  const coupon = await appliedCoupon(viewer.user.id, viewer.appliedCode, viewer.cart.lines);
  return { ...anonymousCartPageData(), loggedIn: true, cart: viewer.cart, coupon, confirmClear };
}

/** The page of a visitor nobody signed in as: the same for all of them. */
export function anonymousCartPageData(): CartPageData {
  // When an order paid now would arrive: shown with the shipping cost before checkout.
  const delivery = currentDeliveryWindow(getDeliverySettings());
  return { loggedIn: false, cart: EMPTY_CART, coupon: null, loadError: null, confirmClear: false, delivery };
}
