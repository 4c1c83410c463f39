import crypto from "node:crypto";
import { invariantResponse } from "@epic-web/invariant";
import {
  createCookieSessionStorage,
  createSession,
  redirect,
  type Session,
  type SessionData,
  type SessionStorage,
} from "@remix-run/node";
import { DEFAULT_ROLE, hasRole, type RoleName } from "~/lib/roles";
import { displayName } from "~/lib/user";
import { preparedStatement, prisma, readRows } from "./db.server";
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

/**
 * The session data of a Cookie header, parsed and its signature checked once per header
 * (docs/decisions/066): a page's loaders read the session up to four times, and a shopper sends the
 * same header on every request until the cookie changes. Each call still gets a session of its own
 * (reading a flash value removes it from that session only). Bounded: a flood of made-up cookies only
 * evicts.
 */
const parsedHeaders = new Map<string, Promise<SessionData>>();
const MAX_PARSED_HEADERS = 1_000;

function sessionOfHeader(cookieHeader: string): Promise<Session> {
  let data = parsedHeaders.get(cookieHeader);
  if (!data) {
    data = getStorage()
      .getSession(cookieHeader)
      .then((session) => session.data);
    if (parsedHeaders.size >= MAX_PARSED_HEADERS) parsedHeaders.delete(parsedHeaders.keys().next().value as string);
    parsedHeaders.set(cookieHeader, data);
    data.catch(() => parsedHeaders.delete(cookieHeader));
  }
  return data.then((values) => createSession(structuredClone(values)));
}

export const sessionStorage: SessionStorage = {
  getSession: (cookieHeader, options) =>
    cookieHeader && !options ? sessionOfHeader(cookieHeader) : getStorage().getSession(cookieHeader, options),
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

/** The session id the request's signed cookie carries, or null without one. */
export async function getSessionId(request: Request): Promise<string | null> {
  const sessionId = (await getCookieSession(request)).get(SESSION_ID_KEY);
  return typeof sessionId === "string" ? sessionId : null;
}

/** The user as pages see it, from a row of `users` with its role (none: the default role). */
export function sessionUserOf(user: { id: string; email: string; name: string | null; role: RoleName | null }) {
  noteRequestUser(user.id);
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    displayName: displayName(user),
    role: user.role ?? DEFAULT_ROLE,
  } satisfies SessionUser;
}

/**
 * The logged-in user, read with its role from the database on every request (one query),
 * so a role change or a logout elsewhere takes effect at once. Null when logged out or expired.
 */
export async function getOptionalUser(request: Request): Promise<SessionUser | null> {
  const sessionId = await getSessionId(request);
  if (sessionId === null) return null;
  const [user] = await readRows<SessionUserRow>(SESSION_USER_SQL, [sessionId, new Date().toISOString()]);
  return user ? sessionUserOf(user) : null;
}

type SessionUserRow = { id: string; email: string; name: string | null; role: RoleName | null };

/**
 * The user of an unexpired session with their role, as a prepared statement: read on most requests, and
 * Prisma's query compiler spends more CPU on its query than PostgreSQL does (docs/decisions/067). The
 * expiry is compared with the caller's clock, as a UTC timestamp like the column.
 */
const SESSION_USER_SQL = preparedStatement(
  "session_user",
  `
  SELECT u."id", u."email", u."name", r."role"
  FROM "sessions" s
  JOIN "users" u ON u."id" = s."user_id"
  LEFT JOIN "user_roles" r ON r."user_id" = u."id"
  WHERE s."id" = $1 AND s."expires_at" > $2::timestamp`,
);

/**
 * "The user of this request's session" as a query filter, or null without a session cookie. A
 * page can then fold what it needs about the viewer (e.g. whether they bought a product) into its
 * own statement instead of loading the user first; an expired or revoked session matches nobody.
 */
export async function sessionUserFilter(
  request: Request,
): Promise<{ sessions: { some: { id: string; expiresAt: { gt: Date } } } } | null> {
  const sessionId = await getSessionId(request);
  if (sessionId === null) return null;
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
