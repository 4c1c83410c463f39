// @ts-check
import crypto from "node:crypto";

/** @typedef {import("./params.mjs").Param} Param */
/** @typedef {import("./params.mjs").ParamObject} ParamObject */

/**
 * @typedef {object} LineItem
 * @property {string} id
 * @property {string} name
 * @property {string | null} description
 * @property {string[]} images
 * @property {number} unitAmount centavos
 * @property {number} quantity
 */

/**
 * The simulator's record of a Checkout Session: Stripe's public fields plus the line items,
 * which Stripe only returns when expanded.
 * @typedef {object} SessionRecord
 * @property {string} id
 * @property {number} created unix seconds
 * @property {number} expiresAt unix seconds
 * @property {"open" | "complete" | "expired"} status
 * @property {"unpaid" | "paid"} paymentStatus
 * @property {string | null} paymentIntent
 * @property {boolean} installmentsEnabled `payment_method_options[card][installments][enabled]`
 * @property {InstallmentPlan | null} installmentPlan the plan the shopper chose when paying (null: one charge)
 * @property {string} currency
 * @property {string} successUrl
 * @property {string | null} cancelUrl
 * @property {string | null} customerEmail
 * @property {string | null} clientReferenceId
 * @property {Record<string, string>} metadata
 * @property {LineItem[]} lineItems
 * @property {string} url the hosted payment page
 * @property {PaymentMethodType[]} paymentMethodTypes what the page offers: `card`, `oxxo`, `customer_balance` (SPEI)
 * @property {number} oxxoExpiresAfterDays `payment_method_options[oxxo][expires_after_days]`
 * @property {string | null} customer a `cus_…` (required by `customer_balance`)
 * @property {string} [cardFunding] the paying card's funding: credit, debit or prepaid
 * @property {boolean} [refundsFail] paid with the test card whose refunds fail (./refunds.mjs)
 */

/**
 * A meses sin intereses plan as Stripe reports it on a charge.
 * @typedef {{ count: number, interval: "month", type: "fixed_count" }} InstallmentPlan
 */

/** @typedef {"card" | "oxxo" | "customer_balance"} PaymentMethodType */

/** An error in Stripe's shape; the SDK turns the status code into its typed error. */
export class StripeApiError extends Error {
  /**
   * @param {number} statusCode
   * @param {string} type `invalid_request_error`, `authentication_error`, `idempotency_error`, `api_error`
   * @param {string} message
   * @param {{ code?: string, param?: string }} [details]
   */
  constructor(statusCode, type, message, details = {}) {
    super(message);
    this.statusCode = statusCode;
    this.type = type;
    this.code = details.code;
    this.param = details.param;
  }

  toJSON() {
    return { error: { type: this.type, message: this.message, code: this.code, param: this.param } };
  }
}

/**
 * @param {string} message
 * @param {string} param
 * @param {string} [code]
 */
export function invalidParam(message, param, code = "parameter_invalid") {
  return new StripeApiError(400, "invalid_request_error", message, { code, param });
}

/** @param {string} prefix */
export function newId(prefix) {
  return `${prefix}${crypto.randomBytes(18).toString("base64url").replace(/[-_]/g, "0")}`;
}

// The shop's market: one currency, with Stripe's minimum charge for it (10 MXN) and a
// per-amount maximum of eight digits of centavos.
const CURRENCY = "mxn";
const MINIMUM_TOTAL = 1000;
const MAXIMUM_AMOUNT = 99_999_999;
const MIN_LIFETIME_SECONDS = 30 * 60;
const MAX_LIFETIME_SECONDS = 24 * 60 * 60;

// Real Stripe parameters the simulator accepts without acting on them, so that the shop can
// send them; any other unknown name is rejected as Stripe does, which catches typos.
const TOP_LEVEL = new Set([
  "mode",
  "currency",
  "line_items",
  "customer_email",
  "client_reference_id",
  "metadata",
  "success_url",
  "cancel_url",
  "expires_at",
  "expand",
  "ui_mode",
  "allow_promotion_codes",
  "allowed_payment_method_types",
  "customer",
  "billing_address_collection",
  "customer_creation",
  "locale",
  "payment_intent_data",
  "payment_method_options",
  "payment_method_types",
  "phone_number_collection",
  "shipping_address_collection",
  "submit_type",
]);
const LINE_ITEM = new Set(["price_data", "quantity", "price", "adjustable_quantity", "tax_rates"]);
const PRICE_DATA = new Set(["currency", "unit_amount", "product_data", "product", "tax_behavior", "recurring"]);
const PRODUCT_DATA = new Set(["name", "description", "images", "metadata", "tax_code", "unit_label"]);
const PAYMENT_METHOD_OPTIONS = new Set(["card", "oxxo", "customer_balance"]);
const CARD_OPTIONS = new Set(["installments", "request_three_d_secure", "setup_future_usage"]);
const INSTALLMENTS_OPTIONS = new Set(["enabled"]);

/**
 * Stripe's plans for meses sin intereses in Mexico with its default minimums in centavos (3 months
 * from $300 … 24 months from $2,400).
 */
export const INSTALLMENT_MINIMUMS = new Map([
  [3, 300_00],
  [6, 600_00],
  [9, 900_00],
  [12, 1_200_00],
  [18, 1_800_00],
  [24, 2_400_00],
]);

/**
 * The plans a session offers for its total: none unless it enabled instalments.
 * @param {SessionRecord} session
 * @returns {number[]} months
 */
export function availablePlans(session) {
  if (!session.installmentsEnabled) return [];
  const total = totalOf(session.lineItems);
  return [...INSTALLMENT_MINIMUMS].filter(([, minimum]) => total >= minimum).map(([months]) => months);
}

/**
 * `payment_method_options`: only the card's `installments[enabled]` is acted on.
 * @param {Param | undefined} value
 * @returns {boolean} whether instalments are enabled
 */
function parseInstallmentsEnabled(value) {
  const options = optionalObject(value, "payment_method_options");
  if (!options) return false;
  rejectUnknown(options, PAYMENT_METHOD_OPTIONS, "payment_method_options[", "]");
  const card = optionalObject(options.card, "payment_method_options[card]");
  if (!card) return false;
  rejectUnknown(card, CARD_OPTIONS, "payment_method_options[card][", "]");
  const installments = optionalObject(card.installments, "payment_method_options[card][installments]");
  if (!installments) return false;
  rejectUnknown(installments, INSTALLMENTS_OPTIONS, "payment_method_options[card][installments][", "]");
  const enabled = installments.enabled;
  if (enabled === undefined) return false;
  if (enabled !== "true" && enabled !== "false") {
    throw invalidParam(`Invalid boolean: ${String(enabled)}`, "payment_method_options[card][installments][enabled]");
  }
  return enabled === "true";
}

/**
 * @param {ParamObject} object
 * @param {Set<string>} allowed
 * @param {string} prefix how the object's keys are spelled in an error (`line_items[0][`)
 * @param {string} [suffix]
 */
function rejectUnknown(object, allowed, prefix = "", suffix = "") {
  for (const key of Object.keys(object)) {
    if (!allowed.has(key)) {
      throw invalidParam(
        `Received unknown parameter: ${prefix}${key}${suffix}`,
        `${prefix}${key}${suffix}`,
        "parameter_unknown",
      );
    }
  }
}

/**
 * @param {Param | undefined} value
 * @param {string} param
 * @returns {ParamObject | undefined}
 */
function optionalObject(value, param) {
  if (value === undefined) return undefined;
  if (typeof value !== "object" || Array.isArray(value)) throw invalidParam(`Invalid object: ${param}`, param);
  return value;
}

/**
 * @param {Param | undefined} value
 * @param {string} param
 * @param {number} maxLength
 * @returns {string | undefined}
 */
function optionalString(value, param, maxLength) {
  if (value === undefined) return undefined;
  if (typeof value !== "string") throw invalidParam(`Invalid string: ${param}`, param);
  if (value.length > maxLength) {
    throw invalidParam(`Invalid string: ${param} must be at most ${maxLength} characters`, param);
  }
  return value;
}

/**
 * @param {Param | undefined} value
 * @param {string} param
 */
function requiredString(value, param) {
  const text = optionalString(value, param, 5000);
  if (text === undefined || text === "")
    throw invalidParam(`Missing required param: ${param}.`, param, "parameter_missing");
  return text;
}

/**
 * @param {Param | undefined} value
 * @param {string} param
 * @param {{ min: number, max: number }} range
 */
function requiredInteger(value, param, { min, max }) {
  if (value === undefined || value === "")
    throw invalidParam(`Missing required param: ${param}.`, param, "parameter_missing");
  if (typeof value !== "string" || !/^-?\d+$/.test(value))
    throw invalidParam(`Invalid integer: ${String(value)}`, param);
  const number = Number(value);
  if (number < min || number > max) {
    throw invalidParam(`Invalid integer: ${param} must be between ${min} and ${max}`, param);
  }
  return number;
}

/**
 * @param {Param | undefined} value
 * @param {string} param
 * @returns {string | null}
 */
function optionalUrl(value, param) {
  const text = optionalString(value, param, 5000);
  if (text === undefined || text === "") return null;
  let url;
  try {
    url = new URL(text);
  } catch {
    throw invalidParam("Not a valid URL", param, "url_invalid");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw invalidParam("Not a valid URL", param, "url_invalid");
  return text;
}

/** @param {Param | undefined} value */
function parseMetadata(value) {
  if (value === undefined || value === "") return {};
  const object = optionalObject(value, "metadata") ?? {};
  const entries = Object.entries(object);
  if (entries.length > 50) throw invalidParam("Metadata can have at most 50 keys.", "metadata");
  /** @type {Record<string, string>} */
  const metadata = {};
  for (const [key, entry] of entries) {
    if (key.length > 40) throw invalidParam(`Metadata keys can be at most 40 characters: ${key}`, `metadata[${key}]`);
    if (typeof entry !== "string") throw invalidParam(`Invalid string: metadata[${key}]`, `metadata[${key}]`);
    if (entry.length > 500) {
      throw invalidParam(`Metadata values can be at most 500 characters: ${key}`, `metadata[${key}]`);
    }
    metadata[key] = entry;
  }
  return metadata;
}

/**
 * @param {Param} value
 * @param {number} index
 * @returns {LineItem}
 */
function parseLineItem(value, index) {
  const at = `line_items[${index}]`;
  const item = optionalObject(value, at);
  if (!item) throw invalidParam(`Missing required param: ${at}.`, at, "parameter_missing");
  rejectUnknown(item, LINE_ITEM, `${at}[`, "]");
  if (item.price !== undefined) {
    throw invalidParam(`This simulator accepts only ${at}[price_data], not stored prices.`, `${at}[price]`);
  }
  const priceData = optionalObject(item.price_data, `${at}[price_data]`);
  if (!priceData)
    throw invalidParam(`Missing required param: ${at}[price_data].`, `${at}[price_data]`, "parameter_missing");
  rejectUnknown(priceData, PRICE_DATA, `${at}[price_data][`, "]");
  if (priceData.recurring !== undefined) {
    throw invalidParam(
      "You must be in subscription mode to specify a recurring price.",
      `${at}[price_data][recurring]`,
    );
  }
  if (priceData.product !== undefined) {
    throw invalidParam(
      `This simulator accepts only ${at}[price_data][product_data], not stored products.`,
      `${at}[price_data][product]`,
    );
  }
  const currency = requiredString(priceData.currency, `${at}[price_data][currency]`);
  if (currency !== CURRENCY) {
    throw invalidParam(`This simulator accepts only currency=${CURRENCY}.`, `${at}[price_data][currency]`);
  }
  const unitAmount = requiredInteger(priceData.unit_amount, `${at}[price_data][unit_amount]`, {
    min: 0,
    max: MAXIMUM_AMOUNT,
  });
  const productData = optionalObject(priceData.product_data, `${at}[price_data][product_data]`);
  if (!productData) {
    throw invalidParam(
      `Missing required param: ${at}[price_data][product_data].`,
      `${at}[price_data][product_data]`,
      "parameter_missing",
    );
  }
  rejectUnknown(productData, PRODUCT_DATA, `${at}[price_data][product_data][`, "]");
  const name = requiredString(productData.name, `${at}[price_data][product_data][name]`);
  const description = optionalString(productData.description, `${at}[price_data][product_data][description]`, 40_000);
  const imagesParam = `${at}[price_data][product_data][images]`;
  const images = productData.images ?? [];
  if (!Array.isArray(images)) throw invalidParam(`Invalid array: ${imagesParam}`, imagesParam);
  if (images.length > 8) throw invalidParam(`${imagesParam} can have at most 8 URLs.`, imagesParam);
  const quantity = requiredInteger(item.quantity, `${at}[quantity]`, { min: 1, max: 999_999 });
  return {
    id: newId("li_"),
    name,
    description: description ?? null,
    images: images.map((image, i) => /** @type {string} */ (optionalUrl(image, `${imagesParam}[${i}]`))),
    unitAmount,
    quantity,
  };
}

const PAYMENT_METHOD_TYPES = new Set(["card", "oxxo", "customer_balance"]);
// Stripe's limit for one OXXO voucher (10,000.00 MXN).
const OXXO_MAXIMUM_TOTAL = 1_000_000;

/**
 * `allowed_payment_method_types[]` (the SDK's name since API 2026-10-28) or the older
 * `payment_method_types[]`, and their options: an OXXO voucher's life in days (1–7, default 3) and
 * SPEI through `customer_balance` (funding by `mx_bank_transfer`, which needs a Customer).
 * @param {ParamObject} params
 * @param {number} total
 */
function parsePaymentMethods(params, total) {
  const name =
    params.allowed_payment_method_types !== undefined ? "allowed_payment_method_types" : "payment_method_types";
  const value = params[name] ?? ["card"];
  if (!Array.isArray(value) || value.length === 0) throw invalidParam(`Invalid array: ${name}`, name);
  /** @type {PaymentMethodType[]} */
  const types = [];
  for (const [index, type] of value.entries()) {
    if (typeof type !== "string" || !PAYMENT_METHOD_TYPES.has(type)) {
      throw invalidParam(
        `This simulator accepts only card, oxxo and customer_balance in ${name}.`,
        `${name}[${index}]`,
        "payment_method_unactivated",
      );
    }
    if (!types.includes(/** @type {PaymentMethodType} */ (type))) types.push(/** @type {PaymentMethodType} */ (type));
  }
  const options = optionalObject(params.payment_method_options, "payment_method_options") ?? {};
  rejectUnknown(options, PAYMENT_METHOD_OPTIONS, "payment_method_options[", "]");
  const oxxo = optionalObject(options.oxxo, "payment_method_options[oxxo]") ?? {};
  rejectUnknown(oxxo, new Set(["expires_after_days"]), "payment_method_options[oxxo][", "]");
  const oxxoExpiresAfterDays =
    oxxo.expires_after_days === undefined
      ? 3
      : requiredInteger(oxxo.expires_after_days, "payment_method_options[oxxo][expires_after_days]", {
          min: 1,
          max: 7,
        });
  if (types.includes("oxxo") && total > OXXO_MAXIMUM_TOTAL) {
    throw invalidParam("OXXO payments can be at most $10,000.00 mxn.", name, "amount_too_large");
  }
  const customer = optionalString(params.customer, "customer", 255) || null;
  if (customer !== null && params.customer_email !== undefined) {
    throw invalidParam("You may only specify one of these parameters: customer, customer_email.", "customer_email");
  }
  if (types.includes("customer_balance")) {
    if (customer === null) {
      throw invalidParam(
        "customer_balance requires a customer: pass `customer` when creating the Checkout Session.",
        "customer",
        "parameter_missing",
      );
    }
    const balance = optionalObject(options.customer_balance, "payment_method_options[customer_balance]") ?? {};
    const transfer = optionalObject(balance.bank_transfer, "payment_method_options[customer_balance][bank_transfer]");
    if (balance.funding_type !== "bank_transfer" || transfer?.type !== "mx_bank_transfer") {
      throw invalidParam(
        "This simulator funds customer_balance only by bank_transfer of type mx_bank_transfer.",
        "payment_method_options[customer_balance][bank_transfer][type]",
      );
    }
  }
  return { paymentMethodTypes: types, oxxoExpiresAfterDays, customer };
}

/** @param {string} email */
function isEmail(email) {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);
}

/** @param {LineItem[]} lineItems */
export function totalOf(lineItems) {
  return lineItems.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0);
}

/**
 * Validates `POST /v1/checkout/sessions` parameters as Stripe does and builds the session.
 * @param {ParamObject} params
 * @param {{ nowSeconds: number, publicUrl: string }} context
 * @returns {SessionRecord}
 */
export function createSession(params, { nowSeconds, publicUrl }) {
  rejectUnknown(params, TOP_LEVEL);
  const mode = requiredString(params.mode, "mode");
  if (mode !== "payment") throw invalidParam("This simulator supports only mode=payment.", "mode");
  if (params.ui_mode !== undefined && params.ui_mode !== "hosted") {
    throw invalidParam("This simulator supports only ui_mode=hosted.", "ui_mode");
  }
  const currency = optionalString(params.currency, "currency", 3);
  if (currency !== undefined && currency !== CURRENCY) {
    throw invalidParam(`This simulator accepts only currency=${CURRENCY}.`, "currency");
  }
  const successUrl = optionalUrl(params.success_url, "success_url");
  // Stripe can show its own confirmation page instead; the simulator always returns to the shop.
  if (!successUrl) throw invalidParam("Missing required param: success_url.", "success_url", "parameter_missing");
  const cancelUrl = optionalUrl(params.cancel_url, "cancel_url");
  const customerEmail = optionalString(params.customer_email, "customer_email", 800) || null;
  if (customerEmail !== null && !isEmail(customerEmail)) {
    throw invalidParam(`Invalid email address: ${customerEmail}`, "customer_email", "email_invalid");
  }
  const clientReferenceId = optionalString(params.client_reference_id, "client_reference_id", 200) || null;
  const metadata = parseMetadata(params.metadata);
  const installmentsEnabled = parseInstallmentsEnabled(params.payment_method_options);

  const lineItemsParam = params.line_items;
  if (lineItemsParam === undefined || lineItemsParam === "") {
    throw invalidParam("Missing required param: line_items.", "line_items", "parameter_missing");
  }
  if (!Array.isArray(lineItemsParam)) throw invalidParam("Invalid array: line_items", "line_items");
  if (lineItemsParam.length > 100) throw invalidParam("line_items can have at most 100 items.", "line_items");
  const lineItems = lineItemsParam.map(parseLineItem);
  const total = totalOf(lineItems);
  if (total < MINIMUM_TOTAL) {
    throw invalidParam(
      "The Checkout Session's total amount due must add up to at least $10.00 mxn",
      "line_items",
      "amount_too_small",
    );
  }
  if (total > MAXIMUM_AMOUNT) {
    throw invalidParam(
      "The Checkout Session's total amount due must be no more than $999,999.99 mxn",
      "line_items",
      "amount_too_large",
    );
  }

  const methods = parsePaymentMethods(params, total);

  let expiresAt = nowSeconds + MAX_LIFETIME_SECONDS;
  if (params.expires_at !== undefined) {
    expiresAt = requiredInteger(params.expires_at, "expires_at", { min: 0, max: Number.MAX_SAFE_INTEGER });
    if (expiresAt < nowSeconds + MIN_LIFETIME_SECONDS) {
      throw invalidParam(
        "The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.",
        "expires_at",
      );
    }
    if (expiresAt > nowSeconds + MAX_LIFETIME_SECONDS) {
      throw invalidParam(
        "The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.",
        "expires_at",
      );
    }
  }

  const id = newId("cs_test_");
  return {
    id,
    created: nowSeconds,
    expiresAt,
    status: "open",
    paymentStatus: "unpaid",
    paymentIntent: null,
    installmentsEnabled,
    installmentPlan: null,
    currency: CURRENCY,
    successUrl,
    cancelUrl,
    customerEmail,
    clientReferenceId,
    metadata,
    lineItems,
    url: `${publicUrl}/pay/${id}`,
    ...methods,
  };
}

/**
 * The session's line items as Stripe lists them (`expand[]=line_items`, `listLineItems`).
 * @param {SessionRecord} session
 */
export function lineItemsList(session) {
  return {
    object: "list",
    data: session.lineItems.map((item) => ({
      id: item.id,
      object: "item",
      amount_discount: 0,
      amount_subtotal: item.unitAmount * item.quantity,
      amount_tax: 0,
      amount_total: item.unitAmount * item.quantity,
      currency: session.currency,
      description: item.name,
      price: {
        id: `price_${item.id.slice(3)}`,
        object: "price",
        active: false,
        currency: session.currency,
        livemode: false,
        product: `prod_${item.id.slice(3)}`,
        type: "one_time",
        unit_amount: item.unitAmount,
      },
      quantity: item.quantity,
    })),
    has_more: false,
    url: `/v1/checkout/sessions/${session.id}/line_items`,
  };
}

/**
 * The `checkout.session` object as Stripe's API returns it.
 * @param {SessionRecord} session
 * @param {{ expandLineItems?: boolean }} [options]
 */
export function sessionObject(session, { expandLineItems = false } = {}) {
  const total = totalOf(session.lineItems);
  return {
    id: session.id,
    object: "checkout.session",
    amount_subtotal: total,
    amount_total: total,
    cancel_url: session.cancelUrl,
    client_reference_id: session.clientReferenceId,
    created: session.created,
    currency: session.currency,
    customer: session.customer,
    customer_details: session.status === "complete" ? { email: session.customerEmail, name: null, phone: null } : null,
    customer_email: session.customerEmail,
    expires_at: session.expiresAt,
    livemode: false,
    metadata: { ...session.metadata },
    mode: "payment",
    payment_intent: session.paymentIntent,
    payment_method_options: session.installmentsEnabled ? { card: { installments: { enabled: true } } } : {},
    payment_method_types: session.paymentMethodTypes,
    payment_status: session.paymentStatus,
    status: session.status,
    success_url: session.successUrl,
    ui_mode: "hosted",
    // Stripe only gives the page's address while the session can still be paid.
    url: session.status === "open" ? session.url : null,
    ...(expandLineItems ? { line_items: lineItemsList(session) } : {}),
  };
}

/**
 * The session's payment intent as Stripe returns it (`GET /v1/payment_intents/:id`), with its
 * charge as an id or, with `expand[]=latest_charge`, the charge itself: the card's
 * `installments.plan` says which meses sin intereses plan the shopper chose (null: one charge).
 * @param {SessionRecord} session a paid session
 * @param {{ expandLatestCharge?: boolean }} [options]
 */
export function paymentIntentObject(session, { expandLatestCharge = false } = {}) {
  const intentId = /** @type {string} */ (session.paymentIntent);
  const amount = totalOf(session.lineItems);
  const chargeId = `ch_${intentId.slice(3)}`;
  const charge = {
    id: chargeId,
    object: "charge",
    amount,
    amount_captured: amount,
    captured: true,
    created: session.created,
    currency: session.currency,
    livemode: false,
    paid: true,
    payment_intent: intentId,
    payment_method_details: {
      type: "card",
      card: {
        brand: "visa",
        funding: session.cardFunding ?? "credit",
        installments: session.installmentsEnabled ? { plan: session.installmentPlan } : null,
      },
    },
    status: "succeeded",
  };
  return {
    id: intentId,
    object: "payment_intent",
    amount,
    amount_received: amount,
    currency: session.currency,
    created: session.created,
    latest_charge: expandLatestCharge ? charge : chargeId,
    livemode: false,
    metadata: {},
    payment_method_options: session.installmentsEnabled ? { card: { installments: { enabled: true } } } : {},
    payment_method_types: ["card"],
    status: "succeeded",
  };
}
