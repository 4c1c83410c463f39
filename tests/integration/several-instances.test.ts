import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NGINX, startInstances } from "../../scripts/lib/instances.mjs";
import { prisma } from "~/utils/db.server";
import { createCategories, createProduct, resetDatabase } from "../db-utils";
import { FORM, formBody, send } from "./http-client";
import { eventually, SHIPPING_FORM } from "./payment-helpers";

/**
 * The local multi-instance run of docs/decisions/022 (`npm run instances`), started by the code that
 * command uses: two shop processes behind Debian's nginx, one payment simulator whose webhooks go to the
 * proxy. A session opened on one instance is honoured by the other, a payment settles through the proxy
 * with one confirmation e-mail, and after a kill -9 of one instance the other answers every request.
 * Runs once: on the PostgreSQL server when there is one, else on PGlite (two instances and the test
 * hold three of its four connections).
 */
const serverRun = process.env.DATABASE_EMBEDDED === "0";
const runHere = NGINX !== undefined && (serverRun || !process.env.TEST_POSTGRES_URL);

describe.runIf(runHere)("several instances behind nginx", () => {
  let run: Awaited<ReturnType<typeof startInstances>> | undefined;
  let productId: number;

  beforeAll(async () => {
    await resetDatabase();
    await createCategories();
    productId = (await createProduct({ name: "Collar Compartido", stock: 50 })).id;
    run = await startInstances({
      databaseUrl: process.env.DATABASE_URL!,
      instances: 2,
      apiKey: "sk_test_instances",
      webhookSecret: "whsec_instances",
      sessionSecret: process.env.SESSION_SECRET ?? "integration-tests-secret-0123456789",
      poolMax: 4,
      env: { DATABASE_EMBEDDED: serverRun ? "0" : "1", RATE_LIMIT_MULTIPLIER: "1000", LOG_FORMAT: "json" },
    });
  }, 180_000);

  afterAll(async () => {
    await run?.stop();
  });

  it("shares sessions and payments, and keeps serving when one instance dies", { timeout: 180_000 }, async () => {
    const { url: base, shops, simulator } = run!;
    const headers = { ...FORM, Origin: base };
    const registered = await send(base, {
      method: "POST",
      path: "/register",
      body: formBody({
        name: "Cliente",
        email: `varias-${Date.now()}@example.test`,
        password: "bruma-de-plata",
        confirmPassword: "bruma-de-plata",
      }),
      headers,
    });
    expect(registered.status).toBe(302);
    const cookie = (registered.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");

    // Idle instances take turns: each gets some of these, and each knows the session (no login page).
    for (let i = 0; i < 6; i++) {
      expect((await send(base, { path: "/orders", headers: { Cookie: cookie } })).status).toBe(200);
    }
    for (const shop of shops) expect(shop.output()).toContain('"path":"/orders","status":200');

    const added = await send(base, {
      method: "POST",
      path: "/cart",
      body: formBody({ intent: "add", productId: String(productId), quantity: "1" }),
      headers: { ...headers, Cookie: cookie },
    });
    expect(added.status).toBe(302);
    const pagar = await send(base, {
      method: "POST",
      path: "/checkout",
      body: formBody({ intent: "pay", ...SHIPPING_FORM }),
      headers: { ...headers, Cookie: cookie },
    });
    expect(pagar.status).toBe(303);
    const sessionUrl = pagar.headers.location!;
    expect(sessionUrl.startsWith(simulator.url)).toBe(true);
    const paid = await send(sessionUrl, {
      method: "POST",
      path: new URL(sessionUrl).pathname,
      body: formBody({ card_number: "4242 4242 4242 4242", expiry: "12/39", cvc: "123" }),
      headers: FORM,
    });
    expect(paid.status).toBe(303);
    // The simulator's webhook went to the proxy; whichever instance took it settled the order.
    await eventually(
      async () => (await prisma.order.findFirst({ select: { status: true } }))?.status === "procesando",
      "the order paid through the proxy",
      60_000,
    );
    expect(await prisma.outboxEmail.count({ where: { kind: "order-confirmation" } })).toBe(1);

    const [survivor, victim] = shops as [(typeof shops)[0], (typeof shops)[0]];
    victim.crash();
    expect(await victim.exited).toBe("SIGKILL");
    for (let i = 0; i < 8; i++) {
      expect((await send(base, { path: "/", headers: { Cookie: cookie } })).status).toBe(200);
      expect((await send(base, { path: "/orders", headers: { Cookie: cookie } })).status).toBe(200);
    }
    expect(survivor.running()).toBe(true);
  });
});
