// @ts-check
import crypto from "node:crypto";
import http from "node:http";
import Stripe from "stripe";
import {
  StripeApiError,
  availablePlans,
  createSession,
  invalidParam,
  lineItemsList,
  newId,
  paymentIntentObject,
  sessionObject,
} from "./checkout-sessions.mjs";
import { judgeCard, judgeInstallmentChoice, messagePage, paymentPage } from "./hosted-page.mjs";
import { ParamsError, parseParams } from "./params.mjs";
import { createRefunds, REFUND_FAILS_CARD } from "./refunds.mjs";
import { createVouchers } from "./vouchers.mjs";
import { createWebhookSender } from "./webhooks.mjs";

/** @typedef {import("./checkout-sessions.mjs").SessionRecord} SessionRecord */
/** @typedef {import("./params.mjs").ParamObject} ParamObject */

/**
 * @typedef {object} PaymentSimulatorOptions
 * @property {number} [port] 0 (the default) picks a free port
 * @property {string} [host]
 * @property {string} apiKey the secret key clients must send (`Authorization: Bearer <key>`)
 * @property {string} [webhookUrl] where events are POSTed; without it they are only recorded
 * @property {string} [webhookSecret] signs the events (`whsec_…`); required with webhookUrl
 * @property {string} [publicUrl] the origin browsers reach the payment page at, when not the listening address
 * @property {() => number} [now] the sessions' clock in milliseconds; tests move it to reach expiry without waiting
 * @property {number} [expiryCheckIntervalMs] how often open sessions past `expires_at` are expired
 * @property {number[]} [webhookRetryDelaysMs] waits before each retry of a failed delivery
 * @property {number} [webhookTimeoutMs] how long one delivery may take
 * @property {number} [refundSettleDelayMs] how long a refund stays pending before it succeeds or fails
 */

/**
 * @typedef {object} PaymentSimulator
 * @property {string} url the API base and payment pages' origin
 * @property {number} port
 * @property {() => Promise<void>} stop
 */

/** @param {string} part a path segment as sent */
function decodePart(part) {
  try {
    return decodeURIComponent(part);
  } catch {
    throw new ParamsError(`Invalid URL path segment: ${part}`);
  }
}

const MAX_BODY_BYTES = 256 * 1024;
const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Starts a Stripe-compatible server for the subset of the API the shop uses, with a hosted
 * payment page and signed webhooks.
 * @param {PaymentSimulatorOptions} options
 * @returns {Promise<PaymentSimulator>}
 */
export async function startPaymentSimulator({
  port = 0,
  host = "127.0.0.1",
  apiKey,
  webhookUrl,
  webhookSecret,
  publicUrl,
  now = Date.now,
  expiryCheckIntervalMs = 1000,
  webhookRetryDelaysMs = [1000, 2000, 4000, 8000, 16_000, 32_000, 64_000],
  webhookTimeoutMs = 10_000,
  refundSettleDelayMs = 200,
}) {
  if (!apiKey) throw new Error("The payment simulator needs an apiKey.");
  if (webhookUrl && !webhookSecret) throw new Error("The payment simulator needs a webhookSecret to sign webhooks.");

  /** @type {Map<string, SessionRecord>} */
  const sessions = new Map();
  /** @type {Map<string, { fingerprint: string, at: number, statusCode: number, body: unknown }>} */
  const idempotent = new Map();
  const webhooks = createWebhookSender({
    url: webhookUrl,
    secret: webhookSecret,
    retryDelaysMs: webhookRetryDelaysMs,
    timeoutMs: webhookTimeoutMs,
  });
  let base = publicUrl ?? "";

  /**
   * Records and delivers an event whose object is the session as it is now.
   * @param {string} type
   * @param {SessionRecord} session
   */
  function emit(type, session) {
    return webhooks.send({
      id: newId("evt_"),
      object: "event",
      api_version: Stripe.API_VERSION,
      created: Math.floor(now() / 1000),
      data: { object: sessionObject(session) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    });
  }

  /** @param {SessionRecord} session */
  function expire(session) {
    session.status = "expired";
    void emit("checkout.session.expired", session);
  }

  /**
   * Looks a session up, expiring it first when its time is up, so a read never sees a stale "open".
   * @param {string} id
   */
  function findSession(id) {
    const session = sessions.get(id);
    if (session && session.status === "open" && now() >= session.expiresAt * 1000) expire(session);
    return session;
  }

  const vouchers = createVouchers({ now, baseUrl: () => base, emit, findSession });

  /**
   * Records and delivers an event about any object (a refund, a charge).
   * @param {string} type
   * @param {unknown} object
   */
  function emitObject(type, object) {
    return webhooks.send({
      id: newId("evt_"),
      object: "event",
      api_version: Stripe.API_VERSION,
      created: Math.floor(now() / 1000),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    });
  }

  const refunds = createRefunds({
    now,
    settleDelayMs: refundSettleDelayMs,
    isVoucherIntent: (id) => vouchers.hasIntent(id),
    emitObject,
    findCharge(id) {
      const session = [...sessions.values()].find((s) => s.paymentIntent === id && s.paymentStatus === "paid");
      if (!session) return null;
      const { latest_charge: charge, amount, currency } = paymentIntentObject(session);
      return {
        id: /** @type {string} */ (charge),
        paymentIntent: id,
        amount,
        currency,
        refundsFail: session.refundsFail === true,
      };
    },
  });

  /** @param {string} id */
  function requireSession(id) {
    const session = findSession(id);
    if (!session) {
      throw new StripeApiError(404, "invalid_request_error", `No such checkout.session: '${id}'`, {
        code: "resource_missing",
        param: "session",
      });
    }
    return session;
  }

  /** @param {http.IncomingMessage} request */
  function authenticate(request) {
    const header = request.headers.authorization ?? "";
    let key = "";
    if (header.startsWith("Bearer ")) key = header.slice("Bearer ".length).trim();
    // Stripe also takes the key as a Basic username (`curl -u sk_test_…:`).
    else if (header.startsWith("Basic "))
      key = Buffer.from(header.slice(6), "base64").toString("utf8").split(":")[0] ?? "";
    if (!key) {
      throw new StripeApiError(
        401,
        "authentication_error",
        "You did not provide an API key. Provide it in the Authorization header (Authorization: Bearer YOUR_SECRET_KEY).",
      );
    }
    const given = crypto.createHash("sha256").update(key).digest();
    const expected = crypto.createHash("sha256").update(apiKey).digest();
    if (!crypto.timingSafeEqual(given, expected)) {
      throw new StripeApiError(401, "authentication_error", `Invalid API Key provided: ${key.slice(0, 8)}***`);
    }
  }

  /**
   * @param {string} method
   * @param {string[]} parts the path's segments after `/v1`
   * @param {ParamObject} params
   * @returns {{ statusCode: number, body: unknown }}
   */
  function api(method, parts, params) {
    const [resource, action, id, sub, extra] = parts;
    if (resource === "checkout" && action === "sessions" && extra === undefined) {
      const expand = Array.isArray(params.expand) ? params.expand : [];
      const expandLineItems = expand.includes("line_items");
      if (method === "POST" && id === undefined) {
        const session = createSession(params, { nowSeconds: Math.floor(now() / 1000), publicUrl: base });
        vouchers.checkCustomer(session);
        sessions.set(session.id, session);
        return { statusCode: 200, body: sessionObject(session, { expandLineItems }) };
      }
      if (method === "GET" && id && sub === undefined) {
        return { statusCode: 200, body: sessionObject(requireSession(id), { expandLineItems }) };
      }
      if (method === "GET" && id && sub === "line_items") {
        return { statusCode: 200, body: lineItemsList(requireSession(id)) };
      }
      if (method === "POST" && id && sub === "expire") {
        const session = requireSession(id);
        if (session.status !== "open") {
          throw invalidParam('Only Checkout Sessions with a status in ["open"] can be expired.', "session");
        }
        expire(session);
        return { statusCode: 200, body: sessionObject(session) };
      }
    }
    // A card payment's intent (a voucher's or transfer's is the vouchers part's, below).
    if (
      resource === "payment_intents" &&
      action &&
      id === undefined &&
      method === "GET" &&
      !vouchers.hasIntent(action)
    ) {
      const expand = Array.isArray(params.expand) ? params.expand : [];
      const session = [...sessions.values()].find((s) => s.paymentIntent === action);
      if (!session) {
        throw new StripeApiError(404, "invalid_request_error", `No such payment_intent: '${action}'`, {
          code: "resource_missing",
          param: "intent",
        });
      }
      return {
        statusCode: 200,
        body: paymentIntentObject(session, { expandLatestCharge: expand.includes("latest_charge") }),
      };
    }
    const refund = refunds.api(method, parts, params);
    if (refund) return refund;
    const other = vouchers.api(method, parts, params);
    if (other) return other;
    throw new StripeApiError(
      404,
      "invalid_request_error",
      `Unrecognized request URL (${method}: /v1/${parts.join("/")}). This simulator implements only the Checkout Sessions and payment intent calls the shop uses.`,
    );
  }

  /**
   * Stripe's idempotency: a key sent again with the same request replays the first answer.
   * @param {http.IncomingMessage} request
   * @param {string} fingerprint
   * @param {() => { statusCode: number, body: unknown }} run
   */
  function withIdempotency(request, fingerprint, run) {
    const header = request.headers["idempotency-key"];
    const key = typeof header === "string" ? header : undefined;
    if (request.method !== "POST" || !key) return run();
    const cutoff = Date.now() - IDEMPOTENCY_WINDOW_MS;
    for (const [stored, entry] of idempotent) if (entry.at < cutoff) idempotent.delete(stored);
    const previous = idempotent.get(key);
    if (previous) {
      if (previous.fingerprint !== fingerprint) {
        throw new StripeApiError(
          400,
          "idempotency_error",
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        );
      }
      return { statusCode: previous.statusCode, body: previous.body };
    }
    const result = run();
    // As at Stripe, only requests that got past validation are remembered.
    idempotent.set(key, { fingerprint, at: Date.now(), ...result });
    return result;
  }

  /**
   * @param {http.IncomingMessage} request
   * @returns {Promise<string>}
   */
  async function readBody(request) {
    const chunks = [];
    let size = 0;
    for await (const chunk of request) {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) throw new StripeApiError(413, "invalid_request_error", "Request body too large.");
      chunks.push(chunk);
    }
    return Buffer.concat(chunks).toString("utf8");
  }

  /**
   * @param {http.ServerResponse} response
   * @param {number} statusCode
   * @param {unknown} body
   */
  function sendJson(response, statusCode, body) {
    response.writeHead(statusCode, {
      "content-type": "application/json; charset=utf-8",
      "cache-control": "no-store",
      "request-id": newId("req_"),
    });
    response.end(JSON.stringify(body, null, 2));
  }

  /**
   * @param {http.ServerResponse} response
   * @param {number} statusCode
   * @param {string} html
   */
  function sendHtml(response, statusCode, html) {
    response.writeHead(statusCode, {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      "content-security-policy":
        "default-src 'none'; style-src 'unsafe-inline'; img-src http: https: data:; base-uri 'none'; frame-ancestors 'none'",
      "x-content-type-options": "nosniff",
      "referrer-policy": "no-referrer",
    });
    response.end(html);
  }

  /**
   * The page for a session that is not open; paying it again does nothing.
   * @param {SessionRecord} session
   */
  function closedPage(session) {
    if (session.status === "complete") {
      return messagePage({
        title: "Este pago ya se realizó",
        message: "El pago de este pedido ya se completó. No se hizo ningún cargo adicional.",
        link: { href: session.successUrl.replaceAll("{CHECKOUT_SESSION_ID}", session.id), text: "Volver a la tienda" },
      });
    }
    return messagePage({
      title: "Esta sesión de pago expiró",
      message: "El tiempo para pagar este pedido terminó. Vuelve a la tienda para intentarlo de nuevo.",
      link: session.cancelUrl ? { href: session.cancelUrl, text: "Volver a la tienda" } : null,
    });
  }

  /**
   * @param {http.IncomingMessage} request
   * @param {http.ServerResponse} response
   * @param {string} id
   * @param {"oxxo" | "spei"} [method] the voucher or transfer chosen instead of the card form
   */
  async function payPage(request, response, id, method) {
    const session = findSession(id);
    if (!session) {
      sendHtml(
        response,
        404,
        messagePage({ title: "Sesión de pago no encontrada", message: "No encontramos esta sesión de pago." }),
      );
      return;
    }
    if (request.method === "GET") {
      if (session.status === "open") sendHtml(response, 200, paymentPage(session));
      else sendHtml(response, session.status === "expired" ? 410 : 200, closedPage(session));
      return;
    }
    if (request.method !== "POST") {
      response.writeHead(405, { allow: "GET, POST" }).end();
      return;
    }
    const form = new URLSearchParams(await readBody(request));
    if (session.status !== "open") {
      sendHtml(response, session.status === "expired" ? 410 : 409, closedPage(session));
      return;
    }
    if (method !== undefined) {
      // An OXXO voucher or SPEI instructions: the session completes unpaid, the money comes later.
      const type = method === "oxxo" ? "oxxo" : "customer_balance";
      if (!session.paymentMethodTypes.includes(type)) {
        sendHtml(
          response,
          400,
          paymentPage(session, { alert: "Esta forma de pago no está disponible para este pedido." }),
        );
        return;
      }
      await vouchers.issue(session, type);
      response.writeHead(303, { location: session.successUrl.replaceAll("{CHECKOUT_SESSION_ID}", session.id) }).end();
      return;
    }
    const values = {
      card_number: form.get("card_number") ?? "",
      expiry: form.get("expiry") ?? "",
      cvc: form.get("cvc") ?? "",
    };
    const verdict = judgeCard(values, new Date(now()));
    if (verdict.outcome === "invalid") {
      sendHtml(response, 400, paymentPage(session, { values, errors: verdict.errors }));
      return;
    }
    if (verdict.outcome === "declined") {
      sendHtml(response, 200, paymentPage(session, { values, alert: verdict.message }));
      return;
    }
    // Meses sin intereses, as Stripe's page: the plans appear once a card that allows them is
    // entered (a second step of the same form), and the shopper picks one or a single charge.
    const plans = verdict.installments ? availablePlans(session) : [];
    const choice = judgeInstallmentChoice(form.get("installment_plan"), plans);
    if (choice.outcome !== "chosen") {
      const status = choice.outcome === "invalid" ? 400 : 200;
      sendHtml(response, status, paymentPage(session, { values, plans, planError: choice.message }));
      return;
    }
    // Settled before the first await: a second submission already finds the session complete.
    session.status = "complete";
    session.paymentStatus = "paid";
    session.paymentIntent = newId("pi_");
    session.cardFunding = verdict.funding;
    session.refundsFail = values.card_number.replace(/\s+/g, "") === REFUND_FAILS_CARD;
    session.installmentPlan = choice.months ? { count: choice.months, interval: "month", type: "fixed_count" } : null;
    // The shop hears about the payment before the customer lands on its success page, as with Stripe
    // (usually); a failed delivery is retried in the background and the redirect happens anyway.
    await emit("checkout.session.completed", session);
    response.writeHead(303, { location: session.successUrl.replaceAll("{CHECKOUT_SESSION_ID}", session.id) }).end();
  }

  /**
   * @param {http.IncomingMessage} request
   * @param {http.ServerResponse} response
   * @param {string[]} parts the path's segments after `/__simulator`
   */
  async function admin(request, response, parts) {
    const [resource, id, action] = parts;
    if (resource === "events" && request.method === "GET" && id === undefined) {
      const events = webhooks.list().map((record) => ({
        id: record.event.id,
        type: record.event.type,
        delivery: { status: record.status, attempts: record.attempts },
        event: JSON.parse(record.payload),
      }));
      sendJson(response, 200, { object: "list", data: events });
      return;
    }
    if (resource === "events" && id && action === "resend" && request.method === "POST") {
      const record = await webhooks.resend(id);
      if (!record) {
        throw new StripeApiError(404, "invalid_request_error", `No such event: '${id}'`, { code: "resource_missing" });
      }
      const last = record.attempts.at(-1);
      sendJson(response, 200, {
        id,
        status: record.status,
        delivered: Boolean(last?.ok && last.manual),
        attempt: last ?? null,
      });
      return;
    }
    throw new StripeApiError(
      404,
      "invalid_request_error",
      `Unrecognized simulator URL (${request.method}: ${request.url}).`,
    );
  }

  /**
   * @param {http.IncomingMessage} request
   * @param {http.ServerResponse} response
   */
  async function handle(request, response) {
    const url = new URL(request.url ?? "/", "http://simulator.invalid");
    const method = request.method ?? "GET";
    try {
      const parts = url.pathname.split("/").filter(Boolean).map(decodePart);
      if (parts[0] === "pay" && parts[1] && parts.length === 2) {
        await payPage(request, response, parts[1]);
        return;
      }
      if (parts[0] === "pay" && parts[1] && parts.length === 3 && (parts[2] === "oxxo" || parts[2] === "spei")) {
        if (method !== "POST") {
          response.writeHead(405, { allow: "POST" }).end();
          return;
        }
        await payPage(request, response, parts[1], parts[2]);
        return;
      }
      if (parts[0] === "voucher") {
        const result = await vouchers.page(method, parts.slice(1));
        if (result.location) response.writeHead(result.statusCode, { location: result.location }).end();
        else if (result.html) sendHtml(response, result.statusCode, result.html);
        else response.writeHead(result.statusCode, { allow: "GET, POST" }).end();
        return;
      }
      if (parts[0] === "v1") {
        authenticate(request);
        const body = method === "POST" ? await readBody(request) : "";
        const params = parseParams(method === "POST" ? body : url.search.slice(1));
        const result = withIdempotency(request, `${method} ${url.pathname} ${body}`, () =>
          api(method, parts.slice(1), params),
        );
        sendJson(response, result.statusCode, result.body);
        return;
      }
      if (parts[0] === "__simulator") {
        authenticate(request);
        await admin(request, response, parts.slice(1));
        return;
      }
      sendHtml(response, 404, messagePage({ title: "Página no encontrada", message: "Esta dirección no existe." }));
    } catch (error) {
      if (error instanceof ParamsError) {
        sendJson(response, 400, new StripeApiError(400, "invalid_request_error", error.message).toJSON());
      } else if (error instanceof StripeApiError) {
        sendJson(response, error.statusCode, error.toJSON());
      } else {
        console.error("Payment simulator: unexpected error", error);
        if (!response.headersSent)
          sendJson(response, 500, { error: { type: "api_error", message: "Internal error." } });
        else response.end();
      }
    }
  }

  const server = http.createServer((request, response) => void handle(request, response));
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(undefined));
  });
  const address = server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${actualPort}`;
  base = (publicUrl ?? url).replace(/\/+$/, "");

  const sweep = setInterval(() => {
    for (const session of sessions.values()) findSession(session.id);
    vouchers.expireOverdue();
  }, expiryCheckIntervalMs);
  sweep.unref();

  return {
    url,
    port: actualPort,
    async stop() {
      clearInterval(sweep);
      refunds.stop();
      webhooks.stop();
      await new Promise((resolve) => {
        server.close(() => resolve(undefined));
        // The SDK keeps connections alive; close them instead of waiting for their idle timeout.
        server.closeAllConnections();
      });
    },
  };
}
