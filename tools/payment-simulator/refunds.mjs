// @ts-check
import { StripeApiError, invalidParam, newId } from "./checkout-sessions.mjs";

/** @typedef {import("./params.mjs").ParamObject} ParamObject */

/**
 * Stripe's test card whose refunds fail (asynchronously, as at Stripe): the payment succeeds, every
 * refund of it is created `pending` and then fails with `refund.failed` / `refund.updated`.
 */
export const REFUND_FAILS_CARD = "4000000000005126";

/**
 * @typedef {object} ChargeRecord
 * @property {string} id `ch_…`
 * @property {string} paymentIntent
 * @property {number} amount centavos captured
 * @property {string} currency
 * @property {boolean} refundsFail paid with REFUND_FAILS_CARD
 */

/**
 * @typedef {object} RefundRecord
 * @property {string} id
 * @property {number} amount
 * @property {string} charge
 * @property {string} paymentIntent
 * @property {string} currency
 * @property {number} created unix seconds
 * @property {Record<string, string>} metadata
 * @property {string | null} reason
 * @property {"pending" | "succeeded" | "failed"} status
 * @property {string | null} failureReason
 */

const REASONS = new Set(["duplicate", "fraudulent", "requested_by_customer"]);

/**
 * Refunds of card payments: `POST /v1/refunds` (the whole unrefunded amount, or part of it),
 * `GET /v1/refunds/:id`, `GET /v1/refunds` (optionally `payment_intent=`). A refund is created
 * `pending` and settles `settleDelayMs` later, sending `refund.updated` and `charge.refunded` when it
 * succeeds, `refund.updated` and `refund.failed` when it fails (a payment made with REFUND_FAILS_CARD).
 * OXXO and SPEI payments cannot be refunded through the API, as at Stripe in Mexico.
 * @param {{
 *   now: () => number,
 *   settleDelayMs: number,
 *   findCharge: (paymentIntent: string) => ChargeRecord | null,
 *   isVoucherIntent: (paymentIntent: string) => boolean,
 *   emitObject: (type: string, object: unknown) => Promise<unknown>,
 * }} options
 */
export function createRefunds({ now, settleDelayMs, findCharge, isVoucherIntent, emitObject }) {
  /** @type {Map<string, RefundRecord>} */
  const refunds = new Map();
  /** @type {Set<NodeJS.Timeout>} */
  const timers = new Set();

  /** @param {string} chargeId */
  function ofCharge(chargeId) {
    return [...refunds.values()].filter((refund) => refund.charge === chargeId);
  }

  /** What is refunded (succeeded) and what is taken (pending or succeeded) of a charge. @param {string} chargeId */
  function totals(chargeId) {
    const list = ofCharge(chargeId);
    const sum = (/** @type {RefundRecord[]} */ rows) => rows.reduce((total, refund) => total + refund.amount, 0);
    return {
      refunded: sum(list.filter((r) => r.status === "succeeded")),
      taken: sum(list.filter((r) => r.status !== "failed")),
    };
  }

  /** @param {RefundRecord} refund */
  function refundObject(refund) {
    return {
      id: refund.id,
      object: "refund",
      amount: refund.amount,
      charge: refund.charge,
      created: refund.created,
      currency: refund.currency,
      failure_reason: refund.failureReason,
      metadata: refund.metadata,
      payment_intent: refund.paymentIntent,
      reason: refund.reason,
      status: refund.status,
    };
  }

  /** @param {ChargeRecord} charge */
  function chargeObject(charge) {
    const refunded = totals(charge.id).refunded;
    return {
      id: charge.id,
      object: "charge",
      amount: charge.amount,
      amount_captured: charge.amount,
      amount_refunded: refunded,
      currency: charge.currency,
      livemode: false,
      paid: true,
      payment_intent: charge.paymentIntent,
      refunded: refunded === charge.amount,
      refunds: listObject(ofCharge(charge.id), `/v1/charges/${charge.id}/refunds`),
      status: "succeeded",
    };
  }

  /** @param {RefundRecord[]} rows @param {string} url */
  function listObject(rows, url) {
    return {
      object: "list",
      data: [...rows].reverse().map(refundObject),
      has_more: false,
      url,
    };
  }

  /** @param {RefundRecord} refund @param {ChargeRecord} charge */
  async function settle(refund, charge) {
    if (refund.status !== "pending") return;
    if (charge.refundsFail) {
      refund.status = "failed";
      refund.failureReason = "expired_or_canceled_card";
      await emitObject("refund.updated", refundObject(refund));
      await emitObject("refund.failed", refundObject(refund));
      return;
    }
    refund.status = "succeeded";
    await emitObject("refund.updated", refundObject(refund));
    await emitObject("charge.refunded", chargeObject(charge));
  }

  /** @param {ParamObject} params */
  function create(params) {
    const intent = typeof params.payment_intent === "string" ? params.payment_intent : "";
    if (!intent) throw invalidParam("Missing required param: payment_intent.", "payment_intent", "parameter_missing");
    if (isVoucherIntent(intent)) {
      throw invalidParam(
        "This PaymentIntent's payment method (OXXO or a bank transfer) does not support refunds through the API; refund the customer outside Stripe.",
        "payment_intent",
        "charge_not_refundable",
      );
    }
    const charge = findCharge(intent);
    if (!charge) {
      throw new StripeApiError(404, "invalid_request_error", `No such payment_intent: '${intent}'`, {
        code: "resource_missing",
        param: "payment_intent",
      });
    }
    const remaining = charge.amount - totals(charge.id).taken;
    let amount = remaining;
    if (params.amount !== undefined) {
      amount = Number(params.amount);
      if (typeof params.amount !== "string" || !/^\d+$/.test(params.amount) || amount < 1) {
        throw invalidParam("Invalid positive integer", "amount");
      }
    }
    if (remaining <= 0) {
      throw invalidParam(`Charge ${charge.id} has already been refunded.`, "charge", "charge_already_refunded");
    }
    if (amount > remaining) {
      throw invalidParam(
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining})`,
        "amount",
        "amount_too_large",
      );
    }
    const metadata =
      params.metadata && typeof params.metadata === "object" && !Array.isArray(params.metadata)
        ? /** @type {Record<string, string>} */ (
            Object.fromEntries(Object.entries(params.metadata).filter(([, value]) => typeof value === "string"))
          )
        : {};
    const reason = typeof params.reason === "string" ? params.reason : null;
    if (reason !== null && !REASONS.has(reason)) throw invalidParam("Invalid reason.", "reason");
    /** @type {RefundRecord} */
    const refund = {
      id: newId("re_"),
      amount,
      charge: charge.id,
      paymentIntent: intent,
      currency: charge.currency,
      created: Math.floor(now() / 1000),
      metadata,
      reason,
      status: "pending",
      failureReason: null,
    };
    refunds.set(refund.id, refund);
    const timer = setTimeout(() => {
      timers.delete(timer);
      void settle(refund, charge);
    }, settleDelayMs);
    timer.unref();
    timers.add(timer);
    return refundObject(refund);
  }

  return {
    /**
     * @param {string} method
     * @param {string[]} parts the path's segments after `/v1`
     * @param {ParamObject} params
     * @returns {{ statusCode: number, body: unknown } | null} null: not a refunds call
     */
    api(method, parts, params) {
      const [resource, id, extra] = parts;
      if (resource !== "refunds" || extra !== undefined) return null;
      if (method === "POST" && id === undefined) return { statusCode: 200, body: create(params) };
      if (method === "GET" && id !== undefined) {
        const refund = refunds.get(id);
        if (!refund) {
          throw new StripeApiError(404, "invalid_request_error", `No such refund: '${id}'`, {
            code: "resource_missing",
            param: "id",
          });
        }
        return { statusCode: 200, body: refundObject(refund) };
      }
      if (method === "GET") {
        const intent = typeof params.payment_intent === "string" ? params.payment_intent : null;
        const rows = [...refunds.values()].filter((refund) => intent === null || refund.paymentIntent === intent);
        return { statusCode: 200, body: listObject(rows, "/v1/refunds") };
      }
      return null;
    },
    stop() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
