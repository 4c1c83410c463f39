// Graceful shutdown of the shop's HTTP server (docs/decisions/017-operations-logs-metrics-shutdown-container.md).
// On SIGTERM (docker stop, a deploy) or SIGINT (Ctrl-C):
// 1. drain: for at most SHUTDOWN_DRAIN_MS the port stays open, and every new request — forms, PAGAR and
//    webhooks too — is answered 503 "the shop is restarting" before the app sees it (its body read and
//    discarded; server/app.mjs), so a proxy in front (deploy/nginx-blue-green.conf) sends it to the other
//    instance and marks this one down; requests that arrived before the signal are served. The drain
//    ends as soon as no request (nor a connection) has been accepted for SHUTDOWN_QUIET_MS: the proxy
//    has stopped sending, so closing the port now cannot reset a connection that waits in its accept
//    queue (docs/decisions/029-host-headers-proxies-and-draining.md);
// 2. close the port, close idle keep-alive connections, and let the requests in flight finish, until
//    SHUTDOWN_TIMEOUT_MS after the signal (then the rest are cut and the exit code is 1);
// 3. stop the background jobs (waiting for a run in progress), close the database pool, exit 0.

const QUIET_MS = 250;

/**
 * @param {{ info: Function, warn: Function, error: Function }} logger
 */
export function createLifecycle(logger) {
  /** @type {Set<import("node:http").ServerResponse>} */
  const inFlight = new Set();
  let draining = false;
  let lastArrival = 0;
  /** Requests refused while draining, per method: the "stopped" line says how many a proxy had to resend. */
  const refused = {};
  let stopping;

  return {
    /** Whether new requests are to be refused (answered 503, unhandled, for a proxy to retry them). */
    get draining() {
      return draining;
    },
    /** Counts a request refused (503, unhandled) while draining. */
    refuse(method) {
      refused[method] = (refused[method] ?? 0) + 1;
    },
    /** Counts a request as in flight until its answer is sent or its client leaves. */
    track(res) {
      lastArrival = Date.now();
      inFlight.add(res);
      res.once("close", () => inFlight.delete(res));
    },
    /**
     * Shuts down once (a second call returns the same promise) and resolves with the exit code.
     * @param {{ server: import("node:http").Server, signal: string, drainMs: number, quietMs?: number,
     *   timeoutMs: number, stopApp: () => Promise<void>, closeExtra?: () => Promise<void> }} options
     */
    shutdown({ server, signal, drainMs, quietMs = QUIET_MS, timeoutMs, stopApp, closeExtra }) {
      stopping ??= (async () => {
        const started = Date.now();
        const deadline = started + timeoutMs;
        logger.info({ signal, inFlight: inFlight.size }, "shutting down");
        draining = true;
        const drainEnd = Math.min(started + drainMs, deadline);
        // A connection counts as an arrival as soon as it is accepted, before its request is read; and
        // the quiet is measured after the event loop has polled (setImmediate), so a process that was
        // not scheduled for a while accepts what waits in its backlog before it decides all is quiet.
        const arrived = () => (lastArrival = Date.now());
        server.on("connection", arrived);
        do {
          await sleep(25);
          await new Promise((resolve) => setImmediate(resolve));
        } while (Date.now() < drainEnd && Date.now() - lastArrival < quietMs);
        server.off("connection", arrived);

        const closed = new Promise((resolve) => server.close(() => resolve(undefined)));
        const idle = setInterval(() => server.closeIdleConnections(), 100);
        while (inFlight.size > 0 && Date.now() < deadline) {
          server.closeIdleConnections();
          await sleep(25);
        }
        clearInterval(idle);
        const cut = inFlight.size;
        if (cut > 0) logger.warn({ requests: cut, timeoutMs }, "shutdown timeout: cutting the requests still running");
        server.closeAllConnections();
        await closed;
        await closeExtra?.();
        try {
          await stopApp();
        } catch (error) {
          logger.error({ err: error }, "stopping the jobs or closing the database failed");
          return 1;
        }
        logger.info({ durationMs: Date.now() - started, requestsCut: cut, refused }, "stopped");
        return cut > 0 ? 1 : 0;
      })();
      return stopping;
    },
  };
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
