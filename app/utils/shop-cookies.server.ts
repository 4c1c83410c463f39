/**
 * Which cookies make a request personal (docs/decisions/047): only the shop's own. Every cookie the
 * shop sets is named through `cookieName("joyeria_…")` (session.server.ts: the session with its flash
 * messages and pixel event; device.server.ts: the known-device cookie), i.e. `__Host-joyeria_…` or
 * `__joyeria_…`. Any other cookie — the Meta pixel's `_fbp`/`_fbc`, Google Analytics' `_ga`, whatever an
 * owner's analytics adds — changes nothing the shop renders, so it neither personalises a page nor
 * turns caching off (rendered-page cache and applyCachePolicy alike).
 *
 * Both prefixes count whatever COOKIE_SECURE says today, and the bare name too: a cookie left from
 * another setting is still the shop's, and treating it as personal is the safe side.
 */
const SHOP_COOKIE = /^(?:__Host-|__Secure-|__)?joyeria_/;

/** Whether a `Cookie` header carries at least one of the shop's own cookies. */
export function hasShopCookie(cookieHeader: string | null | undefined): boolean {
  if (!cookieHeader) return false;
  for (const pair of cookieHeader.split(";")) {
    const name = pair.split("=", 1)[0]!.trim();
    if (SHOP_COOKIE.test(name)) return true;
  }
  return false;
}
