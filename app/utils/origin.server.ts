import { getEnv } from "./env.server";

/** Host names whose requests may name the origin during development (never in production). */
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * The shop's public origin, for every absolute URL it emits: links in e-mails (password reset,
 * order confirmation), canonical links, JSON-LD, the sitemap and payment return URLs.
 *
 * It never comes from a request's Host header unless that host is allow-listed: otherwise anybody
 * could make the shop e-mail a reset link to their own server ("Host: evil.example") and take over
 * the account of whoever clicks it. APP_ORIGIN wins (and is required in production); without it the
 * request's origin is used only for localhost, 127.0.0.1 and ALLOWED_HOSTS, else http://localhost:PORT.
 */
export function getPublicOrigin(request: { url: string }): string {
  const env = getEnv();
  if (env.APP_ORIGIN) return env.APP_ORIGIN;
  const url = new URL(request.url);
  const host = url.hostname.toLowerCase();
  if (LOCAL_HOSTS.has(host) || env.ALLOWED_HOSTS.includes(host) || env.ALLOWED_HOSTS.includes(url.host)) {
    return url.origin;
  }
  return `http://localhost:${env.PORT}`;
}

/** Absolute URL of `path` (a path, optionally with a query string) on the shop's public origin. */
export function absoluteUrl(request: { url: string }, path: string): string {
  return `${getPublicOrigin(request)}${path.startsWith("/") ? path : `/${path}`}`;
}

/**
 * Whether the shop runs on this computer only (its public origin is localhost): a development or test
 * shop, where whoever reads the local outbox is the developer.
 */
export function isLocalShop(): boolean {
  return LOCAL_HOSTS.has(new URL(configuredOrigin()).hostname);
}

/**
 * The public origin for work that has no request (background jobs such as the reservation sweep):
 * APP_ORIGIN, else http://localhost:PORT.
 */
export function configuredOrigin(): string {
  const env = getEnv();
  return env.APP_ORIGIN ?? `http://localhost:${env.PORT}`;
}
