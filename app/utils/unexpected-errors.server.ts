import { data } from "@remix-run/node";
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
