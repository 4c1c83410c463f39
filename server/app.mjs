// The shop's HTTP server: Express with Remix's request handler, like `remix-serve`, plus what a
// production shop needs before Remix sees a request (docs/decisions/007-own-http-server.md):
// - `X-Content-Type-Options: nosniff` on every response, static files included;
// - the origin and body-size checks of the app (exported by its server entry), so a forged or
//   oversized POST gets a Spanish 4xx instead of Remix's 500 or a 20 MB read;
// - the client's address (the TCP peer, or per TRUST_PROXY the one our proxies saw) in the load
//   context, so abuse limits count per visitor instead of one bucket for everybody.
import { createRequestHandler } from "@remix-run/express";
import compression from "compression";
import express from "express";
import morgan from "morgan";

/**
 * Lingering close after refusing a body: how long, and how much, the server keeps reading (and
 * discarding) what the client still sends before closing the connection.
 */
const LINGER_MS = 2_000;
const LINGER_MAX_BYTES = 16 * 1024 * 1024;

/** Node's header object as a Fetch `Headers` (only what the request checks read). */
function toHeaders(nodeHeaders) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(nodeHeaders)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return headers;
}

const ERROR_PAGE = (status, message) => `<!doctype html>
<html lang="es-MX"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Error ${status} — Joyería Aurora</title></head>
<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#1c1916;background:#fdfbf7">
<h1 style="font-weight:500">No pudimos procesar la solicitud</h1>
<p>${message.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c])}</p>
<p><a href="/" style="color:#7a5c2b">Volver a la tienda</a></p>
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
  res.type("html").send(ERROR_PAGE(status, message));
}

/**
 * @param {{
 *   getBuild: () => Promise<import("@remix-run/node").ServerBuild>,
 *   mode?: string,
 *   trustProxy?: number,
 *   log?: boolean,
 *   uploadsDir?: string,
 * }} options
 */
export function createApp({ getBuild, mode = "production", trustProxy = 0, log = true, uploadsDir = "data/uploads" }) {
  const app = express();
  app.disable("x-powered-by");
  // N proxies we control: req.ip is then the address the outermost one saw; 0 trusts none.
  app.set("trust proxy", trustProxy > 0 ? trustProxy : false);

  app.use((req, res, next) => {
    res.set("X-Content-Type-Options", "nosniff");
    next();
  });
  app.use(compression());
  app.use("/build", express.static("public/build", { immutable: true, maxAge: "1y" }));
  // Fonts never change under a name; other public files may, so they revalidate hourly.
  app.use("/fonts", express.static("public/fonts", { immutable: true, maxAge: "1y" }));
  // Product pictures and their WebP copies are the heaviest bytes of a catalogue page and are
  // replaced under a new name rather than edited in place, so browsers keep them for 30 days
  // (without `immutable`: a reload still revalidates, in case one is ever redrawn in place).
  app.use("/images", express.static("public/images", { maxAge: "30d" }));
  app.use(express.static("public", { maxAge: "1h" }));
  // Uploaded product photos are named by a hash of their content: a new photo is a new name.
  app.use("/uploads", express.static(uploadsDir, { immutable: true, maxAge: "1y", index: false }));
  if (log) app.use(morgan("tiny"));

  app.use(async (req, res, next) => {
    let url;
    try {
      url = new URL(`${req.protocol}://${req.get("host")}${req.originalUrl}`);
    } catch {
      return sendError(req, res, 400, "La dirección solicitada no es válida.");
    }
    try {
      const build = await getBuild();
      const check = build.entry.module.checkRequest;
      // The body limit comes from the path (the app's BODY_LIMITS), as readForm applies it.
      const rejection = check?.({ method: req.method, url: url.href, headers: toHeaders(req.headers) });
      if (rejection) return sendError(req, res, rejection.status, rejection.message);
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
      if (build !== handlerBuild) {
        handlerBuild = build;
        handler = createRequestHandler({
          build: build.entry.module.prepareBuild(build),
          mode,
          getLoadContext: (request) => ({ clientAddress: request.ip ?? request.socket.remoteAddress ?? null }),
        });
      }
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
    if (status >= 500) console.error(`[server] ${req.method} ${req.path}`, error);
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
