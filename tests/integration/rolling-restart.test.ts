import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/lib/database.mjs";
import { NGINX, startNginx } from "../../scripts/lib/instances.mjs";
import { startPaymentSimulator } from "@joyeria/payment-simulator";
import { prisma } from "~/utils/db.server";
import { createCategories, createProduct, resetDatabase } from "../db-utils";
import { FORM, formBody, type RawResponse, send } from "./http-client";
import { SHIPPING_FORM } from "./payment-helpers";
import { type ShopServer, startShopServer } from "./http-server";
import { until as waitUntil } from "../support/wait";

/**
 * A restart under load, the way docs/decisions/029 deploys the shop: nginx (Debian's) in front of two
 * ports with deploy/nginx-blue-green.conf, a steady stream of shoppers (pages, search, registration,
 * adding to the cart and PAGAR through the payment simulator) and of writers that only POST (register,
 * then add to the cart again and again: the POSTs in flight when the signal comes, with no GET to tell
 * nginx the instance is leaving), and twice over a new server starting on the free port while the old
 * one gets SIGTERM. Not one request may fail, nothing may be applied twice (accounts, cart quantities and
 * orders counted against the answers the clients got), every old server exits 0 within docker's 10 s,
 * and every order PAGAR created is whole (its line, its address, its payment session) with the stock it
 * holds accounted for.
 * Runs once: on the PostgreSQL server when there is one (production's database), else on PGlite.
 */
const serverRun = process.env.DATABASE_EMBEDDED === "0";
const runHere = NGINX !== undefined && (serverRun || !process.env.TEST_POSTGRES_URL);
const STOCK = 10_000;

type Tally = { requests: number; failures: string[]; paid: number; byPhase: Record<string, number> };
/** What the writers were told was done: accounts created, and cart adds per account (by e-mail). */
type Writes = { registered: number; posts: number; addsByAccount: Map<string, number> };

describe.runIf(runHere)("a rolling restart behind nginx", () => {
  const ports = { blue: 0, green: 0, proxy: 0 };
  let proxy: Awaited<ReturnType<typeof startNginx>> | undefined;
  let simulator: Awaited<ReturnType<typeof startPaymentSimulator>>;
  let productId: number;
  let writtenId: number;
  const shops: ShopServer[] = [];

  const startShop = async (port: number) => {
    const shop = await startShopServer({
      PORT: String(port),
      APP_ORIGIN: `http://127.0.0.1:${ports.proxy}`,
      TRUST_PROXY: "loopback",
      STRIPE_SECRET_KEY: "sk_test_rolling",
      STRIPE_WEBHOOK_SECRET: "whsec_rolling",
      STRIPE_API_BASE: simulator.url,
      RATE_LIMIT_MULTIPLIER: "1000",
      // Embedded: each server holds one of PGlite's few connections, the test another.
      ...(serverRun ? { DATABASE_POOL_MAX: "4" } : {}),
    });
    shops.push(shop);
    return shop;
  };

  beforeAll(async () => {
    await resetDatabase();
    await createCategories();
    productId = (await createProduct({ name: "Anillo Sin Pausa", stock: STOCK })).id;
    writtenId = (await createProduct({ name: "Pulsera Contada", stock: STOCK })).id;
    simulator = await startPaymentSimulator({ apiKey: "sk_test_rolling", webhookSecret: "whsec_rolling" });
    [ports.blue, ports.green, ports.proxy] = await Promise.all([freePort(), freePort(), freePort()]);
    const site = fs
      .readFileSync(path.resolve("deploy/nginx-blue-green.conf"), "utf8")
      .replace("127.0.0.1:3001", `127.0.0.1:${ports.blue}`)
      .replace("127.0.0.1:3002", `127.0.0.1:${ports.green}`)
      .replace("listen 80;", `listen 127.0.0.1:${ports.proxy};`);
    proxy = await startNginx({ site, listen: ports.proxy });
  }, 60_000);

  afterAll(async () => {
    await Promise.all(shops.map((shop) => shop.stop()));
    await proxy?.stop();
    await simulator?.stop();
  });

  it("serves every request while each server is replaced in turn", { timeout: 180_000 }, async () => {
    const base = `http://127.0.0.1:${ports.proxy}`;
    const blue = await startShop(ports.blue);
    await until(async () => (await send(base, { path: "/readyz" }).catch(() => null))?.status === 200, "nginx");

    const tally: Tally = { requests: 0, failures: [], paid: 0, byPhase: {} };
    const writes: Writes = { registered: 0, posts: 0, addsByAccount: new Map() };
    let phase = "blue";
    let running = true;
    // The second restart has POSTs only: the shoppers wait at the start of a round meanwhile, so no
    // GET tells nginx the old server is leaving.
    const browsing = pause();
    const shoppers = [
      ...Array.from({ length: 5 }, (_, i) =>
        shop(
          base,
          i,
          tally,
          () => phase,
          async () => (await browsing.passed()) && running,
        ),
      ),
      ...Array.from({ length: 3 }, (_, i) =>
        write(
          base,
          i,
          writtenId,
          tally,
          writes,
          () => phase,
          () => running,
        ),
      ),
    ];

    // Each replacement: the new server on the free port, ready and taking proxied requests, then
    // SIGTERM for the old one while the shoppers go on.
    const replace = async (old: ShopServer, port: number, name: string) => {
      await until(() => Promise.resolve((tally.byPhase[phase] ?? 0) >= 20), `traffic before ${name}`);
      const next = await startShop(port);
      await until(async () => (await send(next.url, { path: "/readyz" })).status === 200, `${name} ready`);
      // nginx counted the port as down while nothing listened there: wait until it sends it shoppers.
      await until(() => Promise.resolve(/"path":"\/(?!readyz)/.test(next.output())), `${name} taking requests`);
      phase = `${name} replaces the old server`;
      const signalled = Date.now();
      old.kill("SIGTERM");
      const code = await old.exited;
      const stoppedMs = Date.now() - signalled;
      phase = name;
      return { code, stoppedMs, log: old.output() };
    };
    const first = await replace(blue, ports.green, "green");
    const green = shops.at(-1)!;
    browsing.close();
    await until(() => Promise.resolve(browsing.waiting === 5), "the shoppers to pause");
    const second = await replace(green, ports.blue, "blue again");
    browsing.open();
    await until(() => Promise.resolve((tally.byPhase[phase] ?? 0) >= 20), "traffic after the restarts");
    running = false;
    await Promise.all(shoppers);

    expect(tally.failures).toEqual([]);
    expect(tally.requests).toBeGreaterThan(100);
    // Nothing applied twice, nothing applied without its answer: the writers' accounts and cart lines
    // are exactly what they were told.
    expect(writes.posts).toBeGreaterThan(40);
    const accounts = await prisma.user.findMany({
      where: { email: { startsWith: "escribe-" } },
      select: { email: true, cartItems: { where: { productId: writtenId }, select: { quantity: true } } },
    });
    expect(accounts).toHaveLength(writes.registered);
    const quantities = Object.fromEntries(
      accounts.map((a) => [a.email, a.cartItems.reduce((sum, line) => sum + line.quantity, 0)]),
    );
    expect(quantities).toEqual(
      Object.fromEntries(accounts.map((a) => [a.email, writes.addsByAccount.get(a.email) ?? 0])),
    );
    for (const restart of [first, second]) {
      expect(restart.code).toBe(0);
      expect(restart.stoppedMs).toBeLessThan(10_000);
      expect(restart.log).toContain('"msg":"stopped"');
      expect(restart.log).toContain('"requestsCut":0');
    }
    // The POSTs that reached the draining server were refused unread (and nginx sent them on to the
    // other one): the test above counts them served once each.
    expect(second.log).toMatch(/"refused":\{[^}]*"POST":[1-9]/);
    const refused = (log: string) => /"refused":(\{[^}]*\})/.exec(log)?.[1];
    console.info(
      `Rolling restart: ${tally.requests} requests (${writes.posts} by the writers, POST only), 0 failed; ` +
        `refused while draining: ${refused(first.log)} (mixed), ${refused(second.log)} (POSTs only); ` +
        `stopped in ${first.stoppedMs} and ${second.stoppedMs} ms`,
    );
    // Shoppers were served during both shutdowns, not only around them.
    expect(tally.byPhase["green replaces the old server"]).toBeGreaterThan(0);
    expect(tally.byPhase["blue again replaces the old server"]).toBeGreaterThan(0);

    const orders = await prisma.order.findMany({
      select: {
        status: true,
        stripeSessionId: true,
        stockReleasedAt: true,
        address: { select: { id: true } },
        items: { select: { quantity: true, productId: true } },
      },
    });
    expect(tally.paid).toBeGreaterThan(0);
    expect(orders).toHaveLength(tally.paid);
    for (const order of orders) {
      expect(order).toMatchObject({ status: "pendiente", stockReleasedAt: null, address: { id: expect.any(Number) } });
      expect(order.stripeSessionId).toMatch(/^cs_test_/);
      expect(order.items).toEqual([{ quantity: 1, productId }]);
    }
    const product = await prisma.product.findUniqueOrThrow({ where: { id: productId }, select: { stock: true } });
    expect(product.stock + orders.length).toBe(STOCK);
  });
});

/** Awaits a request, counts it in `tally` under the phase it was sent in, and notes a failure or a status not expected. */
function checker(tally: Tally, phase: () => string) {
  return async (what: string, status: number, request: Promise<RawResponse>) => {
    const at = phase();
    let answer: RawResponse | null = null;
    try {
      answer = await request;
    } catch (error) {
      tally.failures.push(`${at}: ${what}: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
    tally.requests += 1;
    tally.byPhase[at] = (tally.byPhase[at] ?? 0) + 1;
    if (answer.status !== status) tally.failures.push(`${at}: ${what}: ${answer.status} (expected ${status})`);
    return answer;
  };
}

/**
 * One writer, until told to stop: only POSTs — registers, then adds the same piece to the cart up to 20
 * times (a line holds 99), then registers again — counting what it was told was done.
 */
async function write(
  base: string,
  n: number,
  productId: number,
  tally: Tally,
  writes: Writes,
  phase: () => string,
  running: () => boolean,
) {
  const expectStatus = checker(tally, phase);
  const headers = { ...FORM, Origin: base };
  for (let round = 0; running(); round += 1) {
    const email = `escribe-${n}-${round}@example.test`;
    writes.posts += 1;
    const registered = await expectStatus(
      "register (writer)",
      302,
      send(base, {
        method: "POST",
        path: "/register",
        body: formBody({ name: "Cliente", email, password: "bruma-de-plata", confirmPassword: "bruma-de-plata" }),
        headers,
      }),
    );
    if (registered?.status !== 302) continue;
    writes.registered += 1;
    const cookie = (registered.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
    for (let add = 0; add < 20 && running(); add += 1) {
      writes.posts += 1;
      const added = await expectStatus(
        "add to cart (writer)",
        302,
        send(base, {
          method: "POST",
          path: "/cart",
          body: formBody({ intent: "add", productId: String(productId), quantity: "1" }),
          headers: { ...headers, Cookie: cookie },
        }),
      );
      if (added?.status === 302) writes.addsByAccount.set(email, (writes.addsByAccount.get(email) ?? 0) + 1);
    }
  }
}

/** A gate the shoppers pass at the start of each round: closed, they wait there (and are counted) until it opens. */
function pause() {
  let opened: Promise<void> = Promise.resolve();
  let openIt = () => {};
  const gate = {
    waiting: 0,
    close() {
      opened = new Promise<void>((resolve) => (openIt = resolve));
    },
    open: () => openIt(),
    async passed() {
      gate.waiting += 1;
      await opened;
      gate.waiting -= 1;
      return true;
    },
  };
  return gate;
}

/** One shopper, until told to stop: registers, browses, searches, adds to the cart and presses PAGAR. */
async function shop(base: string, n: number, tally: Tally, phase: () => string, running: () => Promise<boolean>) {
  const expectStatus = checker(tally, phase);
  const headers = { ...FORM, Origin: base };
  for (let round = 0; await running(); round += 1) {
    const email = `turno-${n}-${round}-${Date.now()}@example.test`;
    const registered = await expectStatus(
      "register",
      302,
      send(base, {
        method: "POST",
        path: "/register",
        body: formBody({ name: "Cliente", email, password: "bruma-de-plata", confirmPassword: "bruma-de-plata" }),
        headers,
      }),
    );
    const cookie = (registered?.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
    if (!cookie) continue;
    const product = await prisma.product.findFirstOrThrow({
      where: { name: "Anillo Sin Pausa" },
      select: { id: true },
    });
    for (const path of ["/", `/producto/${product.id}`, "/search?q=anillo"]) {
      await expectStatus(`GET ${path}`, 200, send(base, { path, headers: { Cookie: cookie } }));
    }
    await expectStatus(
      "add to cart",
      302,
      send(base, {
        method: "POST",
        path: "/cart",
        body: formBody({ intent: "add", productId: String(product.id), quantity: "1" }),
        headers: { ...headers, Cookie: cookie },
      }),
    );
    const pagar = await expectStatus(
      "PAGAR",
      303,
      send(base, {
        method: "POST",
        path: "/checkout",
        body: formBody({ intent: "pay", ...SHIPPING_FORM }),
        headers: { ...headers, Cookie: cookie },
      }),
    );
    if (pagar?.status === 303) tally.paid += 1;
  }
}

/** A restart under traffic takes a while on a loaded machine. */
const until = (check: () => Promise<boolean>, what: string) =>
  waitUntil(check, what, { timeoutMs: 60_000, everyMs: 50, retryOnError: true });
