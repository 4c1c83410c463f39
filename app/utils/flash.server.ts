import { getCookieSession, SESSION_TTL_MS, sessionStorage } from "./session.server";

/**
 * One-shot messages that survive a redirect (post/redirect/get without JavaScript), kept in the
 * session cookie next to the session id and shown once by the root.
 */

/**
 * `notice`: the action did something, but less than asked (e.g. "Solo quedan 2 piezas
 * disponibles" after adding more than the stock) — information, not a failure.
 */
export type Flash = {
  kind: "success" | "notice" | "error";
  message: string;
  /** Shown by the page next to this field (e.g. "talla": the product page's sizes), not at the top. */
  field?: string;
};

const FLASH_KINDS: readonly Flash["kind"][] = ["success", "notice", "error"];

/** The session key of the shopper-facing message (for `createUserSession`'s flash values). */
export const FLASH_KEY = "flash";

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

/** The advertising pixel's one-shot event (e.g. "CompleteRegistration:<id>" after sign-up). */
export const PIXEL_EVENT_KEY = "pixelEvent";

/**
 * Reads and consumes this request's one-shot values: the shopper-facing message and the pixel
 * event. `setCookie` is the header that clears them (the session id stays), null when there were
 * none (no cookie is written then).
 */
export async function readFlashes(
  request: Request,
): Promise<{ flash: Flash | null; pixelEvent: string | null; setCookie: string | null }> {
  const session = await getCookieSession(request);
  if (!session.has(FLASH_KEY) && !session.has(PIXEL_EVENT_KEY))
    return { flash: null, pixelEvent: null, setCookie: null };
  const flash: unknown = session.get(FLASH_KEY);
  const pixelEvent: unknown = session.get(PIXEL_EVENT_KEY);
  return {
    flash: isFlash(flash) ? flash : null,
    pixelEvent: typeof pixelEvent === "string" ? pixelEvent : null,
    setCookie: await sessionStorage.commitSession(session, cookieOptions()),
  };
}

function isFlash(value: unknown): value is Flash {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    FLASH_KINDS.includes(v.kind as Flash["kind"]) &&
    typeof v.message === "string" &&
    (v.field === undefined || typeof v.field === "string")
  );
}
