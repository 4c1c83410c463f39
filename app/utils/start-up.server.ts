import type { ServerBuild } from "@remix-run/node";
import { listenForCatalogChanges } from "~/models/catalog-cache.server";
import { catalogChangesPublished } from "~/models/catalog-notify.server";
import { getBuildInfo } from "./build-info.server";
import { disconnectDatabase } from "./db.server";
import { getEnv } from "./env.server";
import { startBackgroundJobs } from "./jobs.server";
import { logger } from "./logger.server";
import { logMailDeliveryAtStart } from "./mail-delivery.server";
import { renderMetrics, webhookRefusals } from "./metrics.server";
import { checkPaymentConfiguration } from "./payment-config.server";
import { checkIssuerAtStart } from "~/invoicing/issuer.server";
import { observeRequests } from "./request-observer.server";

/**
 * Start-up, called once by the shop's HTTP server (server/index.mjs) before it listens: validates the
 * configuration (a production server without SESSION_SECRET or APP_ORIGIN, or invoicing without the
 * shop's fiscal data, refuses to start), starts
 * the background jobs and the listener for other instances' catalogue changes, and hands the server
 * what it needs from the app: its settings, the logger, the request observer (request id, access log,
 * metrics), the metrics text, and the last step of a graceful
 * shutdown (stop the jobs and the listener, send the catalogue changes still being published, then
 * close the database pool).
 */
export async function startUp() {
  const env = getEnv();
  checkPaymentConfiguration(env);
  await checkIssuerAtStart();
  logger.info({ build: getBuildInfo() }, "release");
  logMailDeliveryAtStart();
  webhookRefusals(); // registered now, every reason at 0, so the first refusal shows in increase()
  const jobs = startBackgroundJobs();
  const catalogListener = listenForCatalogChanges();
  return {
    settings: {
      PORT: env.PORT,
      TRUST_PROXY: env.TRUST_PROXY,
      METRICS_PORT: env.METRICS_PORT,
      METRICS_HOST: env.METRICS_HOST,
      SHUTDOWN_TIMEOUT_MS: env.SHUTDOWN_TIMEOUT_MS,
      SHUTDOWN_DRAIN_MS: env.SHUTDOWN_DRAIN_MS,
      SHUTDOWN_QUIET_MS: env.SHUTDOWN_QUIET_MS,
    },
    logger,
    observeRequests: (build: Pick<ServerBuild, "routes">) => observeRequests(build, { trustProxy: env.TRUST_PROXY }),
    renderMetrics,
    async stop() {
      await jobs.stop();
      await catalogListener.stop();
      await catalogChangesPublished();
      await disconnectDatabase();
    },
  };
}
