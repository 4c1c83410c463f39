import crypto from "node:crypto";
import { EventEmitter } from "node:events";
import pg from "pg";
import { prisma } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { getMetrics } from "~/utils/metrics.server";
import type { CatalogChange } from "./catalog-cache.server";

/**
 * Catalogue changes shared between shop instances on one PostgreSQL server (docs/decisions/013, "Across
 * instances"): each change is published with `pg_notify` after its commit, and every instance keeps one
 * dedicated connection that LISTENs and forgets locally what another instance changed, so an edit or a
 * sale on one instance shows on the others within a second instead of after CATALOG_CACHE_TTL_MS. The TTL
 * stays the safety net: a notification lost with a broken connection is covered by forgetting everything
 * on every reconnect, and one lost on its way (the server does not queue for a listener that is gone) by
 * the TTL.
 *
 * Nothing here runs on the embedded PGlite (DATABASE_EMBEDDED=1): only one process may open PGlite, so
 * there is only ever one instance, and no other to hear from. (Its one backend is a single session too:
 * a LISTEN there would hear the app's own notifications, decision 073.)
 */

export const CATALOG_CHANNEL = "joyeria_catalog";
/** PostgreSQL refuses payloads of 8 000 bytes or more; a change that long is sent as "everything". */
const MAX_PAYLOAD_BYTES = 7_000;
export const LISTENER_NAME = "joyeria-catalog-listener";
const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 30_000;
/**
 * A connection that died without a word (a firewall or a NAT forgot it, the server's host vanished)
 * receives nothing and reports no error; TCP keep-alive would notice only after many minutes. A query
 * every HEARTBEAT_MS, which must answer within HEARTBEAT_TIMEOUT_MS, notices it within a minute.
 */
const HEARTBEAT_MS = 30_000;
const HEARTBEAT_TIMEOUT_MS = 10_000;

/** This process among the instances: its own notifications come back to it and are ignored. */
const INSTANCE_ID = crypto.randomUUID();

type Payload = { from: string; productIds: number[] } | { from: string; everything: true };

const sharingOff = () => getEnv().DATABASE_EMBEDDED === "1";

/** The text of the notification for `change` from `from`. */
export function notificationPayload(change: CatalogChange, from: string = INSTANCE_ID): string {
  if (change !== "everything") {
    const text = JSON.stringify({ from, productIds: [...change.productIds] } satisfies Payload);
    if (Buffer.byteLength(text) <= MAX_PAYLOAD_BYTES) return text;
  }
  return JSON.stringify({ from, everything: true } satisfies Payload);
}

/** The change another instance announced, or null for this instance's own or a malformed payload. */
export function changeFromPayload(text: string, self: string = INSTANCE_ID): CatalogChange | null {
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof payload !== "object" || payload === null) return null;
  const { from, productIds, everything } = payload as { from?: unknown; productIds?: unknown; everything?: unknown };
  if (typeof from !== "string" || from === self) return null;
  if (everything === true) return "everything";
  if (Array.isArray(productIds) && productIds.every((id) => Number.isSafeInteger(id))) {
    return { productIds: productIds as number[] };
  }
  // Something else on our channel: forgetting everything is always safe.
  return "everything";
}

const publishing = new Set<Promise<void>>();

/**
 * Tells the other instances about a committed change. Never throws and is not awaited by the write: the
 * sale or edit has committed, and a lost notification only leaves the others on their TTL.
 */
export function publishCatalogChange(change: CatalogChange): void {
  if (sharingOff()) return;
  const payload = notificationPayload(change);
  const sent = prisma.$executeRaw`SELECT pg_notify(${CATALOG_CHANNEL}, ${payload})`
    .then(() => getMetrics().catalogNotifications.inc({ event: "published" }))
    .catch((error: unknown) => {
      getMetrics().catalogNotifications.inc({ event: "publish_failed" });
      logger.warn(
        { reason: error instanceof Error ? error.message : String(error) },
        "catalogue change not published to the other instances (they wait for the TTL)",
      );
    })
    .finally(() => publishing.delete(sent));
  publishing.add(sent);
}

/** Resolves once the changes being published have been sent (before the pool closes, or a command exits). */
export async function catalogChangesPublished(): Promise<void> {
  await Promise.all([...publishing]);
}

export type CatalogListener = {
  /** Ends the connection and stops reconnecting. */
  stop(): Promise<void>;
  /**
   * "listening" (with the connection's server process id) after each LISTEN, the first one and every
   * reconnect; "change" (with the change) after another instance's change has been applied.
   */
  events: EventEmitter;
};

/**
 * Keeps one connection of its own (not from the pool: a LISTEN belongs to a session, and the pool hands
 * connections around) listening on the channel, and calls `apply` with every change another instance
 * announces. A lost connection (an error, its end, or no answer to the heartbeat) is opened again after
 * 0.5 s, doubling up to 30 s; after each LISTEN everything is forgotten, as notifications may have been
 * missed while it was not listening. Logs one line per loss and one per LISTEN.
 */
export function startCatalogListener(apply: (change: CatalogChange) => void): CatalogListener {
  const events = new EventEmitter();
  if (sharingOff()) return { events, stop: async () => {} };
  const metrics = getMetrics();
  let stopped = false;
  let client: pg.Client | null = null;
  let retryMs = FIRST_RETRY_MS;
  let retry: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let everListened = false;
  let lost = false;

  const connect = async () => {
    retry = undefined;
    const current = new pg.Client({
      connectionString: getEnv().DATABASE_URL,
      // Named, so an operator tells it apart from the pool's connections in pg_stat_activity.
      application_name: LISTENER_NAME,
      keepAlive: true,
    });
    client = current;
    let failed = false;
    let serverPid: number | undefined;
    const fail = (error?: unknown) => {
      if (failed || client !== current) return;
      failed = true;
      client = null;
      clearInterval(heartbeat);
      metrics.catalogListenerConnected.set(0);
      current.end().catch(() => {});
      if (stopped) return;
      if (!lost) {
        // One line per loss, not per attempt: the database may be away for minutes.
        lost = true;
        logger.warn(
          { reason: error instanceof Error ? error.message : String(error), retryMs },
          everListened
            ? "catalogue notifications: connection lost, reconnecting"
            : "catalogue notifications: cannot listen, retrying",
        );
      }
      retry = setTimeout(() => void connect(), retryMs);
      retry.unref();
      retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
    };
    current.on("error", fail);
    current.on("end", () => fail(new Error("connection ended")));
    current.on("notification", (message) => {
      if (message.channel !== CATALOG_CHANNEL) return;
      const change = changeFromPayload(message.payload ?? "");
      if (change === null) return;
      apply(change);
      metrics.catalogNotifications.inc({ event: "received" });
      events.emit("change", change);
    });
    try {
      await current.connect();
      await current.query(`LISTEN ${CATALOG_CHANNEL}`);
      // Its server process, for a test to end it (pg_terminate_backend) and see it come back.
      serverPid = (await current.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0]?.pid;
    } catch (error) {
      fail(error);
      return;
    }
    if (stopped || client !== current) return;
    apply("everything");
    if (everListened) metrics.catalogNotifications.inc({ event: "reconnected" });
    logger.info(
      { channel: CATALOG_CHANNEL },
      everListened ? "catalogue notifications: listening again" : "catalogue notifications: listening",
    );
    everListened = true;
    lost = false;
    retryMs = FIRST_RETRY_MS;
    metrics.catalogListenerConnected.set(1);
    heartbeat = setInterval(() => void beat(current).catch(fail), HEARTBEAT_MS);
    heartbeat.unref();
    events.emit("listening", serverPid);
  };
  void connect();

  return {
    events,
    async stop() {
      stopped = true;
      clearTimeout(retry);
      clearInterval(heartbeat);
      const current = client;
      client = null;
      metrics.catalogListenerConnected.set(0);
      await current?.end().catch(() => {});
    },
  };
}

/** Rejects unless `client` answers a trivial query within HEARTBEAT_TIMEOUT_MS. */
async function beat(client: pg.Client): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const silence = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("no answer to the heartbeat")), HEARTBEAT_TIMEOUT_MS);
  });
  try {
    await Promise.race([client.query("SELECT 1"), silence]);
  } finally {
    clearTimeout(timer);
  }
}
