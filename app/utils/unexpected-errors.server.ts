import { data } from "@remix-run/node";
import { isRouteErrorResponse } from "@remix-run/react";
import { redactUrlSecrets } from "~/lib/log-redaction";
import { currentRequest, logger } from "./logger.server";

/** What the error page receives for an unexpected failure: the id the shopper can quote. */
export type UnexpectedErrorData = { requestId: string | null };

/** Responses a loader or action throws on purpose (redirects, 404s, `data(…, { status })`). */
function isDeliberate(error: unknown): boolean {
  return (
    error instanceof Response ||
    (typeof error === "object" && error !== null && (error as { type?: unknown }).type === "DataWithResponseInit")
  );
}

/**
 * Runs a loader or action; an error it did not mean to throw is logged once, with its stack, the
 * route and the request id, and answered as a 500 whose data is that request id, so the Spanish
 * error page can show it ("Código de referencia") to a shopper, with JavaScript or without.
 */
export async function answerUnexpectedErrors<T>(
  routeId: string,
  request: Request,
  handler: () => Promise<T>,
): Promise<T> {
  try {
    return await handler();
  } catch (error) {
    if (isDeliberate(error) || request.signal.aborted) throw error;
    logger.error({ err: error, route: routeId, method: request.method }, "unexpected error");
    const body: UnexpectedErrorData = { requestId: currentRequest()?.id ?? null };
    throw data(body, { status: 500 });
  }
}

/**
 * What Remix warns about, through the error hook, when a client makes a pre-single-fetch `?_data`
 * request (the shop's own pages make `.data` requests): an old tab or a probe, answered anyway.
 */
const LEGACY_DATA_REQUEST = /^Warning: Single fetch-enabled apps should not be making \?_data requests/;

/**
 * Logs an error Remix hands to `handleError` (entry.server.tsx) once, at the level it deserves: a
 * refusal — a 4xx Remix answers itself (no route for a `.data` URL, a method a route does not take,
 * a request it cannot read) or a legacy `?_data` request — is a warning of one line without a stack
 * trace (the visitor got their answer; nothing is broken); anything else is an error with its stack.
 * Aborted requests are not logged.
 */
export function logRemixError(error: unknown, request: Request): void {
  if (request.signal.aborted) return;
  const url = new URL(request.url);
  const where = { method: request.method, path: redactUrlSecrets(`${url.pathname}${url.search}`) };
  if (isRouteErrorResponse(error) && error.status < 500) {
    const reason = typeof error.data === "string" ? error.data.replace(/^Error: /, "") : error.statusText;
    logger.warn({ ...where, status: error.status, reason }, "request refused");
  } else if (error instanceof Error && LEGACY_DATA_REQUEST.test(error.message)) {
    logger.warn(where, "?_data request (the shop uses single fetch .data requests): answered anyway");
  } else {
    logger.error({ err: error, ...where }, "unexpected error");
  }
}
