import crypto from "node:crypto";
import { PassThrough } from "node:stream";
import {
  createReadableStreamFromReadable,
  type EntryContext,
  type HandleDataRequestFunction,
  type HandleErrorFunction,
} from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { getEnv } from "./utils/env.server";
import { NonceProvider } from "./components/nonce";
import { startBackgroundJobs } from "./utils/jobs.server";
import { checkRequest } from "./utils/request.server";
import { applyCachePolicy, securityHeaders } from "./utils/security.server";

export const streamTimeout = 5_000;

/**
 * Start-up, called once by the shop's HTTP server (server/index.mjs) before it listens: validates the
 * configuration (a production server without SESSION_SECRET or APP_ORIGIN refuses to start), starts
 * the background jobs and hands the server its own settings.
 */
export function startUp() {
  const env = getEnv();
  return {
    stopJobs: startBackgroundJobs(),
    settings: { PORT: env.PORT, TRUST_PROXY: env.TRUST_PROXY, UPLOADS_DIR: env.UPLOADS_DIR },
  };
}

/** The checks the HTTP server runs on every request before Remix sees it (origin, body size). */
export { checkRequest };

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  const nonce = crypto.randomBytes(16).toString("base64");
  for (const [name, value] of Object.entries(securityHeaders(nonce))) responseHeaders.set(name, value);
  applyCachePolicy(request, responseHeaders);
  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || remixContext.isSpaMode;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}

/**
 * Client-side navigations (`.data` requests) carry the same personal data as documents.
 * (`X-Content-Type-Options: nosniff` is set by the HTTP server on every response.)
 */
export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
  applyCachePolicy(request, response.headers);
  return response;
};

/** Unexpected errors are logged once, with a request id, method and URL; aborted requests are not errors. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  const requestId = crypto.randomUUID().slice(0, 8);
  console.error(`[error ${requestId}] ${request.method} ${new URL(request.url).pathname}`, error);
};
