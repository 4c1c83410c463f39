import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetDatabase } from "../db-utils";
import { send } from "./http-client";
import { type ShopServer, startShopServer } from "./http-server";
import { until as waitUntil } from "../support/wait";

/**
 * Issue 32, item 4: a refused payment webhook is never silent. The real server, with Stripe configured:
 * each refusal answers 400 and writes one warn line with its reason and the request id (never the
 * payload, the signature or the secret), and counts in joyeria_webhooks_refused_total{reason}.
 */

const WEBHOOK_SECRET = "whsec_refusals_correct_0123456789";
const PAYLOAD_SECRET = "cus_privado_4242";

type LogLine = Record<string, unknown> & { msg: string; level: string; reqId?: string };

let shop: ShopServer;
let metricsUrl: string;

function logLines(): LogLine[] {
  return shop
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as LogLine);
}

beforeAll(async () => {
  await resetDatabase();
  shop = await startShopServer({
    STRIPE_SECRET_KEY: "sk_test_refusals",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    // Never reached: a webhook's signature is checked without asking the provider.
    STRIPE_API_BASE: "http://127.0.0.1:9",
    METRICS_PORT: "0",
    LOG_FORMAT: "json",
  });
  metricsUrl = await until(() => /metrics on (http:\/\/[\d.]+:\d+)\/metrics/.exec(shop.output())?.[1], "metrics");
}, 120_000);

afterAll(async () => {
  await shop?.stop();
});

const payload = JSON.stringify({
  id: "evt_refused",
  object: "event",
  type: "checkout.session.completed",
  data: { object: { id: "cs_test_x", customer: PAYLOAD_SECRET, metadata: { orderId: "1" } } },
});

/** Posts a webhook; returns its answer and the warn line its request wrote. */
async function postWebhook(signature?: string) {
  const response = await send(shop.url, {
    method: "POST",
    path: "/webhooks/stripe",
    body: payload,
    headers: { "Content-Type": "application/json", ...(signature ? { "Stripe-Signature": signature } : {}) },
  });
  const reqId = String(response.headers["x-request-id"]);
  const line = await until(
    () => logLines().find((l) => l.reqId === reqId && l.msg === "payments: webhook refused"),
    `the refusal's log line (${reqId})`,
  );
  return { response, line };
}

async function refusedCount(reason: string): Promise<number> {
  const text = await (await fetch(`${metricsUrl}/metrics`)).text();
  const match = new RegExp(`^joyeria_webhooks_refused_total\\{reason="${reason}"\\} (\\d+)$`, "m").exec(text);
  if (!match) throw new Error(`no joyeria_webhooks_refused_total{reason="${reason}"} in:\n${text}`);
  return Number(match[1]);
}

describe("refused payment webhooks", () => {
  it("are counted from zero for every reason", async () => {
    for (const reason of ["missing_signature", "signature_mismatch", "timestamp_outside_tolerance", "not_configured"]) {
      expect(await refusedCount(reason)).toBe(0);
    }
  });

  it("a wrong secret: 400, a warn line with the reason and request id, and the count", async () => {
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_someone_else" });
    const { response, line } = await postWebhook(signature);
    expect(response.status).toBe(400);
    expect(response.body).toBe("Firma no válida");
    expect(line).toMatchObject({
      level: "warn",
      reason: "signature_mismatch",
      hint: expect.stringContaining("STRIPE_WEBHOOK_SECRET"),
      bodyBytes: Buffer.byteLength(payload),
    });
    const text = JSON.stringify(line);
    for (const secret of [PAYLOAD_SECRET, WEBHOOK_SECRET, "whsec_someone_else", signature.split(",v1=")[1]!]) {
      expect(text).not.toContain(secret);
    }
    expect(await refusedCount("signature_mismatch")).toBe(1);
  });

  it("no signature, and a stale one signed with the right secret", async () => {
    const missing = await postWebhook();
    expect(missing.response.status).toBe(400);
    expect(missing.line).toMatchObject({ level: "warn", reason: "missing_signature" });

    const stale = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    const old = await postWebhook(stale);
    expect(old.response.status).toBe(400);
    expect(old.line).toMatchObject({ reason: "timestamp_outside_tolerance", signedSecondsAgo: expect.any(Number) });
    expect(old.line.signedSecondsAgo as number).toBeGreaterThanOrEqual(3600);

    expect(await refusedCount("missing_signature")).toBe(1);
    expect(await refusedCount("timestamp_outside_tolerance")).toBe(1);
  });
});

const until = <T>(read: () => T | undefined | Promise<T | undefined>, what: string) =>
  waitUntil(read, what, { context: () => shop.output() });
