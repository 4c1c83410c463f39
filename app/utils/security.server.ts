import { getEnv } from "./env.server";
import { hasShopCookie } from "./shop-cookies.server";

/**
 * Security headers for every document. The Content-Security-Policy allows scripts only from the
 * shop itself or carrying this response's nonce (Remix's inline hydration scripts), plus the
 * advertising pixel's host when META_PIXEL_ID is configured.
 */
export function securityHeaders(nonce: string): Record<string, string> {
  const env = getEnv();
  const pixel = env.META_PIXEL_ID ? " https://connect.facebook.net" : "";
  const pixelImg = env.META_PIXEL_ID ? " https://www.facebook.com" : "";
  const formTargets = ["'self'", ...paymentOrigins()].join(" ");
  const headers: Record<string, string> = {
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
    "Cross-Origin-Opener-Policy": "same-origin",
  };
  if (env.NODE_ENV === "production") {
    headers["Content-Security-Policy"] = [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}'${pixel}`,
      "style-src 'self' 'unsafe-inline'",
      `img-src 'self' data: https:${pixelImg}`,
      "font-src 'self'",
      `connect-src 'self'${pixel}${pixelImg}`,
      `form-action ${formTargets}`,
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "object-src 'none'",
    ].join("; ");
  }
  return headers;
}

/** Where a checkout form may redirect to: Stripe Checkout, or the local payment simulator. */
function paymentOrigins(): string[] {
  const env = getEnv();
  const origins = ["https://checkout.stripe.com"];
  if (env.STRIPE_API_BASE) origins.push(new URL(env.STRIPE_API_BASE).origin);
  return origins;
}

/**
 * What a catalogue route declares in its `headers` export: a shared cache may keep the page but must
 * ask again every time (the ETag makes that a cheap 304). applyCachePolicy turns it into
 * `private, no-store` for any request with one of the shop's cookies.
 */
export const PUBLIC_REVALIDATE = "public, max-age=0, must-revalidate";

/**
 * Pages and `.data` responses carry the visitor's name, e-mail, cart and role (the root loader reads
 * them on every page), so no shared cache may keep them: `private, no-store`. A route may declare
 * itself public (`Cache-Control: public, …` in its `headers` export), and that is honoured only for a
 * request without any of the shop's own cookies, i.e. one that cannot be personal: a marketing cookie
 * (`_fbp`, `_ga`…) changes nothing the shop renders (shop-cookies.server.ts, decision 047).
 */
export function applyCachePolicy(request: Request, headers: Headers): void {
  const declared = headers.get("Cache-Control") ?? "";
  const anonymous = !hasShopCookie(request.headers.get("Cookie")) && !headers.has("Set-Cookie");
  if (!(anonymous && /\bpublic\b/.test(declared))) headers.set("Cache-Control", "private, no-store");
  headers.append("Vary", "Cookie");
}
