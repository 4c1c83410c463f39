import { getCookieSession, SESSION_TTL_MS, sessionStorage } from "./session.server";

/**
 * One-shot messages that survive a redirect (post/redirect/get without JavaScript), kept in the
 * session cookie next to the session id and shown once by the root.
 */

export type Flash = { kind: "success" | "error"; message: string };

const FLASH_KEY = "flash";

/**
 * Committing the cookie must not turn the 30-day login cookie into a browser-session cookie:
 * give it the session lifetime again (the database row's expiry stays the one that counts).
 */
function cookieOptions() {
  return { expires: new Date(Date.now() + SESSION_TTL_MS) };
}

/** The Set-Cookie header value that stores `flash` for the next page. */
export async function setFlash(request: Request, flash: Flash): Promise<string> {
  const session = await getCookieSession(request);
  session.flash(FLASH_KEY, flash);
  return sessionStorage.commitSession(session, cookieOptions());
}

/**
 * Reads and consumes the flash of this request. `setCookie` is the header that clears it,
 * null when there was none (no cookie is written then).
 */
export async function readFlash(request: Request): Promise<{ flash: Flash | null; setCookie: string | null }> {
  const session = await getCookieSession(request);
  const value: unknown = session.get(FLASH_KEY);
  if (!isFlash(value)) return { flash: null, setCookie: null };
  return {
    flash: value,
    setCookie: await sessionStorage.commitSession(session, cookieOptions()),
  };
}

function isFlash(value: unknown): value is Flash {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return (v.kind === "success" || v.kind === "error") && typeof v.message === "string";
}
