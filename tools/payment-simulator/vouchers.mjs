// @ts-check
import { StripeApiError, invalidParam, newId, totalOf } from "./checkout-sessions.mjs";
import { escapeHtml, formatMxn, layout } from "./hosted-page.mjs";

/** @typedef {import("./checkout-sessions.mjs").SessionRecord} SessionRecord */
/** @typedef {import("./params.mjs").ParamObject} ParamObject */

/**
 * Asynchronous payments, as Stripe runs them for Mexico: an OXXO voucher (cash at the store) or a SPEI
 * transfer to a CLABE (`customer_balance` funded by `mx_bank_transfer`). Issuing one completes the
 * session unpaid (`checkout.session.completed` with `payment_status: "unpaid"`); the payment intent's
 * `next_action` carries the instructions. Then the money arrives (`async_payment_succeeded`) or the
 * voucher expires (`async_payment_failed`), by the voucher page's buttons, by Stripe's test e-mails
 * (`succeed_immediately@…`, `expire_immediately@…`) or, for OXXO, when the clock passes its deadline.
 *
 * @typedef {object} IntentRecord
 * @property {string} id
 * @property {string} sessionId
 * @property {"oxxo" | "customer_balance"} type
 * @property {number} amount centavos
 * @property {number} created unix seconds
 * @property {number} expiresAfter unix seconds: OXXO's 23:59 in Mexico City; SPEI none (0)
 * @property {string} reference the OXXO barcode number or the transfer's reference
 * @property {string} clabe SPEI only
 * @property {"requires_action" | "succeeded" | "canceled"} status
 */

const MEXICO_CITY_OFFSET_SECONDS = 6 * 3600; // UTC−6 all year (no daylight saving since 2022)

/**
 * 23:59:59 Mexico City time, `days` calendar days after `nowSeconds`.
 * @param {number} nowSeconds
 * @param {number} days
 */
function oxxoDeadline(nowSeconds, days) {
  const local = new Date((nowSeconds - MEXICO_CITY_OFFSET_SECONDS) * 1000);
  const end = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + days, 23, 59, 59);
  return end / 1000 + MEXICO_CITY_OFFSET_SECONDS;
}

/** @param {number} length */
function digits(length) {
  let text = "";
  while (text.length < length) text += String(Math.floor(Math.random() * 1e9)).padStart(9, "0");
  return text.slice(0, length);
}

/**
 * A CLABE of the simulator's bank (646, STP) with a valid check digit (weights 3, 7, 1).
 */
function newClabe() {
  const body = `646180${digits(11)}`;
  const weights = [3, 7, 1];
  const sum = [...body].reduce((total, digit, index) => total + ((Number(digit) * (weights[index % 3] ?? 1)) % 10), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/**
 * @param {{
 *   now: () => number,
 *   baseUrl: () => string,
 *   emit: (type: string, session: SessionRecord) => Promise<unknown>,
 *   findSession: (id: string) => SessionRecord | undefined,
 * }} context
 */
export function createVouchers({ now, baseUrl, emit, findSession }) {
  /** @type {Map<string, { id: string, email: string | null, metadata: Record<string, string>, created: number }>} */
  const customers = new Map();
  /** @type {Map<string, IntentRecord>} */
  const intents = new Map();

  /** @param {IntentRecord} intent */
  function intentObject(intent) {
    const url = `${baseUrl()}/voucher/${intent.id}`;
    const waiting = intent.status === "requires_action";
    /** @type {Record<string, unknown> | null} */
    let nextAction = null;
    if (waiting && intent.type === "oxxo") {
      nextAction = {
        type: "oxxo_display_details",
        oxxo_display_details: { expires_after: intent.expiresAfter, hosted_voucher_url: url, number: intent.reference },
      };
    } else if (waiting) {
      nextAction = {
        type: "display_bank_transfer_instructions",
        display_bank_transfer_instructions: {
          amount_remaining: intent.amount,
          currency: "mxn",
          financial_addresses: [
            {
              type: "spei",
              supported_networks: ["spei"],
              spei: { bank_code: "646", bank_name: "STP", clabe: intent.clabe },
            },
          ],
          hosted_instructions_url: url,
          reference: intent.reference,
          type: "mx_bank_transfer",
        },
      };
    }
    const session = findSession(intent.sessionId);
    return {
      id: intent.id,
      object: "payment_intent",
      amount: intent.amount,
      amount_received: intent.status === "succeeded" ? intent.amount : 0,
      created: intent.created,
      currency: "mxn",
      customer: session?.customer ?? null,
      livemode: false,
      metadata: { ...(session?.metadata ?? {}) },
      next_action: nextAction,
      payment_method_types: [intent.type],
      status: intent.status,
    };
  }

  /**
   * The API calls of this part: `POST /v1/customers`, `GET /v1/customers/:id`, `GET /v1/payment_intents/:id`.
   * Returns undefined for any other path.
   * @param {string} method
   * @param {string[]} parts
   * @param {ParamObject} params
   * @returns {{ statusCode: number, body: unknown } | undefined}
   */
  function api(method, parts, params) {
    const [resource, id, sub] = parts;
    if (resource === "customers" && sub === undefined) {
      if (method === "POST" && id === undefined) {
        const email = typeof params.email === "string" && params.email !== "" ? params.email : null;
        const metadata = typeof params.metadata === "object" && !Array.isArray(params.metadata) ? params.metadata : {};
        const customer = {
          id: newId("cus_"),
          email,
          metadata: Object.fromEntries(Object.entries(metadata).filter(([, v]) => typeof v === "string")),
          created: Math.floor(now() / 1000),
        };
        customers.set(customer.id, /** @type {typeof customer & { metadata: Record<string, string> }} */ (customer));
        return { statusCode: 200, body: { object: "customer", livemode: false, ...customer } };
      }
      if (method === "GET" && id) {
        const customer = customers.get(id);
        if (!customer) throw missing("customer", id);
        return { statusCode: 200, body: { object: "customer", livemode: false, ...customer } };
      }
    }
    if (resource === "payment_intents" && method === "GET" && id && sub === undefined) {
      const intent = intents.get(id);
      if (!intent) throw missing("payment_intent", id);
      return { statusCode: 200, body: intentObject(intent) };
    }
    return undefined;
  }

  /**
   * @param {string} kind
   * @param {string} id
   */
  function missing(kind, id) {
    return new StripeApiError(404, "invalid_request_error", `No such ${kind}: '${id}'`, {
      code: "resource_missing",
      param: "id",
    });
  }

  /** Checks a session's `customer` when it is created (Stripe refuses an unknown one). @param {SessionRecord} session */
  function checkCustomer(session) {
    if (session.customer !== null && !customers.has(session.customer)) {
      throw invalidParam(`No such customer: '${session.customer}'`, "customer", "resource_missing");
    }
  }

  /** @param {SessionRecord} session */
  function emailOf(session) {
    return session.customerEmail ?? (session.customer ? (customers.get(session.customer)?.email ?? null) : null);
  }

  /**
   * Issues an OXXO voucher or SPEI instructions for an open session: the session completes unpaid and
   * `checkout.session.completed` is sent. Stripe's test e-mails settle it at once.
   * @param {SessionRecord} session
   * @param {"oxxo" | "customer_balance"} type
   */
  async function issue(session, type) {
    const created = Math.floor(now() / 1000);
    /** @type {IntentRecord} */
    const intent = {
      id: newId("pi_"),
      sessionId: session.id,
      type,
      amount: totalOf(session.lineItems),
      created,
      expiresAfter: type === "oxxo" ? oxxoDeadline(created, session.oxxoExpiresAfterDays) : 0,
      reference: type === "oxxo" ? digits(18) : digits(7),
      clabe: type === "customer_balance" ? newClabe() : "",
      status: "requires_action",
    };
    intents.set(intent.id, intent);
    session.status = "complete";
    session.paymentStatus = "unpaid";
    session.paymentIntent = intent.id;
    await emit("checkout.session.completed", session);
    const email = emailOf(session) ?? "";
    if (email.startsWith("succeed_immediately@")) await settle(intent, "succeeded");
    else if (email.startsWith("expire_immediately@")) await settle(intent, "canceled");
  }

  /**
   * The money arrived (succeeded) or the voucher expired (canceled); once.
   * @param {IntentRecord} intent
   * @param {"succeeded" | "canceled"} outcome
   */
  async function settle(intent, outcome) {
    if (intent.status !== "requires_action") return false;
    intent.status = outcome;
    const session = findSession(intent.sessionId);
    if (!session) return false;
    if (outcome === "succeeded") {
      session.paymentStatus = "paid";
      await emit("checkout.session.async_payment_succeeded", session);
    } else {
      await emit("checkout.session.async_payment_failed", session);
    }
    return true;
  }

  /** OXXO vouchers past their deadline expire (Stripe's `async_payment_failed`). */
  function expireOverdue() {
    const nowSeconds = now() / 1000;
    for (const intent of intents.values()) {
      if (intent.type === "oxxo" && intent.status === "requires_action" && nowSeconds > intent.expiresAfter) {
        void settle(intent, "canceled");
      }
    }
  }

  /**
   * The voucher page (`GET /voucher/:pi`) and its buttons (`POST /voucher/:pi/paid`, `…/expired`):
   * HTML forms, no JavaScript.
   * @param {string} method
   * @param {string[]} parts the path's segments after `/voucher`
   * @returns {Promise<{ statusCode: number, html?: string, location?: string }>}
   */
  async function page(method, parts) {
    const [id, action] = parts;
    const intent = id ? intents.get(id) : undefined;
    if (!intent || parts.length > 2) {
      return { statusCode: 404, html: messageHtml("Ficha no encontrada", "No encontramos esta ficha de pago.") };
    }
    if (method === "GET" && action === undefined) return { statusCode: 200, html: voucherHtml(intent) };
    if (method === "POST" && (action === "paid" || action === "expired")) {
      await settle(intent, action === "paid" ? "succeeded" : "canceled");
      return { statusCode: 303, location: `/voucher/${intent.id}` };
    }
    return { statusCode: 405 };
  }

  /** @param {IntentRecord} intent */
  function voucherHtml(intent) {
    const session = findSession(intent.sessionId);
    const back = session
      ? `<a class="cancel" href="${escapeHtml(session.successUrl.replaceAll("{CHECKOUT_SESSION_ID}", session.id))}">Volver a la tienda</a>`
      : "";
    const state =
      intent.status === "succeeded"
        ? `<p class="hint" role="status"><strong>Pagado.</strong> La tienda ya recibió el aviso.</p>`
        : intent.status === "canceled"
          ? `<p class="alert" role="status">Esta ficha venció sin pago.</p>`
          : "";
    const buttons =
      intent.status === "requires_action"
        ? `<form method="post" action="/voucher/${intent.id}/paid"><button type="submit">${intent.type === "oxxo" ? "Marcar como pagado" : "Llegó la transferencia"}</button></form>
<form method="post" action="/voucher/${intent.id}/expired"><button type="submit" class="secondary">${intent.type === "oxxo" ? "Marcar como vencido" : "Marcar como vencida"}</button></form>
<p class="hint">Simulador: estos botones hacen lo que haría la tienda OXXO o el banco (avisos async_payment_succeeded / async_payment_failed).</p>`
        : "";
    const amount = `<div><dt>Monto</dt><dd>${formatMxn(intent.amount)} MXN</dd></div>`;
    if (intent.type === "oxxo") {
      const deadline = new Date(intent.expiresAfter * 1000).toLocaleString("es-MX", {
        timeZone: "America/Mexico_City",
        dateStyle: "long",
        timeStyle: "short",
      });
      return layout(
        "Ficha de pago OXXO",
        `<section class="card" aria-labelledby="ficha"><h1 id="ficha">Ficha de pago OXXO</h1>
<p>Presenta esta ficha en cualquier tienda OXXO y paga en efectivo.</p>
${barcode(intent.reference)}
<p class="mono" data-testid="oxxo-reference">${escapeHtml(intent.reference.replace(/(\d{4})(?=\d)/g, "$1 "))}</p>
<dl>${amount}<div><dt>Vence</dt><dd>${escapeHtml(deadline)}</dd></div></dl>
${state}${buttons}${back}</section>`,
      );
    }
    return layout(
      "Transferencia SPEI",
      `<section class="card" aria-labelledby="spei"><h1 id="spei">Transferencia SPEI</h1>
<p>Transfiere desde tu banco a esta CLABE con la referencia indicada.</p>
<dl>${amount}<div><dt>CLABE</dt><dd class="mono" data-testid="spei-clabe">${intent.clabe}</dd></div>
<div><dt>Banco</dt><dd>STP</dd></div><div><dt>Referencia</dt><dd class="mono">${intent.reference}</dd></div></dl>
${state}${buttons}${back}</section>`,
    );
  }

  /** Whether a payment intent is one of this part's (a voucher or a transfer). @param {string} id */
  function hasIntent(id) {
    return intents.has(id);
  }

  return { api, checkCustomer, hasIntent, issue, expireOverdue, page };
}

/**
 * A barcode drawn from the reference's digits (bars of 1–3 units), without images or scripts.
 * @param {string} reference
 */
function barcode(reference) {
  const bars = [...reference]
    .map((digit, index) => {
      const width = (Number(digit) % 3) + 1;
      return `<span style="width:${width * 3}px;margin-right:${((index + Number(digit)) % 2) + 2}px"></span>`;
    })
    .join("");
  return `<div class="barcode" role="img" aria-label="Código de barras de la referencia">${bars}</div>`;
}

/**
 * @param {string} title
 * @param {string} message
 */
function messageHtml(title, message) {
  return layout(title, `<section class="card"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></section>`);
}
