import crypto from "node:crypto";
import {
  type ActionFunctionArgs,
  type AppLoadContext,
  type EntryContext,
  type HandleDataRequestFunction,
  type HandleErrorFunction,
  type LoaderFunctionArgs,
  type ServerBuild,
} from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { readOrUnavailable } from "./utils/db.server";
import { NonceProvider } from "./components/nonce";
import { logger } from "./utils/logger.server";
import { getEnv } from "./utils/env.server";
import { finishRenderedPage } from "./utils/module-preloads.server";
import { checkRequest } from "./utils/request.server";
import { requireUserWithRole } from "./utils/session.server";
import { applyCachePolicy, securityHeaders } from "./utils/security.server";
import { answerUnexpectedErrors, logRemixError } from "./utils/unexpected-errors.server";
import type { ShopEntry } from "./shop-entry";
import { assemblePersonalPage } from "./utils/personal-pages.server";
import { countPageLookups, renderedPages } from "./utils/rendered-pages.server";
import { pageKindOf } from "./lib/page-kind";
import { pageCacheLookups } from "./utils/cache-metrics.server";
import { markForSharedCaches } from "./utils/shared-cache.server";
import { collectingKeys } from "./utils/surrogate-keys.server";
import { startUp } from "./utils/start-up.server";
import { renderWholePage, wholeBodyOf, wholePageResponse } from "./utils/whole-document.server";
import { freshNonce } from "./utils/nonce.server";

export const streamTimeout = 5_000;

// Each lookup of the rendered-page cache, counted by kind of page in /metrics.
countPageLookups((key, outcome) => pageCacheLookups().inc({ kind: pageKindOf(key), outcome }));

/**
 * The build the HTTP server serves, with the rules no route has to remember:
 * - every loader and action answers the Spanish 503 page "Error de Conexión" when the database is
 *   unreachable (stopped, restarting, refusing connections), instead of an unexplained 500;
 * - any other unexpected error is logged once and answered 500 with the request id for the error page;
 * - a post to a staff page that takes none is answered by the staff guard first (logged out: to the
 *   home page; not staff: 403 Acceso Denegado), then 405, quietly, instead of Remix's logged error;
 * - every loader's catalogue reads are recorded as its request's surrogate keys (surrogate-keys.server.ts).
 */
function prepareBuild(build: ServerBuild): ServerBuild {
  const guard =
    <Args extends { request: Request }, R>(id: string, handler: (args: Args) => R) =>
    (args: Args) =>
      answerUnexpectedErrors(id, args.request, () => readOrUnavailable(async () => handler(args)));
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => {
      const { loader } = route.module;
      const action = route.module.action ?? (isStaffRoute(id) ? refuseStaffPost : undefined);
      const module = {
        ...route.module,
        ...(loader
          ? { loader: guard(id, (args: LoaderFunctionArgs) => collectingKeys(args.context, () => loader(args))) }
          : {}),
        ...(action ? { action: guard(id, (args: ActionFunctionArgs) => action(args)) } : {}),
      };
      return [id, { ...route, module }];
    }),
  );
  return { ...build, routes };
}

function isStaffRoute(id: string): boolean {
  return id === "routes/admin" || id.startsWith("routes/admin.");
}

async function refuseStaffPost({ request }: ActionFunctionArgs): Promise<never> {
  await requireUserWithRole(request, "worker");
  throw new Response("Método no permitido", { status: 405 });
}

/**
 * What the shop's HTTP server needs from this build (app/shop-entry.ts; the server refuses a build
 * without it): start-up, the checks before Remix, the rendered-page cache, the pages rendered whole,
 * and the build with the rules above. Its use, request by request: docs/request-path.md.
 */
export const shopEntry = {
  startUp,
  checkRequest,
  renderedPages,
  assemblePersonalPage,
  wholeBodyOf,
  prepareBuild,
} satisfies ShopEntry;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = freshNonce();
  for (const [name, value] of Object.entries(securityHeaders(nonce))) responseHeaders.set(name, value);
  applyCachePolicy(request, responseHeaders);
  markForSharedCaches(responseHeaders, loadContext);
  let shellRendered = false;
  const rendered = await renderWholePage(
    <NonceProvider value={nonce}>
      <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
    </NonceProvider>,
    {
      nonce,
      timeoutMs: streamTimeout + 1000,
      onError(error: unknown) {
        // Before the shell, the error rejects the render and Remix renders the error boundary.
        if (!shellRendered) return;
        responseStatusCode = 500;
        logger.error({ err: error }, "rendering failed");
      },
      onShellReady() {
        shellRendered = true;
      },
    },
  );
  // Module preloads after the first paint's resources, the route manifest compact
  // (module-preloads.server.ts). Not in development, where React would warn about an attribute its
  // hydration did not render.
  const html = getEnv().NODE_ENV === "production" ? finishRenderedPage(rendered) : rendered;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  if (isRevalidatable(request, responseStatusCode, responseHeaders)) {
    return withEtag(request, html, nonce, responseHeaders, responseStatusCode);
  }
  return wholePageResponse(html, { headers: responseHeaders, status: responseStatusCode });
}

/** A public page (see applyCachePolicy) answered 200 to a GET: it gets an ETag and may answer 304. */
function isRevalidatable(request: Request, status: number, headers: Headers): boolean {
  return (
    (request.method === "GET" || request.method === "HEAD") &&
    status === 200 &&
    /\bpublic\b/.test(headers.get("Cache-Control") ?? "")
  );
}

/**
 * Buffers the whole page and tags it with a hash of its content. The CSP nonce is new on every response,
 * so it is left out of the hash; a 304 carries no Content-Security-Policy, so the browser keeps the
 * policy it stored with the page, whose nonce matches the page's scripts. The tag is weak because the
 * server compresses the same page differently per client.
 */
function withEtag(request: Request, html: Buffer, nonce: string, headers: Headers, status: number) {
  const hash = crypto.createHash("sha256").update(html.toString("utf8").replaceAll(nonce, "")).digest("base64url");
  const etag = `W/"${hash.slice(0, 27)}"`;
  headers.set("ETag", etag);
  const ifNoneMatch = request.headers.get("If-None-Match") ?? "";
  if (ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag.slice(2))) {
    const notModified = new Headers();
    for (const name of ["Cache-Control", "ETag", "Vary"]) {
      const value = headers.get(name);
      if (value !== null) notModified.set(name, value);
    }
    return new Response(null, { status: 304, headers: notModified });
  }
  return wholePageResponse(html, { status, headers });
}

/**
 * Client-side navigations (`.data` requests) carry the same personal data as documents.
 * (`X-Content-Type-Options: nosniff` is set by the HTTP server on every response.)
 */
export const handleDataRequest: HandleDataRequestFunction = (response, { request, context }) => {
  applyCachePolicy(request, response.headers);
  markForSharedCaches(response.headers, context);
  return response;
};

/**
 * Errors Remix catches itself (rendering, documents and `.data`/`?_data` requests) are logged once;
 * the log line carries the request id. Loaders' and actions' errors are logged where they are
 * answered (answerUnexpectedErrors). A refusal (4xx) is a warning without a stack trace, a genuine
 * failure an error with its stack (logRemixError).
 */
export const handleError: HandleErrorFunction = (error, { request }) => logRemixError(error, request);
