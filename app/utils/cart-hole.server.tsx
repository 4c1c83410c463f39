import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { matchRoutes, Outlet, type RouteObject } from "react-router-dom";
import { createStaticRouter, type StaticHandlerContext, StaticRouterProvider } from "react-router-dom/server.js";
import { CartLineItem, CartLineStandIn } from "~/components/cart-line";
import { CartPageContent, type CartPageData } from "~/components/cart-page";
import type { CartLine } from "~/models/cart.server";
import type { Flash } from "./flash.server";
import { getPublicEnv } from "./env.server";
import { memoizeBounded } from "./memoize";

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
 *
 * Each line's markup depends only on the line and on whether prices are shown with IVA, so it is
 * rendered once for what it shows and remembered (the last LINES_REMEMBERED lines): the part is rendered
 * with a marker in each line's place (`CartLineStandIn`), and the lines' markup goes in after. Shoppers
 * whose carts hold the same piece at the same quantity share it; a change of price, stock, name or
 * picture is another line.
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
  const env = getPublicEnv();
  const lines = data.cart.lines;
  const part = renderUnderCartRoutes(
    <CartLineStandIn.Provider value={standIn}>
      <CartPageContent {...data} />
    </CartLineStandIn.Provider>,
    data,
    { ...root, ENV: env },
  );
  const pieces = part.split(STAND_IN);
  // One marker per line, in order: anything else (a line the page did not render) renders it whole.
  if (pieces.length !== lines.length + 1) {
    return renderUnderCartRoutes(<CartPageContent {...data} />, data, { ...root, ENV: env });
  }
  const included = env.PRICES_INCLUDE_IVA;
  return pieces.reduce((html, piece, i) => html + lineMarkup(JSON.stringify([included, lines[i - 1]])) + piece);
}

const STAND_IN = '<li data-cart-line-stand-in=""></li>';
const standIn = (line: CartLine) => <li key={line.lineKey} data-cart-line-stand-in="" />;

const LINES_REMEMBERED = 2_000;

/** A cart line's markup for `[pricesIncludeIva, line]` (as JSON): rendered once, then remembered. */
const lineMarkup = memoizeBounded(
  (key) => {
    const [included, line] = JSON.parse(key) as [boolean, CartLine];
    const root = { user: null, cartCount: 0, flash: null, ENV: { ...getPublicEnv(), PRICES_INCLUDE_IVA: included } };
    return renderUnderCartRoutes(<CartLineItem line={line} />, null, root);
  },
  { maxEntries: LINES_REMEMBERED },
);

/**
 * `element` rendered as /cart's route content under a static data router of the two routes Remix would
 * have, with their loader data (the root's with its ENV), so fetchers, forms and links write what they
 * write in the whole page.
 */
function renderUnderCartRoutes(
  element: ReactElement,
  data: CartPageData | null,
  root: RootData & { ENV: ReturnType<typeof getPublicEnv> },
): string {
  const routes: RouteObject[] = [
    {
      id: "root",
      path: "/",
      element: <Outlet />,
      children: [{ id: "routes/cart", path: "cart", element }],
    },
  ];
  const location = { pathname: "/cart", search: "", hash: "", state: null, key: "default" };
  const context: StaticHandlerContext = {
    basename: "/",
    location,
    matches: matchRoutes(routes, location) as StaticHandlerContext["matches"],
    loaderData: { root: { ...root, pixelEvent: null }, "routes/cart": data },
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
