// The cart link's side of the drawer, apart from the drawer itself so the header (on every page)
// does not pull the drawer's code into the first download; the drawer loads on first use.
import type { MouseEvent } from "react";

export const CART_DRAWER_OPEN_EVENT = "cart-drawer:open";

let drawerMounted = false;

/** The drawer says when it listens; until then the cart link is a plain link to /cart. */
export function setCartDrawerMounted(mounted: boolean) {
  drawerMounted = mounted;
}

/**
 * Click handler for the header's cart link (`data-action="open-cart"`): with JavaScript it opens
 * the drawer instead of navigating to /cart. Modified clicks, and clicks on /cart itself, keep
 * the link's normal behaviour; without JavaScript the link simply opens the /cart page.
 */
export function openCartDrawer(event: MouseEvent<HTMLAnchorElement>) {
  if (!drawerMounted || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  if (window.location.pathname === "/cart") return;
  event.preventDefault();
  window.dispatchEvent(new CustomEvent(CART_DRAWER_OPEN_EVENT));
}
