#!/usr/bin/env node
// Starts the shop's HTTP server on the production build (`npm start` runs it through
// scripts/start.mjs, which prepares the database first). In development (`npm run dev`) it
// re-imports the build after every rebuild and tells Remix's dev server it is ready.
// Prometheus metrics are served on a separate internal port (METRICS_PORT), never on the shop's.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import url from "node:url";
import { broadcastDevReady, installGlobals } from "@remix-run/node";
import sourceMapSupport from "source-map-support";
import { createApp } from "./app.mjs";
import { answerClientError, refuseConnect } from "./client-errors.mjs";
import { createLifecycle } from "./lifecycle.mjs";
import { shopEntryOf } from "./shop-entry.mjs";

sourceMapSupport.install();
installGlobals({ nativeFetch: true });

const mode = process.env.NODE_ENV ?? "production";
const buildPath = path.resolve("build/index.js");
const versionPath = path.resolve("build/version.txt");

const importBuild = () => import(`${url.pathToFileURL(buildPath).href}?t=${fs.statSync(buildPath).mtimeMs}`);

let build;
try {
  build = await importBuild();
} catch (error) {
  // The build reads the configuration as it loads (the database client): a bad variable is said in one
  // line that names it, without a stack trace.
  if (!(error instanceof Error) || !error.message.startsWith("Invalid environment")) throw error;
  console.error(error.message);
  process.exit(1);
}
let runtime;
try {
  // A build without the shop's entry (app/shop-entry.ts) is refused here, before listening.
  runtime = await shopEntryOf(build).startUp();
} catch (error) {
  // A configuration problem (SESSION_SECRET, APP_ORIGIN, a malformed variable): the message says it all.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const { settings, logger } = runtime;

if (mode === "development") {
  fs.watchFile(versionPath, { interval: 250 }, async () => {
    build = await importBuild();
    void broadcastDevReady(build);
  });
}

const lifecycle = createLifecycle(logger);
const app = createApp({
  getBuild: async () => build,
  mode,
  trustProxy: settings.TRUST_PROXY,
  observe: runtime.observeRequests(build),
  lifecycle,
  logger,
});
// The metrics' port first: a shop that said it listens must not end a moment later over its second port.
const metricsServer = settings.METRICS_PORT === undefined ? undefined : await startMetricsServer();
const server = http.createServer(app);
server.on("clientError", answerClientError);
server.on("connect", refuseConnect);
await listenOrRefuse(server, "PORT", settings.PORT, process.env.HOST || undefined);
// The port actually bound (PORT=0 asks the system for a free one, as the tests do).
logger.info({ port: server.address().port }, `listening on http://localhost:${server.address().port}`);
if (mode === "development") void broadcastDevReady(build);

for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, async () => {
    const code = await lifecycle.shutdown({
      server,
      signal,
      drainMs: settings.SHUTDOWN_DRAIN_MS,
      quietMs: settings.SHUTDOWN_QUIET_MS,
      timeoutMs: settings.SHUTDOWN_TIMEOUT_MS,
      stopApp: runtime.stop,
      closeExtra: () => new Promise((resolve) => (metricsServer ? metricsServer.close(resolve) : resolve())),
    });
    process.exit(code);
  });
}

/** GET /metrics in Prometheus' text format, on METRICS_HOST:METRICS_PORT only. */
async function startMetricsServer() {
  const metrics = http.createServer(async (req, res) => {
    if (req.method !== "GET" || req.url?.split("?")[0] !== "/metrics") {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("Not found: the metrics are at /metrics\n");
      return;
    }
    try {
      const { contentType, body } = await runtime.renderMetrics();
      res.writeHead(200, { "Content-Type": contentType, "Cache-Control": "no-store" }).end(body);
    } catch (error) {
      logger.error({ err: error }, "metrics failed");
      res.writeHead(500, { "Content-Type": "text/plain" }).end("metrics failed\n");
    }
  });
  await listenOrRefuse(metrics, "METRICS_PORT", settings.METRICS_PORT, settings.METRICS_HOST);
  const { address, port } = metrics.address();
  logger.info({ port }, `metrics on http://${address.includes(":") ? `[${address}]` : address}:${port}/metrics`);
  return metrics;
}

/**
 * Listens on `port`, or refuses to start naming its variable: a port another process holds (a second
 * instance given the same METRICS_PORT, an old shop still running) or one this user may not open ended
 * the process with a bare stack trace — for the metrics' port, after the shop had said it listened.
 */
function listenOrRefuse(target, variable, port, host) {
  return new Promise((resolve) => {
    const refuse = (error) => {
      const where = `${variable}=${port}${host ? ` (on ${host})` : ""}`;
      const why =
        error.code === "EADDRINUSE"
          ? "is already in use by another process"
          : error.code === "EACCES"
            ? "may not be opened by this user"
            : `cannot be listened on (${error.code ?? error.message})`;
      logger.fatal(
        { code: error.code },
        `${where} ${why}: refusing to start. Stop what holds it, or set ${variable} to a free port.`,
      );
      process.exit(1);
    };
    target.once("error", refuse);
    target.listen(port, host, () => {
      target.off("error", refuse);
      resolve();
    });
  });
}
