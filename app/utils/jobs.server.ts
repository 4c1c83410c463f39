import { sweepExpiredReservations } from "~/models/payment.server";
import { importLegacyUploads } from "~/models/product-photos.server";
import { startEmailDeliveryLoop } from "./email.server";
import { getEnv } from "./env.server";
import { pruneRateLimits } from "./rate-limit.server";

const PRUNE_EVERY_MS = 10 * 60_000;
const SWEEP_EVERY_MS = 60_000;

let stopJobs: (() => void) | undefined;

/**
 * The shop's periodic work, started once by the HTTP server (never by importing a module): e-mail
 * delivery with retries when SMTP is configured, deleting abuse-limit windows that ended long ago, and
 * (when payments are configured) settling unpaid orders whose stock reservation ended without any
 * webhook reaching the shop. Once, at start: copying photos uploaded before the database kept them
 * (UPLOADS_DIR) into it.
 * Safe on any number of instances (every job claims or deletes rows atomically). Idempotent.
 */
export function startBackgroundJobs(): () => void {
  if (stopJobs) return stopJobs;
  startEmailDeliveryLoop();
  void importLegacyUploads(getEnv().UPLOADS_DIR).then(
    (copied) => {
      if (copied > 0) console.info(`[uploads] ${copied} photos copied from ${getEnv().UPLOADS_DIR} into the database`);
    },
    (error: unknown) => console.error("[uploads] copying the photos of UPLOADS_DIR into the database failed", error),
  );
  const prune = () =>
    void pruneRateLimits().catch((error: unknown) => console.error("[jobs] pruning rate limits failed", error));
  const timer = setInterval(prune, PRUNE_EVERY_MS);
  timer.unref();
  prune();
  let sweepTimer: ReturnType<typeof setInterval> | undefined;
  if (getEnv().STRIPE_SECRET_KEY) {
    const sweep = () =>
      void sweepExpiredReservations().catch((error: unknown) =>
        console.error("[jobs] sweeping expired reservations failed", error),
      );
    sweepTimer = setInterval(sweep, SWEEP_EVERY_MS);
    sweepTimer.unref();
  }
  stopJobs = () => {
    clearInterval(timer);
    clearInterval(sweepTimer);
    stopJobs = undefined;
  };
  return stopJobs;
}
