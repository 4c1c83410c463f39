import { getEnv } from "./env.server";

/** The shop's public origin: APP_ORIGIN when configured, else the request's own origin. */
export function getOrigin(request: Request): string {
  return getEnv().APP_ORIGIN?.replace(/\/+$/, "") ?? new URL(request.url).origin;
}

/** Absolute canonical URL of `path` (a path plus an optional query string). */
export function canonicalUrl(request: Request, path: string): string {
  return `${getOrigin(request)}${path}`;
}
