// The shop's HTTP server: Express with Remix's request handler, like `remix-serve`, plus what a
// production shop needs before Remix sees a request (docs/decisions/007-own-http-server.md):
// - `X-Content-Type-Options: nosniff` on every response, static files included;
// - the origin and body-size checks of the app (exported by its server entry), so a forged or
//   oversized POST gets a Spanish 4xx instead of Remix's 500 or a 20 MB read;
// - the client's address (the TCP peer, or the one our proxies saw when the connection comes from an
//   address of TRUST_PROXY) in the load context, so abuse limits count per visitor;
// - the methods the shop answers (GET, HEAD, POST; anything else is a Spanish 405, TRACE included) and
//   a Host / X-Forwarded-Host that is a bare `host[:port]` (else a Spanish 400; server/request-target.mjs);
// - the app's request observer: a request id (X-Request-Id), one JSON access log line, the metrics;
// - the graceful shutdown's gate (server/lifecycle.mjs): requests in flight are counted, and while
//   draining every new request is answered 503 before the app sees it, for a proxy to retry it on
//   another instance; a 503 is never the answer to a POST the app handled (docs/decisions/029).
//
// What this server needs from the app's build is one typed export, `shopEntry` (app/shop-entry.ts,
// checked by server/shop-entry.mjs); one request's way through it all: docs/request-path.md.
import fs from "node:fs";
import { createRequestHandler } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { precompressed } from "./precompressed.mjs";
import { remixRequest, sendResponse, toHeaders } from "./remix-adapter.mjs";
import { renderedUrl, requestTargetProblem } from "./request-target.mjs";
import { shopEntryOf } from "./shop-entry.mjs";

/** The methods the shop answers; forms and webhooks are POSTs. */
const METHODS = new Set(["GET", "HEAD", "POST"]);

/**
 * Lingering close after refusing a body: how long, and how much, the server keeps reading (and
 * discarding) what the client still sends before closing the connection.
 */
const LINGER_MS = 2_000;
const LINGER_MAX_BYTES = 16 * 1024 * 1024;

const escapeHtml = (text) =>
  text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);

const ERROR_PAGE = (status, message, requestId) => `<!doctype html>
<html lang="es-MX"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Error ${status} — Joyería Aurora</title></head>
<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#1c1916;background:#fdfbf7">
<h1 style="font-weight:500">No pudimos procesar la solicitud</h1>
<p>${escapeHtml(message)}</p>
${requestId ? `<p style="color:#5c544a">Código de referencia: <strong>${escapeHtml(requestId)}</strong></p>\n` : ""}<p><a href="/" style="color:#7a5c2b">Volver a la tienda</a></p>
</body></html>`;

/**
 * A refused body (413) is never handed to the app. Closing the connection at once would make
 * the client's next write fail with a reset before it reads the answer (a browser then shows a
 * network error instead of the Spanish page, e.g. after choosing too large a photo), so the server
 * reads and discards the rest — closing only when it takes over LINGER_MS or LINGER_MAX_BYTES.
 */
function linger(req) {
  let read = 0;
  const close = () => req.socket.destroy();
  const timer = setTimeout(close, LINGER_MS);
  timer.unref();
  req.on("data", (chunk) => {
    read += chunk.length;
    if (read > LINGER_MAX_BYTES) close();
  });
  // Once the body is read the connection is clean again and stays open for the client's next request.
  req.on("end", () => clearTimeout(timer));
  req.on("close", () => clearTimeout(timer));
  req.resume();
}

function sendError(req, res, status, message) {
  res.status(status);
  res.set("Cache-Control", "no-store");
  // A body of known length (413) is drained for a moment: no "Connection: close", which would close
  // the socket as soon as the answer is written. A body of unknown length (411) cannot be told apart
  // from garbage, so that connection closes at once.
  if (status === 413) linger(req);
  if (status === 411) res.set("Connection", "close");
  // Only an unexpected failure shows the id a shopper can quote to the shop (it is in the log line).
  const requestId = status >= 500 ? res.get("X-Request-Id") : undefined;
  res.type("html").send(ERROR_PAGE(status, message, requestId));
}

/**
 * The draining server's 503, sent without handing the request to the app. A body is read and discarded
 * first (for at most LINGER_MS): a proxy still writing it when the connection closes would get a reset
 * instead of the answer, and nginx never resends a POST after an error once it has sent it — the
 * shopper would see a 502. Only once the body is in, or the time is up, does the 503 go out.
 */
function refuseUnread(req, res, status, message) {
  let sent = false;
  const send = () => {
    if (sent) return;
    sent = true;
    clearTimeout(timer);
    sendError(req, res, status, message);
  };
  const timer = setTimeout(send, LINGER_MS);
  timer.unref();
  if (req.complete) return send();
  let read = 0;
  req.on("data", (chunk) => {
    read += chunk.length;
    if (read > LINGER_MAX_BYTES) send();
  });
  req.on("end", send);
  req.on("error", send);
  req.resume();
}

/**
 * What the answer to `req` may say about `status`: a 503 from this server means "not handled, try
 * another instance" (the drain, above), which nginx acts on by sending a POST again elsewhere. So a 503
 * the app itself answers to anything but GET and HEAD (its database outage page, which may come after
 * part of the work) goes out as a 500, with the same Spanish page.
 */
function statusFor(req, status) {
  return status === 503 && req.method !== "GET" && req.method !== "HEAD" ? 500 : status;
}

/**
 * An answer of the rendered-page cache (app/utils/rendered-pages.server.ts, decision 023). The response
 * still passes through compression, which leaves an answer already in gzip as it is (decision 072), and
 * the headers the server sets on every response stay its own.
 */
function sendCached(res, { status, headers, body }, cache = "hit") {
  res.status(status);
  for (const [name, value] of headers) res.append(name, value);
  res.vary("Accept-Encoding");
  res.set("X-Cache", cache);
  if (status !== 304) res.set("Content-Length", String(Buffer.byteLength(body)));
  res.end(body);
}

/**
 * Lets Remix answer as usual and hands `store` what it sent: its status, the headers it set (not
 * the ones this server had set before, like X-Request-Id) as they were before compression adds its
 * own, and the uncompressed body. The cache decides whether that may be kept.
 */
function captureAnswer(res, store) {
  res.set("X-Cache", "miss");
  const before = new Set(res.getHeaderNames());
  const chunks = [];
  let headers;
  const snapshot = () => {
    headers ??= res
      .getHeaderNames()
      .filter((name) => !before.has(name))
      .flatMap((name) => [res.getHeader(name)].flat().map((value) => [name, String(value)]));
  };
  const write = res.write;
  const end = res.end;
  res.write = function (chunk, ...rest) {
    snapshot();
    if (chunk) chunks.push(Buffer.from(chunk));
    return write.call(this, chunk, ...rest);
  };
  // A response that ends without reaching `end` (the client left) still releases those waiting for it.
  res.once("close", () => store(null));
  res.end = function (chunk, ...rest) {
    snapshot();
    if (chunk && typeof chunk !== "function") chunks.push(Buffer.from(chunk));
    res.write = write;
    res.end = end;
    store({ status: res.statusCode, headers, body: Buffer.concat(chunks) });
    return end.call(this, chunk, ...rest);
  };
}

/**
 * Remix's request handler for one build, written back as `@remix-run/express` does (server/remix-adapter.mjs),
 * with one difference: a page the shop rendered whole (`wholeBodyOf`, app/utils/whole-document.server.ts)
 * is written with one `res.end`, which gives it a Content-Length; everything else (data, resources,
 * redirects) is streamed.
 *
 * @param {{
 *   build: import("@remix-run/node").ServerBuild,
 *   entry: import("../app/shop-entry").ShopEntry,
 *   mode: string,
 *   getLoadContext: (req: import("express").Request) => object,
 * }} options
 */
function createRemixHandler({ build, entry, mode, getLoadContext }) {
  const handleRequest = createRequestHandler(entry.prepareBuild(build), mode);
  const handler = async (req, res, next) => {
    try {
      const response = await handleRequest(remixRequest(req, res, res.locals.url), getLoadContext(req));
      await sendResponse(res, response, statusFor(req, response.status), entry.wholeBodyOf(response));
    } catch (error) {
      next(error);
    }
  };
  /**
   * Renders the anonymous page of `url` (no cookie) for the page cache, without answering anyone: what
   * a signed-in shopper's page is assembled from when no anonymous visitor has asked for it lately
   * (decision 046). Resolves with what the cache may store, or null.
   */
  handler.renderAnonymous = async (req, url) => {
    const response = await handleRequest(
      new Request(url, { headers: { Accept: "text/html", "Accept-Encoding": "identity" } }),
      getLoadContext(req),
    );
    const body = entry.wholeBodyOf(response) ?? Buffer.from(await response.arrayBuffer());
    return { status: response.status, headers: [...response.headers], body };
  };
  return handler;
}

/**
 * @param {{
 *   getBuild: () => Promise<import("@remix-run/node").ServerBuild>,
 *   mode?: string,
 *   trustProxy?: readonly string[],
 *   observe?: (req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse, next: () => void) => void,
 *   lifecycle?: {
 *     track: (res: import("node:http").ServerResponse) => void,
 *     refuse: (method: string) => void,
 *     readonly draining: boolean,
 *   },
 *   logger?: { error: (fields: object, message: string) => void },
 * }} options
 */
export function createApp({
  getBuild,
  mode = "production",
  trustProxy = [],
  observe,
  lifecycle,
  logger = { error: (fields, message) => console.error(message, fields) },
}) {
  const app = express();
  app.disable("x-powered-by");
  // The proxies the operator named (TRUST_PROXY: addresses, subnets, loopback/linklocal/uniquelocal):
  // X-Forwarded-For, -Host and -Proto count only on a connection from one of them; none by default.
  app.set("trust proxy", trustProxy.length > 0 ? [...trustProxy] : false);
  const trusted = app.get("trust proxy fn");

  // Every response says nosniff; a request id is a proxy's to give (nginx's $request_id), from anyone
  // else the observer makes a new one.
  app.use((req, res, next) => {
    res.set("X-Content-Type-Options", "nosniff");
    if (!trusted(req.socket.remoteAddress ?? "", 0)) delete req.headers["x-request-id"];
    next();
  });
  // What this server refuses on its own (405, 400) still gets a request id and an access log line.
  const answer = (req, res, send) => (observe ? observe(req, res, send) : send());

  if (lifecycle) {
    app.use((req, res, next) => {
      lifecycle.track(res);
      if (!lifecycle.draining) return next();
      // Leaving: no keep-alive, and nothing new is handled here (liveness aside): a proxy retries it
      // on another instance, a POST included, since none of it was processed.
      res.set("Connection", "close");
      if (req.path === "/healthz" && req.method === "GET") return next();
      res.set("Retry-After", "5");
      // Counted for the "stopped" line, not logged one by one (a 5xx line is an error, and a deploy's
      // refusals are expected).
      lifecycle.refuse(req.method);
      refuseUnread(req, res, 503, "La tienda se está reiniciando. Intenta de nuevo en unos segundos.");
    });
  }

  app.use((req, res, next) => {
    if (!METHODS.has(req.method)) {
      // TRACE, PUT, DELETE, OPTIONS, WebDAV…: nothing in the shop answers them (TRACE used to be a 500).
      res.set("Allow", "GET, HEAD, POST");
      return answer(req, res, () => sendError(req, res, 405, "Método no permitido."));
    }
    const problem = requestTargetProblem(req);
    if (problem) return answer(req, res, () => sendError(req, res, 400, problem));
    next();
  });
  app.use(compression());
  // The build's scripts and stylesheets compressed once, at build time (Brotli, Zopfli's gzip).
  app.use("/build", precompressed("public/build", { immutable: true, maxAge: "1y" }));
  app.use("/build", express.static("public/build", { immutable: true, maxAge: "1y" }));
  // Fonts never change under a name; other public files may, so they revalidate hourly.
  app.use("/fonts", express.static("public/fonts", { immutable: true, maxAge: "1y" }));
  // Product pictures and their WebP copies are the heaviest bytes of a catalogue page and are
  // replaced under a new name rather than edited in place, so browsers keep them for 30 days
  // (without `immutable`: a reload still revalidates, in case one is ever redrawn in place).
  app.use("/images", express.static("public/images", { maxAge: "30d" }));
  // The few files at public/'s top level (icons, the web manifest), known at start: asking the disk
  // for every page's path cost a failed stat and an error object per request (docs/decisions/041).
  const topLevelFiles = new Set(
    (fs.existsSync("public") ? fs.readdirSync("public", { withFileTypes: true }) : [])
      .filter((entry) => entry.isFile())
      .map((entry) => `/${entry.name}`),
  );
  const topLevelStatic = express.static("public", { maxAge: "1h" });
  app.use((req, res, next) => (topLevelFiles.has(req.path) ? topLevelStatic(req, res, next) : next()));
  if (observe) app.use(observe);

  app.use(async (req, res, next) => {
    let url;
    try {
      url = renderedUrl(req);
    } catch {
      return sendError(req, res, 400, "La dirección solicitada no es válida.");
    }
    try {
      const { checkRequest } = shopEntryOf(await getBuild());
      // The body limit comes from the path (the app's BODY_LIMITS), as readForm applies it.
      const rejection = checkRequest({ method: req.method, url: url.href, headers: toHeaders(req.headers) });
      if (rejection) return sendError(req, res, rejection.status, rejection.message);
      res.locals.url = url;
      next();
    } catch (error) {
      next(error);
    }
  });

  // One Remix handler per build (Remix derives its routes once per handler; development swaps builds).
  let handler;
  let handlerBuild;
  app.all("*", async (req, res, next) => {
    try {
      const build = await getBuild();
      const entry = shopEntryOf(build);
      if (build !== handlerBuild) {
        handlerBuild = build;
        handler = createRemixHandler({
          build,
          entry,
          mode,
          getLoadContext: (request) => ({ clientAddress: request.ip ?? request.socket.remoteAddress ?? null }),
        });
      }
      const pages = entry.renderedPages();
      const request = { method: req.method, url: res.locals.url.href, cookie: req.headers.cookie };
      const key = pages.keyOf(request);
      if (!key) {
        // A signed-in catalogue page: the cached anonymous page with the shopper's parts (decision 046).
        // Without a fresh anonymous page to start from, it is rendered first (once for concurrent requests).
        // Its page, even one a sale kept out of the cache while it rendered (read after this request came).
        const fill = async (pageKey) => {
          const inProgress = pages.rendering(pageKey);
          if (inProgress) return inProgress;
          const store = pages.begin(pageKey);
          try {
            return store(await handler.renderAnonymous(req, res.locals.url.href));
          } catch (error) {
            // The shopper's page is then rendered as before; the failure is the log's, not theirs.
            store(null);
            logger.error({ err: error, path: req.path }, "rendering the anonymous page failed");
          }
        };
        const personal = await entry.assemblePersonalPage(request, fill);
        if (personal) return sendCached(res, personal, "assembled");
        return handler(req, res, next);
      }
      // A page kept compressed goes out as it is to a client that takes gzip (every browser; decision 072).
      const encoding = req.acceptsEncodings("gzip") === "gzip" ? "gzip" : "identity";
      const cached = pages.answer(key, req.headers["if-none-match"], encoding);
      if (cached) return sendCached(res, cached);
      // A burst after an expiry or a change waits for the one rendering of the page already under way.
      const rendering = pages.rendering(key);
      if (rendering) {
        // Its page, stored or not: a change that kept it out of the cache came after this request did.
        const page = await rendering;
        const shared = page
          ? pages.answerFrom(key, page, req.headers["if-none-match"], encoding)
          : pages.answer(key, req.headers["if-none-match"], encoding);
        if (shared) return sendCached(res, shared);
      }
      if (req.method === "GET") captureAnswer(res, pages.begin(key));
      return handler(req, res, next);
    } catch (error) {
      next(error);
    }
  });

  // Errors outside Remix (it renders its own): a Spanish page, never a stack trace.
  // Express recognises an error handler by its four parameters.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  app.use((error, req, res, _next) => {
    const status = typeof error?.status === "number" && error.status >= 400 && error.status < 500 ? error.status : 500;
    if (status >= 500) logger.error({ err: error, method: req.method, path: req.path }, "request failed");
    if (res.headersSent) return res.end();
    sendError(
      req,
      res,
      status,
      status === 500 ? "Ocurrió un error inesperado. Intenta de nuevo en unos minutos." : "Solicitud no válida.",
    );
  });
  return app;
}
