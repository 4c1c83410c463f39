import http from "node:http";
import { type AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseParams } from "../params.mjs";
import { type PaymentSimulator, startPaymentSimulator } from "../server.mjs";

const API_KEY = "sk_test_simulator_unit";
const WEBHOOK_SECRET = "whsec_simulator_unit";
const SHOP = "http://shop.test";

type Delivery = { raw: string; signature: string; event: Stripe.Event };

/** A stand-in for the shop's webhook endpoint: records what arrives, can be told to fail. */
async function startWebhookReceiver() {
  const deliveries: Delivery[] = [];
  const rejected: string[] = [];
  let failures = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      if (failures > 0) {
        failures -= 1;
        response.writeHead(503).end();
        return;
      }
      const raw = Buffer.concat(chunks).toString("utf8");
      const signature = String(request.headers["stripe-signature"]);
      try {
        // The shop's own check: the SDK verifies the signature against the raw body.
        const event = Stripe.webhooks.constructEvent(raw, signature, WEBHOOK_SECRET);
        deliveries.push({ raw, signature, event });
        response.writeHead(200, { "content-type": "application/json" }).end('{"received":true}');
      } catch (error) {
        rejected.push(String(error));
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks/stripe`,
    deliveries,
    rejected,
    failNext(count: number) {
      failures = count;
    },
    forSession(id: string, type?: string) {
      return deliveries.filter(
        (d) => (d.event.data.object as Stripe.Checkout.Session).id === id && (!type || d.event.type === type),
      );
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function waitFor(check: () => boolean, what: string, timeoutMs = 3000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function sdk(simulator: PaymentSimulator, key = API_KEY) {
  return new Stripe(key, {
    host: "127.0.0.1",
    port: simulator.port,
    protocol: "http",
    maxNetworkRetries: 0,
    telemetry: false,
  });
}

let clockMs = Date.now();
const nowSeconds = () => Math.floor(clockMs / 1000);

function sessionParams(overrides: Partial<Stripe.Checkout.SessionCreateParams> = {}) {
  return {
    mode: "payment",
    currency: "mxn",
    line_items: [
      {
        price_data: {
          currency: "mxn",
          unit_amount: 50_000,
          product_data: { name: "Anillo Corazón", images: [`${SHOP}/images/anillo.webp`] },
        },
        quantity: 2,
      },
      {
        price_data: { currency: "mxn", unit_amount: 23_450, product_data: { name: "Aretes <Luna> & Sol" } },
        quantity: 1,
      },
    ],
    customer_email: "cliente@example.mx",
    client_reference_id: "order_123",
    metadata: { orderId: "123", cartId: "abc" },
    success_url: `${SHOP}/success?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${SHOP}/cancel`,
    expires_at: nowSeconds() + 60 * 60,
    ...overrides,
  } satisfies Stripe.Checkout.SessionCreateParams;
}

function pay(url: string, card: Record<string, string>) {
  return fetch(url, { method: "POST", body: new URLSearchParams(card), redirect: "manual" });
}

const GOOD_CARD = { card_number: "4242 4242 4242 4242", expiry: "12/45", cvc: "123" };

describe("payment simulator", () => {
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let simulator: PaymentSimulator;
  let stripe: Stripe;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    simulator = await startPaymentSimulator({
      apiKey: API_KEY,
      webhookUrl: receiver.url,
      webhookSecret: WEBHOOK_SECRET,
      now: () => clockMs,
      expiryCheckIntervalMs: 20,
      webhookRetryDelaysMs: [30, 60],
      webhookTimeoutMs: 2000,
    });
    stripe = sdk(simulator);
  });

  afterAll(async () => {
    await simulator?.stop();
    await receiver?.stop();
  });

  describe("API through the stripe SDK", () => {
    it("creates a session that round-trips amounts, currency, metadata and references", async () => {
      const params = sessionParams();
      const session = await stripe.checkout.sessions.create(params);

      expect(session.id).toMatch(/^cs_test_\w+$/);
      expect(session.object).toBe("checkout.session");
      expect(session.url).toBe(`${simulator.url}/pay/${session.id}`);
      expect(session).toMatchObject({
        status: "open",
        payment_status: "unpaid",
        payment_intent: null,
        mode: "payment",
        currency: "mxn",
        amount_total: 123_450,
        customer_email: "cliente@example.mx",
        client_reference_id: "order_123",
        metadata: { orderId: "123", cartId: "abc" },
        expires_at: params.expires_at,
        success_url: params.success_url,
        cancel_url: params.cancel_url,
        livemode: false,
      });
    });

    it("retrieves a session, ignoring unknown expansions and expanding line items", async () => {
      const created = await stripe.checkout.sessions.create(sessionParams());
      const retrieved = await stripe.checkout.sessions.retrieve(created.id, {
        expand: ["payment_intent", "line_items"],
      });
      expect(retrieved).toMatchObject({ id: created.id, status: "open", amount_total: 123_450 });
      expect(retrieved.line_items?.data.map((item) => [item.description, item.quantity, item.amount_total])).toEqual([
        ["Anillo Corazón", 2, 100_000],
        ["Aretes <Luna> & Sol", 1, 23_450],
      ]);
      const listed = await stripe.checkout.sessions.listLineItems(created.id);
      expect(listed.data.map((item) => item.price?.unit_amount)).toEqual([50_000, 23_450]);
    });

    it("answers an unknown session id with 404 resource_missing", async () => {
      const error = await stripe.checkout.sessions.retrieve("cs_test_nope").catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(error).toMatchObject({ statusCode: 404, code: "resource_missing" });
    });

    it("rejects a wrong or missing API key with an authentication error", async () => {
      const error = await sdk(simulator, "sk_test_wrong")
        .checkout.sessions.create(sessionParams())
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
      expect(error).toMatchObject({ statusCode: 401 });

      const anonymous = await fetch(`${simulator.url}/v1/checkout/sessions/cs_test_x`);
      expect(anonymous.status).toBe(401);
      expect(await anonymous.json()).toMatchObject({ error: { type: "authentication_error" } });
    });

    it.each([
      ["no line items", { line_items: undefined }, "line_items"],
      ["a negative quantity", { line_items: [{ ...sessionParams().line_items[0], quantity: -1 }] }, "quantity"],
      [
        "another currency",
        {
          line_items: [
            { price_data: { currency: "usd", unit_amount: 5000, product_data: { name: "X" } }, quantity: 1 },
          ],
        },
        "currency",
      ],
      [
        "a total under 10 MXN",
        {
          line_items: [{ price_data: { currency: "mxn", unit_amount: 999, product_data: { name: "X" } }, quantity: 1 }],
        },
        "line_items",
      ],
      ["expiry under 30 minutes ahead", { expires_at: nowSeconds() + 29 * 60 }, "expires_at"],
      ["expiry over 24 hours ahead", { expires_at: nowSeconds() + 25 * 60 * 60 }, "expires_at"],
      ["a success URL that is not one", { success_url: "not a url" }, "success_url"],
      ["an invalid e-mail", { customer_email: "no-es-correo" }, "customer_email"],
      ["a mode other than payment", { mode: "subscription" as const }, "mode"],
    ])("rejects %s with 400 invalid_request_error", async (_case, overrides, param) => {
      const error = await stripe.checkout.sessions
        .create(sessionParams(overrides as Partial<Stripe.Checkout.SessionCreateParams>))
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(error).toMatchObject({ statusCode: 400, type: "StripeInvalidRequestError" });
      expect((error as Stripe.errors.StripeInvalidRequestError).param).toContain(param);
    });

    it("rejects unknown parameters by name, as Stripe does", async () => {
      const error = await stripe.checkout.sessions
        .create({ ...sessionParams(), sucess_url: `${SHOP}/x` } as Stripe.Checkout.SessionCreateParams)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(error).toMatchObject({ code: "parameter_unknown", param: "sucess_url" });
    });

    it("replays a request with the same idempotency key and refuses the key for other parameters", async () => {
      const idempotencyKey = `order-${Math.random()}`;
      const first = await stripe.checkout.sessions.create(sessionParams(), { idempotencyKey });
      const again = await stripe.checkout.sessions.create(sessionParams({ expires_at: first.expires_at }), {
        idempotencyKey,
      });
      expect(again.id).toBe(first.id);
      const error = await stripe.checkout.sessions
        .create(sessionParams({ client_reference_id: "other" }), { idempotencyKey })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    });

    it("expires a session on request and sends checkout.session.expired", async () => {
      const created = await stripe.checkout.sessions.create(sessionParams());
      const expired = await stripe.checkout.sessions.expire(created.id);
      expect(expired).toMatchObject({ id: created.id, status: "expired", payment_status: "unpaid", url: null });

      await waitFor(() => receiver.forSession(created.id, "checkout.session.expired").length === 1, "expired event");
      const error = await stripe.checkout.sessions.expire(created.id).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect((await stripe.checkout.sessions.retrieve(created.id)).status).toBe("expired");
    });
  });

  describe("hosted payment page", () => {
    it("shows the items and the total in MXN, a card form, Pagar and Cancelar, and says it is a simulator", async () => {
      const session = await stripe.checkout.sessions.create(sessionParams());
      const response = await fetch(session.url!);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toContain("text/html");
      const html = await response.text();
      expect(html).toContain('lang="es-MX"');
      expect(html).toContain("Simulador de pagos");
      expect(html).toContain("Anillo Corazón");
      expect(html).toContain("Aretes &#60;Luna&#62; &#38; Sol");
      expect(html).not.toContain("<Luna>");
      expect(html).toContain("$1,000.00");
      expect(html).toContain("$1,234.50");
      expect(html).toContain(`<form method="post" action="/pay/${session.id}"`);
      expect(html).toMatch(/<label for="card_number">Número de tarjeta<\/label>/);
      expect(html).toMatch(/<label for="expiry">Vencimiento/);
      expect(html).toMatch(/<label for="cvc">CVC<\/label>/);
      expect(html).toContain('<button type="submit">Pagar</button>');
      expect(html).toContain(`<a class="cancel" href="${SHOP}/cancel">Cancelar</a>`);
    });

    it("pays with 4242…: signed webhook first, then a 303 to the success URL with the session id", async () => {
      const session = await stripe.checkout.sessions.create(sessionParams());
      const response = await pay(session.url!, GOOD_CARD);

      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe(`${SHOP}/success?session_id=${session.id}`);
      // Delivered before the browser was sent back: the receiver already has it.
      expect(receiver.rejected).toEqual([]);
      const [delivery, ...others] = receiver.forSession(session.id);
      expect(others).toEqual([]);
      expect(delivery?.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      const event = delivery!.event;
      expect(event.id).toMatch(/^evt_\w+$/);
      expect(event).toMatchObject({ type: "checkout.session.completed", livemode: false, object: "event" });
      expect(typeof event.api_version).toBe("string");
      expect(typeof event.created).toBe("number");
      const paid = event.data.object as Stripe.Checkout.Session;
      expect(paid).toMatchObject({
        id: session.id,
        status: "complete",
        payment_status: "paid",
        amount_total: 123_450,
        client_reference_id: "order_123",
        metadata: { orderId: "123", cartId: "abc" },
      });
      expect(paid.payment_intent).toMatch(/^pi_\w+$/);

      const retrieved = await stripe.checkout.sessions.retrieve(session.id);
      expect(retrieved).toMatchObject({ status: "complete", payment_status: "paid", url: null });
      expect(retrieved.payment_intent).toBe(paid.payment_intent);
    });

    it("accepts the card number without spaces and does not charge a completed session twice", async () => {
      const session = await stripe.checkout.sessions.create(sessionParams());
      const first = await pay(session.url!, { ...GOOD_CARD, card_number: "4242424242424242" });
      expect(first.status).toBe(303);

      const second = await pay(session.url!, GOOD_CARD);
      expect(second.status).toBe(409);
      expect(await second.text()).toContain("Este pago ya se realizó");
      const page = await fetch(session.url!);
      expect(await page.text()).toContain("Este pago ya se realizó");
      await sleep(50);
      expect(receiver.forSession(session.id)).toHaveLength(1);
    });

    it("declines 4000 0000 0000 0002 in Spanish, keeps the session open and sends nothing", async () => {
      const session = await stripe.checkout.sessions.create(sessionParams());
      const response = await pay(session.url!, { ...GOOD_CARD, card_number: "4000 0000 0000 0002" });

      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain("Tu tarjeta fue rechazada.");
      expect(html).toContain('value="4000 0000 0000 0002"');
      expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe("open");
      await sleep(50);
      expect(receiver.forSession(session.id)).toEqual([]);
    });

    it.each([
      [{ card_number: "4242 4242 4242" }, "El número de tarjeta debe tener 16 dígitos."],
      [{ card_number: "abcd efgh ijkl mnop" }, "El número de tarjeta debe tener 16 dígitos."],
      [{ card_number: "" }, "Ingresa el número de tarjeta."],
      [{ expiry: "01/20" }, "La tarjeta está vencida."],
      [{ expiry: "13/40" }, "Usa el formato MM/AA."],
      [{ cvc: "1" }, "El CVC debe tener 3 o 4 dígitos."],
    ])("explains invalid card details in Spanish and keeps the values (%j)", async (change, message) => {
      const session = await stripe.checkout.sessions.create(sessionParams());
      const values = { ...GOOD_CARD, ...change };
      const response = await pay(session.url!, values);

      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain(message);
      expect(html).toContain('aria-invalid="true"');
      expect(html).toContain(`value="${values.expiry}"`);
      expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe("open");
    });

    it("answers an unknown session with a Spanish 404 page", async () => {
      const response = await fetch(`${simulator.url}/pay/cs_test_nope`);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain("No encontramos esta sesión de pago.");
    });
  });

  describe("meses sin intereses", () => {
    const MSI_CARD = { card_number: "4000 0048 4000 0008", expiry: "12/45", cvc: "123" };
    const withInstallments = () =>
      sessionParams({ payment_method_options: { card: { installments: { enabled: true } } } });
    const planOf = async (intentId: string) => {
      const intent = await stripe.paymentIntents.retrieve(intentId, { expand: ["latest_charge"] });
      const charge = intent.latest_charge as Stripe.Charge;
      return charge.payment_method_details?.card?.installments;
    };

    it("asks the MSI card for a plan, within Stripe's minimums, and reports the chosen plan on the charge", async () => {
      const session = await stripe.checkout.sessions.create(withInstallments());
      expect(session.payment_method_options?.card?.installments?.enabled).toBe(true);

      const asked = await pay(session.url!, MSI_CARD);
      expect(asked.status).toBe(200);
      const page = await asked.text();
      expect(page).toContain("Tu tarjeta permite pagar a meses sin intereses");
      expect(page).toContain("Un solo pago de $1,234.50");
      // $1,234.50 reaches the 12-month minimum ($1,200) but not the 18-month one ($1,800).
      expect(page).toContain("12 meses sin intereses de $102.88");
      expect(page).not.toContain('value="18"');
      expect(receiver.forSession(session.id)).toEqual([]);

      const refused = await pay(session.url!, { ...MSI_CARD, installment_plan: "18" });
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain("Elige una de las opciones de pago.");

      const paid = await pay(session.url!, { ...MSI_CARD, installment_plan: "6" });
      expect(paid.status).toBe(303);
      const retrieved = await stripe.checkout.sessions.retrieve(session.id);
      expect(await planOf(retrieved.payment_intent as string)).toEqual({
        plan: { count: 6, interval: "month", type: "fixed_count" },
      });
      const intent = await stripe.paymentIntents.retrieve(retrieved.payment_intent as string);
      expect(intent.latest_charge).toMatch(/^ch_\w+$/);
    });

    it("pays a card without MSI at once, and an MSI card in one charge when asked to, with no plan", async () => {
      const plain = await stripe.checkout.sessions.create(withInstallments());
      expect((await pay(plain.url!, GOOD_CARD)).status).toBe(303);
      const plainIntent = (await stripe.checkout.sessions.retrieve(plain.id)).payment_intent as string;
      expect(await planOf(plainIntent)).toEqual({ plan: null });

      const single = await stripe.checkout.sessions.create(withInstallments());
      expect((await pay(single.url!, { ...MSI_CARD, installment_plan: "1" })).status).toBe(303);
      const singleIntent = (await stripe.checkout.sessions.retrieve(single.id)).payment_intent as string;
      expect(await planOf(singleIntent)).toEqual({ plan: null });
    });

    it("offers no plan when the session did not enable them", async () => {
      const session = await stripe.checkout.sessions.create(sessionParams());
      expect(session.payment_method_options).toEqual({});
      expect((await pay(session.url!, MSI_CARD)).status).toBe(303);
      const intentId = (await stripe.checkout.sessions.retrieve(session.id)).payment_intent as string;
      expect(await planOf(intentId)).toBeNull();
    });

    it("rejects unknown card options and a payment intent it never made", async () => {
      // A variable, not a literal: the SDK's types would refuse the unknown key before the simulator.
      const options = { card: { installments: { enabled: true, plan: "x" } } };
      await expect(
        stripe.checkout.sessions.create(sessionParams({ payment_method_options: options })),
      ).rejects.toMatchObject({ code: "parameter_unknown" });
      await expect(stripe.paymentIntents.retrieve("pi_missing")).rejects.toMatchObject({
        statusCode: 404,
        code: "resource_missing",
      });
    });
  });

  describe("webhook delivery", () => {
    it("redirects even when the shop is down, and retries the event until it is delivered", async () => {
      const session = await stripe.checkout.sessions.create(sessionParams());
      receiver.failNext(2);
      const response = await pay(session.url!, GOOD_CARD);
      expect(response.status).toBe(303);
      expect(receiver.forSession(session.id)).toEqual([]);

      await waitFor(() => receiver.forSession(session.id).length === 1, "the retried delivery");
      const list = await adminEvents();
      const record = list.find((entry) => entry.event.data.object.id === session.id);
      expect(record?.delivery.status).toBe("delivered");
      expect(record?.delivery.attempts.map((attempt) => attempt.statusCode)).toEqual([503, 503, 200]);
    });

    it("replays an event with the same id and a valid fresh signature", async () => {
      const session = await stripe.checkout.sessions.create(sessionParams());
      await pay(session.url!, GOOD_CARD);
      const [original] = receiver.forSession(session.id);

      const replay = await fetch(`${simulator.url}/__simulator/events/${original!.event.id}/resend`, {
        method: "POST",
        headers: { authorization: `Bearer ${API_KEY}` },
      });
      expect(replay.status).toBe(200);
      expect(await replay.json()).toMatchObject({ id: original!.event.id, delivered: true });
      const deliveries = receiver.forSession(session.id);
      expect(deliveries).toHaveLength(2);
      expect(deliveries[1]!.event.id).toBe(original!.event.id);
      expect(deliveries[1]!.raw).toBe(original!.raw);
    });

    it("guards the admin hook with the API key and 404s an unknown event", async () => {
      const anonymous = await fetch(`${simulator.url}/__simulator/events`);
      expect(anonymous.status).toBe(401);
      const unknown = await fetch(`${simulator.url}/__simulator/events/evt_nope/resend`, {
        method: "POST",
        headers: { authorization: `Bearer ${API_KEY}` },
      });
      expect(unknown.status).toBe(404);
    });
  });

  describe("expiry", () => {
    it("expires an open session past expires_at by the timer, once, and refuses to take payment", async () => {
      const session = await stripe.checkout.sessions.create(sessionParams({ expires_at: nowSeconds() + 31 * 60 }));
      clockMs += 32 * 60 * 1000;

      await waitFor(() => receiver.forSession(session.id, "checkout.session.expired").length === 1, "expiry");
      await sleep(100); // several more sweeps
      expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe("expired");
      const page = await fetch(session.url!);
      expect(page.status).toBe(410);
      expect(await page.text()).toContain("Esta sesión de pago expiró");
      const late = await pay(session.url!, GOOD_CARD);
      expect(late.status).toBe(410);
      await sleep(50);
      expect(receiver.forSession(session.id).map((d) => d.event.type)).toEqual(["checkout.session.expired"]);
    });

    it("expires a session when it is read after expires_at, before any timer runs", async () => {
      const lazy = await startPaymentSimulator({
        apiKey: API_KEY,
        webhookUrl: receiver.url,
        webhookSecret: WEBHOOK_SECRET,
        now: () => clockMs,
        expiryCheckIntervalMs: 60 * 60 * 1000,
      });
      try {
        const client = sdk(lazy);
        const session = await client.checkout.sessions.create(sessionParams({ expires_at: nowSeconds() + 40 * 60 }));
        clockMs += 41 * 60 * 1000;
        const read = await client.checkout.sessions.retrieve(session.id);
        expect(read).toMatchObject({ status: "expired", url: null });
        await client.checkout.sessions.retrieve(session.id);
        await waitFor(() => receiver.forSession(session.id).length === 1, "expiry on read");
        await sleep(50);
        expect(receiver.forSession(session.id).map((d) => d.event.type)).toEqual(["checkout.session.expired"]);
      } finally {
        await lazy.stop();
      }
    });
  });

  describe("OXXO vouchers and SPEI transfers", () => {
    const asyncParams = (overrides: Partial<Stripe.Checkout.SessionCreateParams> = {}) =>
      sessionParams({
        allowed_payment_method_types: ["card", "oxxo"],
        payment_method_options: { oxxo: { expires_after_days: 2 } },
        ...overrides,
      });

    it("refuses what Stripe refuses: unknown methods and options, SPEI without a Customer, OXXO over $10,000", async () => {
      const refusal = (params: Stripe.Checkout.SessionCreateParams) =>
        stripe.checkout.sessions.create(params).catch((e: unknown) => e);
      expect(await refusal(asyncParams({ allowed_payment_method_types: ["card", "paypal"] }))).toMatchObject({
        param: "allowed_payment_method_types[1]",
      });
      expect(await refusal(asyncParams({ payment_method_options: { oxxo: { expires_after_days: 8 } } }))).toMatchObject(
        { param: "payment_method_options[oxxo][expires_after_days]" },
      );
      expect(await refusal(asyncParams({ allowed_payment_method_types: ["customer_balance"] }))).toMatchObject({
        param: "customer",
        code: "parameter_missing",
      });
      const customer = await stripe.customers.create({ email: "spei@example.mx" });
      expect(
        await refusal(asyncParams({ allowed_payment_method_types: ["customer_balance"], customer: customer.id })),
      ).toMatchObject({ param: "customer_email" });
      expect(
        await refusal(
          asyncParams({
            line_items: [
              {
                price_data: { currency: "mxn", unit_amount: 1_000_001, product_data: { name: "Collar" } },
                quantity: 1,
              },
            ],
          }),
        ),
      ).toMatchObject({ code: "amount_too_large" });
      expect(
        await refusal(
          asyncParams({
            allowed_payment_method_types: ["customer_balance"],
            customer_email: undefined,
            customer: "cus_nope",
            payment_method_options: {
              customer_balance: { funding_type: "bank_transfer", bank_transfer: { type: "mx_bank_transfer" } },
            },
          }),
        ),
      ).toMatchObject({ code: "resource_missing" });
    });

    it("an OXXO voucher: completed unpaid, next_action with an 18-digit number until 23:59 Mexico City, paid once", async () => {
      const session = await stripe.checkout.sessions.create(asyncParams());
      expect(session.payment_method_types).toEqual(["card", "oxxo"]);
      const page = await (await fetch(session.url!)).text();
      expect(page).toContain("Generar ficha OXXO (efectivo)");

      const chosen = await fetch(`${session.url}/oxxo`, { method: "POST", redirect: "manual" });
      expect(chosen.status).toBe(303);
      expect(chosen.headers.get("location")).toBe(`${SHOP}/success?session_id=${session.id}`);
      const read = await stripe.checkout.sessions.retrieve(session.id);
      expect(read).toMatchObject({ status: "complete", payment_status: "unpaid" });
      const intent = await stripe.paymentIntents.retrieve(read.payment_intent as string);
      const details = intent.next_action!.oxxo_display_details!;
      expect(details.number).toMatch(/^\d{18}$/);
      expect(new Date(details.expires_after! * 1000).toISOString()).toMatch(/T05:59:59\.000Z$/);
      expect(details.hosted_voucher_url).toBe(`${simulator.url}/voucher/${intent.id}`);

      const voucher = await (await fetch(details.hosted_voucher_url!)).text();
      expect(voucher).toContain("Ficha de pago OXXO");
      expect(voucher).toContain("Marcar como pagado");
      for (let i = 0; i < 2; i++) {
        const paid = await fetch(`${details.hosted_voucher_url}/paid`, { method: "POST", redirect: "manual" });
        expect(paid.status).toBe(303);
      }
      await waitFor(() => receiver.forSession(session.id).length === 2, "the voucher's events");
      await sleep(50);
      expect(receiver.forSession(session.id).map((d) => d.event.type)).toEqual([
        "checkout.session.completed",
        "checkout.session.async_payment_succeeded",
      ]);
      expect((await stripe.checkout.sessions.retrieve(session.id)).payment_status).toBe("paid");
      expect((await stripe.paymentIntents.retrieve(intent.id)).next_action).toBeNull();
    });

    it("SPEI: a CLABE and a reference through customer_balance, and 'Llegó la transferencia'", async () => {
      const customer = await stripe.customers.create({ email: "spei@example.mx" });
      const session = await stripe.checkout.sessions.create(
        sessionParams({
          customer_email: undefined,
          customer: customer.id,
          allowed_payment_method_types: ["customer_balance"],
          payment_method_options: {
            customer_balance: { funding_type: "bank_transfer", bank_transfer: { type: "mx_bank_transfer" } },
          },
        }),
      );
      expect(session.customer).toBe(customer.id);
      const page = await (await fetch(session.url!)).text();
      expect(page).not.toContain("Número de tarjeta");
      await fetch(`${session.url}/spei`, { method: "POST", redirect: "manual" });
      const intent = await stripe.paymentIntents.retrieve(
        (await stripe.checkout.sessions.retrieve(session.id)).payment_intent as string,
      );
      const transfer = intent.next_action!.display_bank_transfer_instructions!;
      expect(transfer).toMatchObject({ type: "mx_bank_transfer", amount_remaining: 123_450 });
      expect(transfer.financial_addresses![0]!.spei!.clabe).toMatch(/^646\d{15}$/);
      const instructions = await (await fetch(transfer.hosted_instructions_url!)).text();
      expect(instructions).toContain("Llegó la transferencia");
      await fetch(`${transfer.hosted_instructions_url}/paid`, { method: "POST", redirect: "manual" });
      await waitFor(() => receiver.forSession(session.id).length === 2, "the transfer's events");
      expect(receiver.forSession(session.id)[1]!.event.type).toBe("checkout.session.async_payment_succeeded");
    });

    it("hostile or wrong requests: 404 for an unknown voucher, 405 for GET of a choice, 400 for a method not offered", async () => {
      expect((await fetch(`${simulator.url}/voucher/pi_nope`)).status).toBe(404);
      expect((await fetch(`${simulator.url}/voucher/pi_nope/paid`, { method: "POST" })).status).toBe(404);
      const session = await stripe.checkout.sessions.create(sessionParams());
      expect((await fetch(`${session.url}/oxxo`)).status).toBe(405);
      const refused = await fetch(`${session.url}/spei`, { method: "POST", redirect: "manual" });
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain("Esta forma de pago no está disponible");
      expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe("open");
    });

    it("an unpaid voucher expires by the clock after its deadline (async_payment_failed), once", async () => {
      const session = await stripe.checkout.sessions.create(asyncParams());
      await fetch(`${session.url}/oxxo`, { method: "POST", redirect: "manual" });
      clockMs += 4 * 24 * 3600 * 1000;
      await waitFor(() => receiver.forSession(session.id).length === 2, "the voucher's expiry");
      await sleep(60);
      expect(receiver.forSession(session.id).map((d) => d.event.type)).toEqual([
        "checkout.session.completed",
        "checkout.session.async_payment_failed",
      ]);
    });
  });

  describe("refunds", () => {
    /** A paid session of 1,234.50 MXN; its payment intent. */
    async function paidIntent(card = GOOD_CARD) {
      const session = await stripe.checkout.sessions.create(sessionParams());
      expect((await pay(session.url!, card)).status).toBe(303);
      const paid = await stripe.checkout.sessions.retrieve(session.id);
      return paid.payment_intent as string;
    }
    const refundEvents = (id: string) =>
      receiver.deliveries.filter((d) => (d.event.data.object as { id: string }).id === id).map((d) => d.event.type);

    it("refunds part, then the rest, each pending until refund.updated and charge.refunded say succeeded", async () => {
      const intent = await paidIntent();
      const part = await stripe.refunds.create({ payment_intent: intent, amount: 50_000, metadata: { refund: "7" } });
      expect(part).toMatchObject({ object: "refund", amount: 50_000, status: "pending", payment_intent: intent });
      expect(part.metadata).toEqual({ refund: "7" });
      await waitFor(() => refundEvents(part.id).includes("refund.updated"), "refund.updated");
      expect((await stripe.refunds.retrieve(part.id)).status).toBe("succeeded");
      const charged = receiver.deliveries.find(
        (d) => d.event.type === "charge.refunded" && (d.event.data.object as Stripe.Charge).payment_intent === intent,
      );
      expect(charged?.event.data.object).toMatchObject({ amount: 123_450, amount_refunded: 50_000, refunded: false });

      const rest = await stripe.refunds.create({ payment_intent: intent });
      expect(rest.amount).toBe(73_450);
      const listed = await stripe.refunds.list({ payment_intent: intent });
      expect(listed.data.map((r) => r.amount).sort()).toEqual([50_000, 73_450]);
      expect((await stripe.refunds.retrieve(rest.id)).amount).toBe(73_450);
    });

    it("refuses more than what is left, and a payment already refunded in full", async () => {
      const intent = await paidIntent();
      await stripe.refunds.create({ payment_intent: intent, amount: 100_000 });
      const tooMuch = await stripe.refunds.create({ payment_intent: intent, amount: 23_451 }).catch((e: unknown) => e);
      expect(tooMuch).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(tooMuch).toMatchObject({ statusCode: 400, code: "amount_too_large", param: "amount" });
      await stripe.refunds.create({ payment_intent: intent, amount: 23_450 });
      const again = await stripe.refunds.create({ payment_intent: intent, amount: 1 }).catch((e: unknown) => e);
      expect(again).toMatchObject({ statusCode: 400, code: "charge_already_refunded" });
      const unknown = await stripe.refunds.create({ payment_intent: "pi_nope" }).catch((e: unknown) => e);
      expect(unknown).toMatchObject({ statusCode: 404, code: "resource_missing" });
      const missing = await stripe.refunds.retrieve("re_nope").catch((e: unknown) => e);
      expect(missing).toMatchObject({ statusCode: 404 });
    });

    it("fails the refunds of a payment made with 4000 0000 0000 5126: refund.updated and refund.failed", async () => {
      const intent = await paidIntent({ ...GOOD_CARD, card_number: "4000 0000 0000 5126" });
      const refund = await stripe.refunds.create({ payment_intent: intent, amount: 10_000 });
      expect(refund.status).toBe("pending");
      await waitFor(() => refundEvents(refund.id).includes("refund.failed"), "refund.failed");
      expect(refundEvents(refund.id)).toEqual(["refund.updated", "refund.failed"]);
      const failed = await stripe.refunds.retrieve(refund.id);
      expect(failed).toMatchObject({ status: "failed", failure_reason: "expired_or_canceled_card" });
      // A failed refund gives its amount back: the whole payment can still be refunded.
      expect((await stripe.refunds.create({ payment_intent: intent })).amount).toBe(123_450);
    });
  });

  type AdminEvent = {
    id: string;
    type: string;
    delivery: { status: string; attempts: { statusCode: number | null; ok: boolean }[] };
    event: { data: { object: { id: string } } };
  };

  async function adminEvents() {
    const response = await fetch(`${simulator.url}/__simulator/events`, {
      headers: { authorization: `Bearer ${API_KEY}` },
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: AdminEvent[] }).data;
  }
});

describe("form parameters in bracket notation", () => {
  it("builds nested objects and lists the way Stripe reads them", () => {
    const query = new URLSearchParams({
      "line_items[0][price_data][unit_amount]": "1000",
      "line_items[0][price_data][product_data][images][0]": "a.png",
      "line_items[1][quantity]": "2",
      "metadata[order]": "7",
      "expand[]": "line_items",
    }).toString();
    expect(parseParams(`${query}&expand[]=payment_intent`)).toEqual({
      line_items: [{ price_data: { unit_amount: "1000", product_data: { images: ["a.png"] } } }, { quantity: "2" }],
      metadata: { order: "7" },
      expand: ["line_items", "payment_intent"],
    });
  });

  it("keeps hostile names as plain keys and rejects a name used as both value and object", () => {
    const parsed = parseParams("metadata[__proto__][polluted]=yes");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(parsed.metadata as object)).toEqual(["__proto__"]);
    expect(() => parseParams("metadata=x&metadata[a]=b")).toThrow(/not an object/);
    expect(() => parseParams("a]b=1")).toThrow(/Invalid parameter name/);
  });
});
