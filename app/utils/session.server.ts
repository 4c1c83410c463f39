import crypto from "node:crypto";
import { invariantResponse } from "@epic-web/invariant";
import { createCookieSessionStorage, redirect, type SessionStorage } from "@remix-run/node";
import { DEFAULT_ROLE, hasRole, type RoleName } from "~/lib/roles";
import { displayName } from "~/lib/user";
import { prisma, readRows } from "./db.server";
import { getEnv } from "./env.server";
import { noteRequestUser } from "./logger.server";

/** Sessions last 30 days; the cookie and the database row expire together. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const SESSION_ID_KEY = "sid";

export function secureCookies(): boolean {
  const env = getEnv();
  if (env.COOKIE_SECURE) return env.COOKIE_SECURE === "true";
  return env.NODE_ENV === "production";
}

/** Cookie names get the `__Host-` prefix when secure: browsers then refuse them from subdomains or over HTTP. */
export function cookieName(base: string): string {
  return secureCookies() ? `__Host-${base}` : `__${base}`;
}

export function cookieSecrets(): string[] {
  return (getEnv().SESSION_SECRET ?? "development-only-secret-change-me").split(",");
}

let storage: SessionStorage | undefined;

/**
 * The cookie carries only a random session id (and one-shot flash messages); the session
 * itself lives in the database, so logout, expiry and revocation apply on every instance.
 * Built on first use, from the environment (never as a side effect of importing this module).
 */
function getStorage(): SessionStorage {
  storage ??= createCookieSessionStorage({
    cookie: {
      name: cookieName("joyeria_session"),
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: secureCookies(),
      secrets: cookieSecrets(),
    },
  });
  return storage;
}

export const sessionStorage: SessionStorage = {
  getSession: (...args) => getStorage().getSession(...args),
  commitSession: (...args) => getStorage().commitSession(...args),
  destroySession: (...args) => getStorage().destroySession(...args),
};

export function getCookieSession(request: Request) {
  return sessionStorage.getSession(request.headers.get("Cookie"));
}

export type SessionUser = {
  id: string;
  email: string;
  name: string | null;
  displayName: string;
  role: RoleName;
};

/** The signed-in shopper of a request: the user, and the pieces in their cart for the header's badge. */
export type Viewer = { user: SessionUser; cartCount: number };

/**
 * The session, its user with the role and the cart's piece count in one statement (every page of a
 * signed-in shopper needs all three). The expiry is compared with the caller's clock, as a UTC
 * timestamp like the column.
 */
const VIEWER_SQL = `
  SELECT u."id", u."email", u."name", r."role",
    (SELECT COALESCE(SUM(c."quantity"), 0)::int FROM "cart_items" c WHERE c."cart_user_id" = u."id") AS "cartCount"
  FROM "sessions" s
  JOIN "users" u ON u."id" = s."user_id"
  LEFT JOIN "user_roles" r ON r."user_id" = u."id"
  WHERE s."id" = $1 AND s."expires_at" > $2::timestamp`;

type ViewerRow = { id: string; email: string; name: string | null; role: RoleName | null; cartCount: number };

/**
 * Lookups of this request's viewer, by the request's load context (one object per request, shared by
 * its root and route loaders, which run in parallel): the first loader's statement serves them all.
 * Only reads (GET, HEAD) share it: an action may log in, log out or change the cart, and the loaders
 * that follow it in the same request must see that.
 */
const viewers = new WeakMap<object, Promise<Viewer | null>>();

/**
 * The signed-in shopper of this request, read from the database (one statement, shared by the
 * request's loaders when given its load `context`), so a role change or a logout elsewhere takes
 * effect on the next request. Null when logged out or expired.
 */
export function getViewer(request: Request, context?: object): Promise<Viewer | null> {
  const shared = typeof context === "object" && context !== null && ["GET", "HEAD"].includes(request.method);
  if (!shared) return readViewer(request);
  let viewer = viewers.get(context);
  if (!viewer) {
    viewer = readViewer(request);
    viewers.set(context, viewer);
  }
  return viewer;
}

async function readViewer(request: Request): Promise<Viewer | null> {
  const session = await getCookieSession(request);
  const sessionId = session.get(SESSION_ID_KEY);
  if (typeof sessionId !== "string") return null;
  const [row] = await readRows<ViewerRow>(VIEWER_SQL, [sessionId, new Date().toISOString()]);
  if (!row) return null;
  noteRequestUser(row.id);
  return {
    user: {
      id: row.id,
      email: row.email,
      name: row.name,
      displayName: displayName(row),
      role: row.role ?? DEFAULT_ROLE,
    },
    cartCount: row.cartCount,
  };
}

/**
 * The logged-in user (see `getViewer`: pass the loader's `context` to share the request's one
 * lookup). Null when logged out or expired.
 */
export async function getOptionalUser(request: Request, context?: object): Promise<SessionUser | null> {
  return (await getViewer(request, context))?.user ?? null;
}

/**
 * "The user of this request's session" as a query filter, or null without a session cookie. A
 * page can then fold what it needs about the viewer (e.g. whether they bought a product) into its
 * own statement instead of loading the user first; an expired or revoked session matches nobody.
 */
export async function sessionUserFilter(
  request: Request,
): Promise<{ sessions: { some: { id: string; expiresAt: { gt: Date } } } } | null> {
  const session = await getCookieSession(request);
  const sessionId = session.get(SESSION_ID_KEY);
  if (typeof sessionId !== "string") return null;
  return { sessions: { some: { id: sessionId, expiresAt: { gt: new Date() } } } };
}

/** The current path with its query, as an origin to come back to after logging in. */
export function currentPath(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/**
 * Requires a logged-in user. Logged-out visitors are redirected to `redirectTo`
 * (by default /login with the current path as origin).
 */
export async function requireUser(request: Request, options: { redirectTo?: string } = {}): Promise<SessionUser> {
  const user = await getOptionalUser(request);
  if (user) return user;
  const to = options.redirectTo ?? `/login?redirectTo=${encodeURIComponent(currentPath(request))}`;
  throw redirect(to);
}

/**
 * Requires a user whose role ranks at least `role`. Logged-out visitors go to `/`;
 * logged-in users without the role get a 403 that error boundaries render as "Acceso Denegado".
 */
export async function requireUserWithRole(request: Request, role: RoleName): Promise<SessionUser> {
  const user = await requireUser(request, { redirectTo: "/" });
  invariantResponse(hasRole(user.role, role), "Acceso Denegado", { status: 403, statusText: "Forbidden" });
  return user;
}

/**
 * Starts a new session for `userId` (a fresh id every time: rotation at login) and returns
 * the Set-Cookie header value. Any session the cookie held before is deleted.
 */
export async function createUserSession(
  request: Request,
  userId: string,
  options: { flash?: Record<string, unknown> } = {},
): Promise<string> {
  const session = await getCookieSession(request);
  const previous = session.get(SESSION_ID_KEY);
  const id = crypto.randomBytes(32).toString("base64url");
  const now = new Date();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await prisma.$transaction([
    ...(typeof previous === "string" ? [prisma.session.deleteMany({ where: { id: previous } })] : []),
    // Opportunistic clean-up: expired sessions of anyone go at every login (indexed on expires_at).
    prisma.session.deleteMany({ where: { expiresAt: { lte: now } } }),
    prisma.session.create({
      data: { id, userId, expiresAt, userAgent: request.headers.get("User-Agent")?.slice(0, 255) ?? null },
    }),
  ]);
  session.set(SESSION_ID_KEY, id);
  noteRequestUser(userId);
  for (const [key, value] of Object.entries(options.flash ?? {})) session.flash(key, value);
  return sessionStorage.commitSession(session, { expires: expiresAt });
}

/** Ends the session in the database and returns the Set-Cookie header that clears the cookie. */
export async function destroyUserSession(request: Request): Promise<string> {
  const session = await getCookieSession(request);
  const id = session.get(SESSION_ID_KEY);
  if (typeof id === "string") await prisma.session.deleteMany({ where: { id } });
  return sessionStorage.destroySession(session);
}
