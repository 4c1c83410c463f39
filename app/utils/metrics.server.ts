import { remember } from "@epic-web/remember";
import client from "prom-client";
import { registerBuildInfo } from "./build-info.server";
import { getPoolStats, prisma } from "./db.server";
import { logger } from "./logger.server";

/**
 * The shop's Prometheus metrics (prom-client), served by the HTTP server on its internal metrics port
 * (METRICS_PORT), never on the shop's own port. Request durations are counted per Remix route id (a
 * bounded set of labels, unlike raw paths with product ids). The business gauges are read from the
 * database at scrape time, so every instance reports the same totals and nothing is lost on a restart.
 */

/** The route that receives payment webhooks: its POSTs are counted as webhooks received and failed. */
const WEBHOOK_ROUTE_ID = "routes/webhooks.stripe";

function createMetrics() {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });

  const httpDuration = new client.Histogram({
    name: "joyeria_http_request_duration_seconds",
    help: "Time to answer an HTTP request (static files excluded), by method, Remix route id and status.",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const webhooksReceived = new client.Counter({
    name: "joyeria_webhooks_received_total",
    help: "Payment webhooks received (POSTs to /webhooks/stripe).",
    registers: [registry],
  });
  const webhooksFailed = new client.Counter({
    name: "joyeria_webhooks_failed_total",
    help: "Payment webhooks answered with an error (the provider retries them), by status.",
    labelNames: ["status"] as const,
    registers: [registry],
  });
  new client.Gauge({
    name: "joyeria_db_pool_connections",
    help: "Database connections of this instance's pools (prisma, reads; shared when not split), in use or idle.",
    labelNames: ["pool", "state"] as const,
    registers: [registry],
    collect() {
      for (const stats of getPoolStats()) {
        this.set({ pool: stats.pool, state: "in_use" }, stats.inUse);
        this.set({ pool: stats.pool, state: "idle" }, stats.idle);
      }
    },
  });
  new client.Gauge({
    name: "joyeria_db_pool_waiting",
    help: "Queries of this instance waiting for a free database connection, by pool.",
    labelNames: ["pool"] as const,
    registers: [registry],
    collect() {
      for (const stats of getPoolStats()) this.set({ pool: stats.pool }, stats.waiting);
    },
  });
  // Catalogue changes shared between instances (app/models/catalog-notify.server.ts).
  const catalogNotifications = new client.Counter({
    name: "joyeria_catalog_notifications_total",
    help: "Catalogue changes published to the other instances, failed to publish, received from them, and reconnections of the listener.",
    labelNames: ["event"] as const,
    registers: [registry],
  });
  const catalogListenerConnected = new client.Gauge({
    name: "joyeria_catalog_listener_connected",
    help: "1 while this instance listens for the other instances' catalogue changes (0: they reach it after the TTL).",
    registers: [registry],
  });
  registerShopGauges(registry);
  registerBuildInfo(registry);
  return { registry, httpDuration, webhooksReceived, webhooksFailed, catalogNotifications, catalogListenerConnected };
}

type ShopCounts = { emails_pending: number; emails_failed: number; reservations_held: number; orders_paid: number };

/** The database's view of the shop, one query per scrape; `joyeria_database_up` says whether it answered. */
function registerShopGauges(registry: client.Registry) {
  let counts: Promise<ShopCounts | null> | undefined;
  // The gauges below are collected one after another in one scrape: they share one query.
  const readCounts = () => {
    counts ??= prisma.$queryRaw<ShopCounts[]>`
        SELECT
          (SELECT count(*)::int FROM "email_outbox" WHERE "status" = 'pending') AS "emails_pending",
          (SELECT count(*)::int FROM "email_outbox" WHERE "status" = 'failed') AS "emails_failed",
          (SELECT count(*)::int FROM "orders"
             WHERE "status" = 'pendiente' AND "reserved_until" IS NOT NULL AND "stock_released_at" IS NULL
          ) AS "reservations_held",
          (SELECT count(*)::int FROM "orders" WHERE "paid_at" IS NOT NULL) AS "orders_paid"`
      .then((rows) => rows[0] ?? null)
      .catch((error: unknown) => {
        logger.warn({ err: error }, "metrics: the database did not answer");
        return null;
      })
      .finally(() => setTimeout(() => (counts = undefined), 1000).unref());
    return counts;
  };
  const gauge = (name: string, help: string, read: (c: ShopCounts) => number) =>
    new client.Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const c = await readCounts();
        if (c) this.set(read(c));
      },
    });
  new client.Gauge({
    name: "joyeria_database_up",
    help: "1 when the database answered the last scrape's query, 0 otherwise.",
    registers: [registry],
    async collect() {
      this.set((await readCounts()) ? 1 : 0);
    },
  });
  const emails = new client.Gauge({
    name: "joyeria_emails",
    help: "E-mails in the outbox waiting to be sent (pending) or given up after every retry (failed).",
    labelNames: ["status"] as const,
    registers: [registry],
    async collect() {
      const c = await readCounts();
      if (!c) return;
      emails.set({ status: "pending" }, c.emails_pending);
      emails.set({ status: "failed" }, c.emails_failed);
    },
  });
  gauge(
    "joyeria_reservations_held",
    "Unpaid orders holding stock until their payment session ends.",
    (c) => c.reservations_held,
  );
  gauge(
    "joyeria_orders_paid",
    "Orders paid since the shop opened (only ever grows; use increase() over a window).",
    (c) => c.orders_paid,
  );
}

/** The metrics, registered on first use (kept across development rebuilds). */
export function getMetrics() {
  return remember("metrics", createMetrics);
}

/** Counts one answered request (and, for the webhook route, one webhook and its outcome). */
export function observeHttpRequest(request: { method: string; route: string; status: number; seconds: number }) {
  const metrics = getMetrics();
  metrics.httpDuration.observe(
    { method: request.method, route: request.route, status: String(request.status) },
    request.seconds,
  );
  if (request.route === WEBHOOK_ROUTE_ID && request.method === "POST") {
    metrics.webhooksReceived.inc();
    if (request.status >= 400) metrics.webhooksFailed.inc({ status: String(request.status) });
  }
}

/** The Prometheus text exposition of every metric. */
export async function renderMetrics(): Promise<{ contentType: string; body: string }> {
  const { registry } = getMetrics();
  return { contentType: registry.contentType, body: await registry.metrics() };
}

/** Why a payment webhook was refused before it was read (app/models/webhook-signature.server.ts). */
export const WEBHOOK_REFUSAL_REASONS = [
  "missing_signature",
  "malformed_signature",
  "signature_mismatch",
  "timestamp_outside_tolerance",
  "not_configured",
  "invalid_payload",
] as const;
export type WebhookRefusalReason = (typeof WEBHOOK_REFUSAL_REASONS)[number];

/**
 * `joyeria_webhooks_refused_total{reason}`, on the shop's registry: every reason starts at 0 (registered
 * at start-up), so `increase()` sees the first refusal too.
 */
export function webhookRefusals() {
  return remember("metrics-webhooks-refused", () => {
    const counter = new client.Counter({
      name: "joyeria_webhooks_refused_total",
      help: "Payment webhooks refused before being read (answered 400), by reason: a wrong STRIPE_WEBHOOK_SECRET shows as signature_mismatch.",
      labelNames: ["reason"] as const,
      registers: [getMetrics().registry],
    });
    for (const reason of WEBHOOK_REFUSAL_REASONS) counter.inc({ reason }, 0);
    return counter;
  });
}
