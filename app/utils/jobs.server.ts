import { startEmailDeliveryLoop } from "./email.server";
import { pruneRateLimits } from "./rate-limit.server";

const PRUNE_EVERY_MS = 10 * 60_000;

let stopJobs: (() => void) | undefined;

/**
 * The shop's periodic work, started once by the HTTP server (never by importing a module): e-mail
 * delivery with retries when SMTP is configured, and deleting abuse-limit windows that ended long ago.
 * Safe on any number of instances (every job claims or deletes rows atomically). Idempotent.
 */
export function startBackgroundJobs(): () => void {
  if (stopJobs) return stopJobs;
  startEmailDeliveryLoop();
  const prune = () =>
    void pruneRateLimits().catch((error: unknown) => console.error("[jobs] pruning rate limits failed", error));
  const timer = setInterval(prune, PRUNE_EVERY_MS);
  timer.unref();
  prune();
  stopJobs = () => {
    clearInterval(timer);
    stopJobs = undefined;
  };
  return stopJobs;
}
