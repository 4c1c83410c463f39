import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { ServerBuild } from "@remix-run/node";
import { matchRoutes } from "@remix-run/react";
import { redactUrlSecrets } from "~/lib/log-redaction";
import { logger, type RequestContext, runInRequestContext } from "./logger.server";
import { observeHttpRequest } from "./metrics.server";

/**
 * What the HTTP server (server/app.mjs) runs around every request it hands to Remix: a request id
 * (answered in `X-Request-Id`, carried by every log line the request causes, shown on the error page),
 * one access log line when the answer is sent, and the request's duration in the metrics, per route.
 */

/** An id a shopper can read out on the phone: 8 hexadecimal digits, e.g. `7F3A-9C21`. */
export function newRequestId(): string {
  const hex = crypto.randomBytes(4).toString("hex").toUpperCase();
  return `${hex.slice(0, 4)}-${hex.slice(4)}`;
}

/** An id set by a proxy we trust (nginx's `$request_id`), so its log and ours share it. */
const FORWARDED_ID = /^[A-Za-z0-9._-]{1,64}$/;

type Request = IncomingMessage & { originalUrl?: string };

export function observeRequests(build: Pick<ServerBuild, "routes">, { trustProxy }: { trustProxy: number }) {
  const routeIdOf = routeMatcher(build.routes);
  return (req: Request, res: ServerResponse, next: () => void) => {
    const started = process.hrtime.bigint();
    const forwarded = req.headers["x-request-id"];
    const id =
      trustProxy > 0 && typeof forwarded === "string" && FORWARDED_ID.test(forwarded) ? forwarded : newRequestId();
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

type RouteObject = NonNullable<Parameters<typeof matchRoutes>[0]>[number];

/**
 * The Remix route id that answers a URL (`routes/producto.$id` for `/producto/7`, also for its
 * single-fetch data request `/producto/7.data`): a bounded label for the metrics, unlike raw paths.
 */
export function routeMatcher(routes: ServerBuild["routes"]): (url: string) => string {
  const byParent = new Map<string | undefined, ServerBuild["routes"][string][]>();
  for (const route of Object.values(routes)) {
    if (route) byParent.set(route.parentId, [...(byParent.get(route.parentId) ?? []), route]);
  }
  const tree = (parentId: string | undefined): RouteObject[] =>
    (byParent.get(parentId) ?? []).map((route) =>
      route.index
        ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: tree(route.id) },
    );
  const root = tree(undefined);
  return (url) => {
    let pathname = url.split("?")[0] ?? "/";
    if (pathname === "/_root.data") pathname = "/";
    else if (pathname.endsWith(".data")) pathname = pathname.slice(0, -".data".length);
    // Index and layout routes are both matched; the deepest match answers.
    const matches = matchRoutes(root, pathname);
    return matches?.at(-1)?.route.id ?? "unmatched";
  };
}
