// @ts-check
import crypto from "node:crypto";

/**
 * @typedef {object} DeliveryAttempt
 * @property {number} at unix milliseconds
 * @property {boolean} ok
 * @property {number | null} statusCode the endpoint's answer, null when it could not be reached
 * @property {string | null} error
 * @property {boolean} manual true for a replay through the admin hook
 */

/**
 * @typedef {object} EventRecord
 * @property {{ id: string, type: string, [key: string]: unknown }} event
 * @property {string} payload the exact bytes sent; a replay sends them again
 * @property {"pending" | "retrying" | "delivered" | "failed" | "no_endpoint"} status
 * @property {DeliveryAttempt[]} attempts
 */

/**
 * Stripe's signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<payload>" keyed by the secret>`.
 * @param {string} payload
 * @param {string} secret
 * @param {number} timestamp unix seconds
 */
export function signatureHeader(payload, secret, timestamp) {
  const signature = crypto.createHmac("sha256", secret).update(`${timestamp}.${payload}`, "utf8").digest("hex");
  return `t=${timestamp},v1=${signature}`;
}

/**
 * Delivers events to one endpoint at least once: a failed attempt is retried after each of
 * `retryDelaysMs`, and every attempt is recorded for the admin hook.
 * @param {{ url?: string, secret?: string, retryDelaysMs: number[], timeoutMs: number }} options
 */
export function createWebhookSender({ url, secret, retryDelaysMs, timeoutMs }) {
  /** @type {Map<string, EventRecord>} */
  const records = new Map();
  /** @type {Set<NodeJS.Timeout>} */
  const timers = new Set();
  const stopping = new AbortController();

  /**
   * @param {EventRecord} record
   * @param {boolean} manual
   * @returns {Promise<DeliveryAttempt>}
   */
  async function attempt(record, manual) {
    /** @type {DeliveryAttempt} */
    const result = { at: Date.now(), ok: false, statusCode: null, error: null, manual };
    if (!url || !secret) return result;
    try {
      // Signed at send time with the wall clock: receivers check the timestamp against theirs.
      const response = await fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json; charset=utf-8",
          "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
          "stripe-signature": signatureHeader(record.payload, secret, Math.floor(Date.now() / 1000)),
        },
        body: record.payload,
        // Like Stripe, a redirect is a failed delivery, not something to follow.
        redirect: "manual",
        signal: AbortSignal.any([stopping.signal, AbortSignal.timeout(timeoutMs)]),
      });
      await response.arrayBuffer().catch(() => undefined);
      result.statusCode = response.status;
      result.ok = response.status >= 200 && response.status < 300;
      if (!result.ok) result.error = `HTTP ${response.status}`;
    } catch (error) {
      result.error =
        error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
    }
    record.attempts.push(result);
    if (result.ok) record.status = "delivered";
    return result;
  }

  /**
   * @param {EventRecord} record
   * @param {number} retry index into retryDelaysMs
   */
  function scheduleRetry(record, retry) {
    const delay = retryDelaysMs[retry];
    if (delay === undefined || stopping.signal.aborted) {
      if (record.status !== "delivered") record.status = "failed";
      return;
    }
    record.status = "retrying";
    const timer = setTimeout(async () => {
      timers.delete(timer);
      // A manual replay may have got through in the meantime.
      if (record.status === "delivered") return;
      const result = await attempt(record, false);
      if (!result.ok) scheduleRetry(record, retry + 1);
    }, delay);
    timer.unref();
    timers.add(timer);
  }

  return {
    /**
     * Records the event and makes the first delivery attempt; failures are retried in the background.
     * @param {{ id: string, type: string, [key: string]: unknown }} event
     * @returns {Promise<EventRecord>} after the first attempt
     */
    async send(event) {
      /** @type {EventRecord} */
      const record = {
        event,
        payload: JSON.stringify(event, null, 2),
        status: url ? "pending" : "no_endpoint",
        attempts: [],
      };
      records.set(event.id, record);
      if (!url) return record;
      const result = await attempt(record, false);
      if (!result.ok) scheduleRetry(record, 0);
      return record;
    },

    /**
     * Sends a recorded event again, byte for byte with a fresh signature, as Stripe's "resend" does.
     * @param {string} id
     * @returns {Promise<EventRecord | undefined>}
     */
    async resend(id) {
      const record = records.get(id);
      if (!record || !url) return record;
      await attempt(record, true);
      return record;
    },

    /** @returns {EventRecord[]} in the order they were sent */
    list() {
      return [...records.values()];
    },

    stop() {
      stopping.abort();
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
