import { sweepExpiredReservations } from "~/models/payment-settlement.server";
import { importLegacyUploads } from "~/models/product-photos.server";
import { deliverPendingEmails, waitForEmailDeliveries } from "./email.server";
import { getEnv } from "./env.server";
import { logger } from "./logger.server";
import { pruneRateLimits } from "./rate-limit.server";
import { afterCatalogChange } from "~/models/catalog-cache.server";
import { kickStockAlerts, sendDueStockAlerts } from "~/models/stock-alerts.server";
import { issueMissedCheckoutInvoices } from "~/invoicing/checkout-invoice-retry.server";

const PRUNE_EVERY_MS = 10 * 60_000;
const SWEEP_EVERY_MS = 60_000;
const EMAIL_EVERY_MS = 60_000;
const INVOICE_RETRY_EVERY_MS = 5 * 60_000;

export type Jobs = { stop: () => Promise<void> };

let running: Jobs | undefined;

/**
 * The shop's periodic work, started once by the HTTP server (never by importing a module): e-mail
 * delivery with retries when SMTP is configured (every minute, and once now), deleting abuse-limit windows that ended long ago, and
 * (when payments are configured) settling unpaid orders whose stock reservation ended without any
 * webhook reaching the shop. Once, at start: copying photos uploaded before the database kept them
 * (UPLOADS_DIR) into it. Each run writes one log line.
 * Safe on any number of instances, each running every job: the e-mail delivery and the sweep claim
 * one row at a time with a short lease (FOR UPDATE SKIP LOCKED, then a lease column), so two instances
 * never send the same e-mail or call the payment provider for the same order, and the work of an
 * instance that died is taken over once its lease ends. The pruning (one delete) and the photo import
 * (inserts that skip duplicates) may run on several instances at once. Every five minutes, the invoices
 * asked for at checkout that a process died before stamping (each issued once, by the invoice's unique row).
 * Idempotent.
 * `stop()` clears the timers and waits for the runs in progress and for e-mails being sent (the
 * graceful shutdown calls it before closing the database pool).
 */
export function startBackgroundJobs(): Jobs {
  if (running) return running;
  const runs = new Set<Promise<void>>();
  const every = (intervalMs: number, job: string, work: () => Promise<Record<string, number>>, now: boolean) => {
    const tick = () => {
      const run = runJob(job, work).finally(() => runs.delete(run));
      runs.add(run);
    };
    const timer = setInterval(tick, intervalMs);
    timer.unref();
    if (now) tick();
    return timer;
  };
  const legacyUploads = runJob("import-legacy-uploads", async () => ({
    copied: await importLegacyUploads(getEnv().UPLOADS_DIR),
  })).finally(() => runs.delete(legacyUploads));
  runs.add(legacyUploads);
  const timers = [every(PRUNE_EVERY_MS, "prune-rate-limits", async () => ({ deleted: await pruneRateLimits() }), true)];
  if (getEnv().STRIPE_SECRET_KEY) {
    const sweep = async () => ({ settled: await sweepExpiredReservations() });
    timers.push(every(SWEEP_EVERY_MS, "sweep-reservations", sweep, false));
  }
  // Back-in-stock e-mails: after every stock change here, and every minute for the other instances' ones.
  const unhook = afterCatalogChange(kickStockAlerts);
  timers.push(every(60_000, "stock-alerts", async () => ({ sent: await sendDueStockAlerts() }), true));
  // Invoices asked for at checkout whose payment's process died before stamping them.
  timers.push(
    every(
      INVOICE_RETRY_EVERY_MS,
      "checkout-invoices",
      async () => ({ tried: await issueMissedCheckoutInvoices() }),
      false,
    ),
  );
  const smtpUrl = getEnv().SMTP_URL;
  if (smtpUrl) {
    const deliver = async () => ({ sent: await deliverPendingEmails({ smtpUrl }) });
    timers.push(every(EMAIL_EVERY_MS, "deliver-emails", deliver, true));
  }
  const jobs: Jobs = {
    async stop() {
      for (const timer of timers) clearInterval(timer);
      unhook();
      await Promise.all([...runs, waitForEmailDeliveries()]);
      running = undefined;
    },
  };
  running = jobs;
  return jobs;
}

/** One run of a job and its log line: what it did and how long it took, or why it failed. */
async function runJob(job: string, work: () => Promise<Record<string, number>>): Promise<void> {
  const started = performance.now();
  try {
    const result = await work();
    logger.info({ job, durationMs: Math.round(performance.now() - started), ...result }, "job run");
  } catch (error) {
    logger.error({ job, durationMs: Math.round(performance.now() - started), err: error }, "job failed");
  }
}
