import { getSessionId, type SessionUser, sessionUserOf } from "~/utils/session.server";
import { type Cart, cartOf } from "./cart.server";
import { cartWithSales } from "./sale-events.server";
import { readViewerRows, type ViewerRow } from "./viewer-reads.server";

/**
 * The signed-in shopper of a request: the user, with their cart (the header's badge on every page,
 * the lines on /cart and in the drawer), read in one statement with other pages' (./viewer-reads.server.ts).
 */
export type Viewer = { user: SessionUser; cart: Cart; appliedCode: string | null };

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
  return sessionId === null ? null : viewerOf(await readViewerRows(sessionId, { ahead }));
}

/** The shopper of a session's rows (./viewer-reads.server.ts); null without rows. */
export async function viewerOf(rows: ViewerRow[]): Promise<Viewer | null> {
  const [first] = rows;
  if (!first) return null;
  return {
    user: sessionUserOf({ id: first.userId, email: first.email, name: first.userName, role: first.role }),
    cart: await cartWithSales(cartOf(rows)),
    appliedCode: first.appliedCode,
  };
}
