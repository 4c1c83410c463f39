import pg from "pg";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateDeploy } from "../../scripts/lib/database.mjs";
import { startPaymentSimulator } from "@joyeria/payment-simulator";
import { FORM, formBody, send } from "./http-client";
import { SHIPPING_FORM, sessionEvent } from "./payment-helpers";
import { type ShopServer, startShopServer } from "./http-server";
import { postgresBinaries, startPostgresCluster } from "./postgres-cluster";
import { until } from "../support/wait";

/**
 * The database server goes away under a running shop and comes back: visitors get the Spanish error
 * pages (503; to a POST 500, since a 503 to a POST means "refused unread" to the proxy, decision 029),
 * /readyz says the database is down, and the shop recovers without a restart.
 * Runs once, in the PGlite pass (it brings its own PostgreSQL server).
 */
const bin = postgresBinaries();
const runHere = process.env.DATABASE_EMBEDDED === "1" && bin !== null;
const BURST_STOCK = 8;

describe.runIf(runHere)("the database stops and starts again under a running shop", () => {
  let cluster: Awaited<ReturnType<typeof startPostgresCluster>>;
  let shop: ShopServer;
  /** The same shop with its page cache: a signed-in page is assembled from the stored anonymous one. */
  let cached: ShopServer;
  let simulator: Awaited<ReturnType<typeof startPaymentSimulator>>;

  beforeAll(async () => {
    cluster = await startPostgresCluster(bin!);
    await migrateDeploy(cluster.url, { quiet: true });
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    await client.query(
      `INSERT INTO categories (id, slug, name, sort_order) VALUES (1, 'rings', 'Anillos', 1) ON CONFLICT DO NOTHING`,
    );
    await client.query(
      `INSERT INTO products (name, price, image, category_id, stock, updated_at)
       VALUES ('Anillo Resiliente', 100000, '/favicon.svg', 1, 5, now()), ('Collar Constante', 120000, '/favicon.svg', 1, ${BURST_STOCK}, now())`,
    );
    await client.end();
    // Payments go to the simulator; its webhooks are only recorded (the burst test settles sessions itself).
    simulator = await startPaymentSimulator({ apiKey: "sk_test_faults", webhookSecret: "whsec_faults" });
    // No catalogue cache: every page must really ask the database, which is the point here.
    shop = await startShopServer({
      DATABASE_URL: cluster.url,
      DATABASE_EMBEDDED: "0",
      DATABASE_POOL_MAX: "3",
      CATALOG_CACHE_TTL_MS: "0",
      STRIPE_SECRET_KEY: "sk_test_faults",
      STRIPE_WEBHOOK_SECRET: "whsec_faults",
      STRIPE_API_BASE: simulator.url,
      // Every visitor of the test comes from one address: the per-address abuse limits would refuse them.
      RATE_LIMIT_MULTIPLIER: "1000",
    });
    cached = await startShopServer({
      DATABASE_URL: cluster.url,
      DATABASE_EMBEDDED: "0",
      DATABASE_POOL_MAX: "2",
      CATALOG_CACHE_TTL_MS: "300000",
    });
  }, 120_000);

  afterAll(async () => {
    await shop?.stop();
    await cached?.stop();
    await simulator?.stop();
    cluster?.destroy();
  });

  it("answers 503 in Spanish while it is down, and recovers by itself", { timeout: 120_000 }, async () => {
    const home = await send(shop.url, { path: "/" });
    expect(home.status).toBe(200);
    expect(home.body).toContain("Anillo Resiliente");
    const registered = await send(shop.url, {
      method: "POST",
      path: "/register",
      body: formBody({
        name: "Ana",
        email: "ana@example.test",
        password: "bruma-de-plata",
        confirmPassword: "bruma-de-plata",
      }),
      headers: { ...FORM, Origin: shop.url },
    });
    expect(registered.status).toBe(302);
    const cookie = (registered.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
    // The anonymous pages the cached shop assembles signed-in pages from, stored before the outage.
    for (const path of ["/", "/cart"]) expect((await send(cached.url, { path })).status).toBe(200);

    cluster.stop();
    const down = await send(shop.url, { path: "/" });
    expect(down.status).toBe(503);
    expect(down.body).toContain("Error de Conexión");
    const health = await send(shop.url, { path: "/readyz" });
    expect(health.status).toBe(503);
    expect(health.body).toBe("not ready: database unreachable");
    // Alive all the same: a database outage must not get the instance restarted.
    expect((await send(shop.url, { path: "/healthz" })).status).toBe(200);
    const product = await send(shop.url, { path: "/producto/1" });
    expect(product.status).toBe(503);
    expect(product.body).toContain("Error de Conexión");
    const search = await send(shop.url, { path: "/search?q=anillo" });
    expect(search.status).toBe(503);
    // A logged-in visitor's every page reads the session: the same Spanish page, not a 500.
    const personal = await send(shop.url, { path: "/aviso-de-privacidad", headers: { Cookie: cookie } });
    expect(personal.status).toBe(503);
    expect(personal.body).toContain("Error de Conexión");
    // …and so do the pages assembled from the shared one (decisions 046 and 069), the cart's among them.
    for (const path of ["/", "/cart"]) {
      expect((await send(cached.url, { path })).headers["x-cache"], path).toBe("hit");
      const assembled = await send(cached.url, { path, headers: { Cookie: cookie } });
      expect(assembled.status, path).toBe(503);
      expect(assembled.body, path).toContain("Error de Conexión");
    }
    // Every form's action too (none of them has to handle it itself): adding to the cart, emptying it;
    // the same page, as a 500 (a POST's 503 would tell nginx to send it to another instance).
    for (const intent of ["add", "clear"]) {
      const posted = await send(shop.url, {
        method: "POST",
        path: "/cart",
        body: formBody({ intent, productId: "1", quantity: "1" }),
        headers: { ...FORM, Origin: shop.url, Cookie: cookie },
      });
      expect(posted.status).toBe(500);
      expect(posted.body).toContain("Error de Conexión");
    }

    cluster.start();
    await until(async () => (await send(shop.url, { path: "/readyz" })).status === 200, "ready again", LONG);
    const again = await send(shop.url, { path: "/", headers: { Cookie: cookie } });
    expect(again.status).toBe(200);
    expect(again.body).toContain("Anillo Resiliente");
    expect(again.body).toContain("Ana"); // still logged in: the session survived the outage
    expect(shop.output()).not.toMatch(/Unhandled|uncaughtException/);
  });

  it(
    "stopped in the middle of a checkout burst: no order half-written, the Spanish error page, then recovery",
    { timeout: 120_000 },
    async () => {
      const sql = new pg.Client({ connectionString: cluster.url });
      await sql.connect();
      const {
        rows: [collar],
      } = await sql.query<{ id: number }>(`SELECT id FROM products WHERE name = 'Collar Constante'`);
      await sql.end();
      const productId = String(collar!.id);

      const cookies = await Promise.all(
        Array.from({ length: 12 }, async (_, i) => {
          const registered = await send(shop.url, {
            method: "POST",
            path: "/register",
            body: formBody({
              name: `Cliente ${i}`,
              email: `rafaga${i}@example.test`,
              password: "bruma-de-plata",
              confirmPassword: "bruma-de-plata",
            }),
            headers: { ...FORM, Origin: shop.url },
          });
          expect(registered.status).toBe(302);
          const cookie = (registered.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
          const added = await send(shop.url, {
            method: "POST",
            path: "/cart",
            body: formBody({ intent: "add", productId, quantity: "1" }),
            headers: { ...FORM, Origin: shop.url, Cookie: cookie },
          });
          expect(added.status).toBe(302);
          return cookie;
        }),
      );
      const pagar = (cookie: string) =>
        send(shop.url, {
          method: "POST",
          path: "/checkout",
          body: formBody({ intent: "pay", ...SHIPPING_FORM }),
          headers: { ...FORM, Origin: shop.url, Cookie: cookie },
        });

      // Twelve shoppers press PAGAR for eight pieces, and the database goes away while they are served.
      const burst = Promise.all(cookies.map(pagar));
      await new Promise((r) => setTimeout(r, 60));
      cluster.stop();
      const answers = await burst;
      for (const answer of answers) {
        expect([303, 409, 500]).toContain(answer.status);
        if (answer.status === 500) expect(answer.body).toContain("Error de Conexión");
      }
      const during = await pagar(cookies[0]!);
      expect(during.status).toBe(500);
      expect(during.body).toContain("Error de Conexión");

      cluster.start();
      // Connections that died inside PAGAR's transactions must not stay counted as busy in the pool,
      // or the shop never recovers: /readyz comes back without a restart.
      await until(async () => (await send(shop.url, { path: "/readyz" })).status === 200, "ready again", LONG);
      // Recovered: PAGAR works again (a payment page, or a stock refusal in Spanish), never a 5xx.
      const after = await pagar(cookies[11]!);
      expect([303, 409]).toContain(after.status);

      const check = new pg.Client({ connectionString: cluster.url });
      await check.connect();
      try {
        const { rows: orders } = await check.query<{
          id: number;
          status: string;
          released: boolean;
          items: number;
          units: number;
          address: number;
        }>(
          `SELECT o.id, o.status::text, o.stock_released_at IS NOT NULL AS released,
           (SELECT count(*)::int FROM order_items i WHERE i.order_id = o.id) AS items,
           (SELECT coalesce(sum(i.quantity), 0)::int FROM order_items i WHERE i.order_id = o.id) AS units,
           (SELECT count(*)::int FROM addresses a WHERE a.order_id = o.id) AS address
         FROM orders o`,
        );
        expect(orders.length).toBeGreaterThan(0);
        for (const order of orders) expect(order).toMatchObject({ items: 1, units: 1, address: 1 });
        for (const order of orders.filter((o) => o.status === "cancelado")) expect(order.released).toBe(true);
        const held = orders.filter((o) => !o.released).reduce((sum, o) => sum + o.units, 0);
        const { rows } = await check.query<{ stock: number }>(`SELECT stock FROM products WHERE id = $1`, [collar!.id]);
        const stock = rows[0]!.stock;
        // Every piece is on the shelf or held by exactly one order: none lost, none sold twice.
        expect(stock).toBeGreaterThanOrEqual(0);
        expect(stock + held).toBe(BURST_STOCK);
      } finally {
        await check.end();
      }
      expect(shop.output()).not.toMatch(/Unhandled|uncaughtException/);
    },
  );

  it(
    "a payment's webhook during the outage gets a 5xx, and its retry afterwards fulfils the order once",
    { timeout: 120_000 },
    async () => {
      const registered = await send(shop.url, {
        method: "POST",
        path: "/register",
        body: formBody({
          name: "Paula",
          email: "webhook@example.test",
          password: "bruma-de-plata",
          confirmPassword: "bruma-de-plata",
        }),
        headers: { ...FORM, Origin: shop.url },
      });
      const cookie = (registered.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
      const sql = new pg.Client({ connectionString: cluster.url });
      await sql.connect();
      const { rows } = await sql.query<{ id: number }>(`SELECT id FROM products WHERE name = 'Anillo Resiliente'`);
      await sql.end();
      await send(shop.url, {
        method: "POST",
        path: "/cart",
        body: formBody({ intent: "add", productId: String(rows[0]!.id), quantity: "1" }),
        headers: { ...FORM, Origin: shop.url, Cookie: cookie },
      });
      const pagar = await send(shop.url, {
        method: "POST",
        path: "/checkout",
        body: formBody({ intent: "pay", ...SHIPPING_FORM }),
        headers: { ...FORM, Origin: shop.url, Cookie: cookie },
      });
      expect(pagar.status).toBe(303);
      const sessionId = /cs_test_[A-Za-z0-9_]+/.exec(String(pagar.headers.location))![0];
      const stripe = new Stripe("sk_test_faults", {
        host: "127.0.0.1",
        port: new URL(simulator.url).port,
        protocol: "http",
        maxNetworkRetries: 0,
        telemetry: false,
      });
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      const payload = JSON.stringify(
        sessionEvent("checkout.session.completed", { ...session, status: "complete", payment_status: "paid" }),
      );
      const deliver = () =>
        send(shop.url, {
          method: "POST",
          path: "/webhooks/stripe",
          body: payload,
          headers: {
            "Content-Type": "application/json",
            "Stripe-Signature": Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_faults" }),
          },
        });

      cluster.stop();
      expect((await deliver()).status).toBe(500); // the provider keeps it and retries (any 5xx)
      cluster.start();
      await until(async () => (await send(shop.url, { path: "/readyz" })).status === 200, "ready again", LONG);
      expect((await deliver()).status).toBe(200);
      expect((await deliver()).status).toBe(200); // a duplicate retry: already processed

      const check = new pg.Client({ connectionString: cluster.url });
      await check.connect();
      try {
        const { rows: orders } = await check.query<{ status: string; emails: number }>(
          `SELECT o.status::text,
             (SELECT count(*)::int FROM email_outbox e WHERE e.kind = 'order-confirmation'
                AND e.subject LIKE '%' || o.number || '%') AS emails
           FROM orders o WHERE o.stripe_session_id = $1`,
          [sessionId],
        );
        expect(orders).toEqual([{ status: "procesando", emails: 1 }]);
      } finally {
        await check.end();
      }
    },
  );
});

/** A database that comes back, and a pool that notices, within a loaded machine's minute. */
const LONG = { timeoutMs: 60_000, everyMs: 100 };
