import type { IncomingMessage, ServerResponse } from "node:http";
import type { ServerBuild } from "@remix-run/node";
import { redactUrlSecrets } from "~/lib/log-redaction";
import { logger, type RequestContext, runInRequestContext } from "./logger.server";
import { observeHttpRequest } from "./metrics.server";
import { randomDraws } from "./random-blocks.server";
import { routeMatcher } from "./route-matcher.server";

/**
 * What the HTTP server (server/app.mjs) runs around every request it hands to Remix: a request id
 * (answered in `X-Request-Id`, carried by every log line the request causes, shown on the error page),
 * one access log line when the answer is sent, and the request's duration in the metrics, per route.
 */

const drawId = randomDraws(4);

/**
 * An id a shopper can read out on the phone: 8 hexadecimal digits, e.g. `7F3A-9C21`. From the CSPRNG
 * in blocks (one `randomBytes` call per request was 2 % of a cached page's CPU).
 */
export function newRequestId(): string {
  const hex = drawId("hex").toUpperCase();
  return `${hex.slice(0, 4)}-${hex.slice(4)}`;
}

/**
 * An id set by a proxy we trust (nginx's `$request_id`), so its log and ours share it. The HTTP server
 * (server/app.mjs) drops the header from connections that do not come from a TRUST_PROXY address.
 */
const FORWARDED_ID = /^[A-Za-z0-9._-]{1,64}$/;

type Request = IncomingMessage & { originalUrl?: string };

export function observeRequests(build: Pick<ServerBuild, "routes">, { trustProxy }: { trustProxy: readonly string[] }) {
  const routeIdOf = routeMatcher(build.routes);
  return (req: Request, res: ServerResponse, next: () => void) => {
    const started = process.hrtime.bigint();
    const forwarded = req.headers["x-request-id"];
    const id =
      trustProxy.length > 0 && typeof forwarded === "string" && FORWARDED_ID.test(forwarded)
        ? forwarded
        : newRequestId();
    res.setHeader("X-Request-Id", id);
    const context: RequestContext = { id };
    res.once("close", () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const url = req.originalUrl ?? req.url ?? "/";
      const route = routeIdOf(url);
      const method = req.method ?? "GET";
      const status = res.statusCode;
      const line = {
        reqId: id,
        ...(context.userId ? { userId: context.userId } : {}),
        method,
        path: redactUrlSecrets(url),
        status,
        durationMs: Math.round(seconds * 10_000) / 10,
        route,
        // The client went away before the whole answer was sent.
        ...(res.writableFinished ? {} : { aborted: true }),
      };
      if (status >= 500) logger.error(line, "request");
      else logger.info(line, "request");
      observeHttpRequest({ method, route, status, seconds });
    });
    runInRequestContext(context, next);
  };
}
