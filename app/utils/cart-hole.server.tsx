import { renderToString } from "react-dom/server";
import { matchRoutes, Outlet, type RouteObject } from "react-router-dom";
import { createStaticRouter, type StaticHandlerContext, StaticRouterProvider } from "react-router-dom/server.js";
import { CartPageContent, type CartPageData } from "~/components/cart-page";
import type { Flash } from "./flash.server";
import { getPublicEnv } from "./env.server";

/**
 * The signed-in /cart assembled from the shared page (docs/decisions/069): the cart's part of the page,
 * `CartPageContent`, rendered alone for a shopper's cart, to be put where the anonymous page has the
 * empty cart, and the route's data paths the browser hydrates from.
 *
 * The cart's forms are the router's (fetchers for the quantities, the code and the clearing, the
 * optimistic lines), so the part is rendered under a static data router of two routes, `root` and
 * `routes/cart`, with the loader data Remix would have: the root's (the IVA setting and the meses sin
 * intereses plans the prices and the lines read) and the route's. No part of it uses `useId` (ids that
 * depend on the whole page's tree), which is what lets it be rendered apart.
 */

/** The /cart route's values in the loader data, in the order `cartValues` gives them. */
export const CART_PATHS = [
  ["routes/cart", "loggedIn"],
  ["routes/cart", "cart"],
  ["routes/cart", "coupon"],
  ["routes/cart", "delivery"],
] as const;

/** The values of CART_PATHS for this page data. */
export function cartValues(data: CartPageData) {
  return [data.loggedIn, data.cart, data.coupon, data.delivery] as const;
}

/** The root loader's data as the cart's part reads it (app/root.tsx). */
type RootData = {
  user: { displayName: string; role: string | null; email: string } | null;
  cartCount: number;
  flash: Flash | null;
};

/** The markup of the /cart page's content for this data, as Remix's render of the whole page writes it. */
export function cartPartHtml(data: CartPageData, root: RootData): string {
  const routes: RouteObject[] = [
    {
      id: "root",
      path: "/",
      element: <Outlet />,
      children: [{ id: "routes/cart", path: "cart", element: <CartPageContent {...data} /> }],
    },
  ];
  const location = { pathname: "/cart", search: "", hash: "", state: null, key: "default" };
  const context: StaticHandlerContext = {
    basename: "/",
    location,
    matches: matchRoutes(routes, location) as StaticHandlerContext["matches"],
    loaderData: { root: { ...root, ENV: getPublicEnv(), pixelEvent: null }, "routes/cart": data },
    actionData: null,
    errors: null,
    statusCode: 200,
    loaderHeaders: {},
    actionHeaders: {},
    activeDeferreds: null,
    _deepestRenderedBoundaryId: null,
  };
  const router = createStaticRouter(routes, context);
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}
