import type { RoleName } from "~/lib/roles";
import { preparedStatement, readRows } from "~/utils/db.server";
import { getSessionId, type SessionUser, sessionUserOf } from "~/utils/session.server";
import { type Cart, CART_LINE_COLUMNS, CART_LINE_ORDER, type CartLineRow, cartOf } from "./cart.server";
import { cartWithSales } from "./sale-events.server";

/**
 * The signed-in shopper of a request: the user, with their cart (the header's badge on every page,
 * the lines on /cart and in the drawer).
 */
export type Viewer = { user: SessionUser; cart: Cart; appliedCode: string | null };

/**
 * The session, its user and role, the discount code applied on their checkout draft, and the cart's
 * lines with their products' current price and stock, in one statement: one row per line, or one row
 * without a line for an empty cart, none for a missing or expired session. The expiry is compared with
 * the caller's clock, as a UTC timestamp like the column.
 */
const VIEWER_SQL = preparedStatement(
  "viewer",
  `
  SELECT u."id" AS "userId", u."email", u."name" AS "userName", r."role", d."discount_code" AS "appliedCode",
    ${CART_LINE_COLUMNS}
  FROM "sessions" s
  JOIN "users" u ON u."id" = s."user_id"
  LEFT JOIN "user_roles" r ON r."user_id" = u."id"
  LEFT JOIN "checkout_drafts" d ON d."user_id" = u."id"
  LEFT JOIN "cart_items" c ON c."cart_user_id" = u."id"
  LEFT JOIN "products" p ON p."id" = c."product_id"
  LEFT JOIN "product_variants" v ON v."id" = c."variant_id"
  WHERE s."id" = $1 AND s."expires_at" > $2::timestamp
  ORDER BY ${CART_LINE_ORDER}`,
);

type ViewerRow = CartLineRow & {
  userId: string;
  email: string;
  userName: string | null;
  role: RoleName | null;
  appliedCode: string | null;
};

/**
 * Lookups by the request's load context (one object per request, shared by its root and route
 * loaders, which run in parallel): the first loader's statement serves them all. Only reads (GET,
 * HEAD) share one: an action may log in, log out or change the cart, and the loaders that follow it
 * in the same request must see that. Nothing outlives the request.
 */
const viewers = new WeakMap<object, Promise<Viewer | null>>();

/**
 * The signed-in shopper of this request, read from the database, so a logout, a role change or a
 * price edit shows on the next request. Null when logged out or expired. `ahead`: for a page assembled
 * from the cache, whose read passes those of pages being rendered (db.server.ts, `readRows`).
 */
export function getViewer(request: Request, context?: object, { ahead = false } = {}): Promise<Viewer | null> {
  const shared = typeof context === "object" && context !== null && ["GET", "HEAD"].includes(request.method);
  if (!shared) return readViewer(request, ahead);
  let viewer = viewers.get(context);
  if (!viewer) {
    viewer = readViewer(request, ahead);
    viewers.set(context, viewer);
  }
  return viewer;
}

async function readViewer(request: Request, ahead: boolean): Promise<Viewer | null> {
  const sessionId = await getSessionId(request);
  if (sessionId === null) return null;
  const rows = await readRows<ViewerRow>(VIEWER_SQL, [sessionId, new Date().toISOString()], { ahead });
  const [first] = rows;
  if (!first) return null;
  return {
    user: sessionUserOf({ id: first.userId, email: first.email, name: first.userName, role: first.role }),
    cart: await cartWithSales(cartOf(rows)),
    appliedCode: first.appliedCode,
  };
}
