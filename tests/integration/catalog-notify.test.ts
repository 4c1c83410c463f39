import { once } from "node:events";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPaymentSimulator } from "@joyeria/payment-simulator";
import { listenForCatalogChanges, readCatalog } from "~/models/catalog-cache.server";
import {
  CATALOG_CHANNEL,
  type CatalogListener,
  catalogChangesPublished,
  changeFromPayload,
  notificationPayload,
  publishCatalogChange,
} from "~/models/catalog-notify.server";
import type { CatalogChange } from "~/models/catalog-cache.server";
import { prisma } from "~/utils/db.server";
import { createCategories, createProduct, resetDatabase } from "../db-utils";
import { httpLoginCookie } from "./admin-fixtures";
import { FORM, formBody, productEditForm, send } from "./http-client";
import { SHIPPING_FORM } from "./payment-helpers";
import { type ShopServer, startShopServer } from "./http-server";
import { until as waitUntil } from "../support/wait";

/**
 * Catalogue changes shared between instances with LISTEN/NOTIFY (docs/decisions/013, "Across
 * instances"): a change announced by another instance is forgotten here, a staff edit or a sale on one
 * shop server shows on another at once (not after the cache's TTL), and the listener comes back after
 * its connection is killed. Only in the PostgreSQL server pass: on the embedded PGlite there is only
 * ever one instance and nothing listens.
 */
const serverRun = process.env.DATABASE_EMBEDDED === "0";
const BOUND_MS = 10_000;
/** The line a shop server logs once its listener is ready. */
const LISTENING = "catalogue notifications: listening";

/** Resolves with `promise`, or fails after BOUND_MS saying what did not happen. */
function within<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no ${what} within ${BOUND_MS} ms`)), BOUND_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Another instance, as far as this process can tell: its own connection and its own id. */
async function notifyAsAnotherInstance(client: pg.Client, change: CatalogChange) {
  await client.query("SELECT pg_notify($1, $2)", [CATALOG_CHANNEL, notificationPayload(change, "otra-instancia")]);
}

describe("catalogue change notifications", () => {
  it("name the products, or everything when the list would not fit in a notification", () => {
    const small = notificationPayload({ productIds: [3, 5] }, "a");
    expect(JSON.parse(small)).toEqual({ from: "a", productIds: [3, 5] });
    expect(changeFromPayload(small, "b")).toEqual({ productIds: [3, 5] });
    const many = notificationPayload({ productIds: Array.from({ length: 5_000 }, (_, i) => 1_000_000 + i) }, "a");
    expect(JSON.parse(many)).toEqual({ from: "a", everything: true });
    expect(changeFromPayload(many, "b")).toBe("everything");
  });

  it("are ignored by the instance that sent them; anything unexpected forgets everything", () => {
    expect(changeFromPayload(notificationPayload("everything", "a"), "a")).toBeNull();
    expect(changeFromPayload("no es JSON", "a")).toBeNull();
    expect(changeFromPayload(JSON.stringify({ from: "b", productIds: ["x"] }), "a")).toBe("everything");
  });
});

describe.runIf(serverRun)("catalogue changes heard from another instance", () => {
  let listener: CatalogListener;
  let other: pg.Client;
  let listenerPid: number;

  beforeAll(async () => {
    listener = listenForCatalogChanges();
    [listenerPid] = (await within(once(listener.events, "listening"), "LISTEN")) as [number];
    other = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await other.connect();
  });
  afterAll(async () => {
    await listener?.stop();
    await other?.end();
  });

  /** A cached catalogue read of product 4242 whose loads are counted. */
  const counted = () => {
    const loads = { count: 0 };
    const key = `notify-test-${crypto.randomUUID()}`;
    const read = () =>
      readCatalog(
        key,
        async () => {
          loads.count += 1;
          return [4242];
        },
        (ids) => ids,
      );
    return { loads, read };
  };

  it("forgets a cached read that another instance's change makes stale", async () => {
    const { loads, read } = counted();
    await read();
    await read();
    expect(loads.count).toBe(1);
    const heard = once(listener.events, "change");
    await notifyAsAnotherInstance(other, { productIds: [4242] });
    expect(await within(heard, "notification")).toEqual([{ productIds: [4242] }]);
    await read();
    expect(loads.count).toBe(2);
  });

  it("ignores its own notifications, which the change already forgot here", async () => {
    const heard = once(listener.events, "change");
    publishCatalogChange({ productIds: [1] }); // this process's own: comes back and is dropped
    await catalogChangesPublished();
    await notifyAsAnotherInstance(other, { productIds: [2] });
    // Notifications arrive in commit order: the first one applied is the other instance's.
    expect(await within(heard, "notification")).toEqual([{ productIds: [2] }]);
  });

  it("listens again after its connection is killed, forgetting everything", async () => {
    const { loads, read } = counted();
    await read();
    const back = once(listener.events, "listening");
    await other.query("SELECT pg_terminate_backend($1)", [listenerPid]);
    const [pid] = (await within(back, "reconnection")) as [number];
    expect(pid).not.toBe(listenerPid);
    listenerPid = pid;
    await read(); // notifications may have been missed while it was away
    expect(loads.count).toBe(2);

    await read();
    const heard = once(listener.events, "change");
    await notifyAsAnotherInstance(other, "everything");
    expect(await within(heard, "notification after the reconnection")).toEqual(["everything"]);
    await read();
    expect(loads.count).toBe(3);
  });
});

describe.runIf(serverRun)("two shop servers on one database", () => {
  const shops: ShopServer[] = [];
  let simulator: Awaited<ReturnType<typeof startPaymentSimulator>>;

  beforeAll(async () => {
    await resetDatabase();
    await createCategories();
    simulator = await startPaymentSimulator({ apiKey: "sk_test_notify", webhookSecret: "whsec_notify" });
    const env = {
      // Long enough that only a notification can explain a change showing within the test's bound.
      CATALOG_CACHE_TTL_MS: "300000",
      DATABASE_POOL_MAX: "4",
      STRIPE_SECRET_KEY: "sk_test_notify",
      STRIPE_WEBHOOK_SECRET: "whsec_notify",
      STRIPE_API_BASE: simulator.url,
      RATE_LIMIT_MULTIPLIER: "1000",
    };
    shops.push(...(await Promise.all([startShopServer(env), startShopServer(env)])));
    // Both listen before the tests change anything (a change before that is covered by the TTL only).
    for (const shop of shops) await until(() => shop.output().includes(LISTENING), "LISTEN on a server");
  }, 180_000);
  afterAll(async () => {
    await Promise.all(shops.map((shop) => shop.stop()));
    await simulator?.stop();
  });

  /** Polls `path` on `shop` (anonymous and, with `cookie`, signed in) until both show `text`; the delay in ms. */
  async function delayUntilShown(shop: ShopServer, path: string, text: string, cookie: string) {
    const started = performance.now();
    await until(async () => {
      const [anonymous, signedIn] = await Promise.all([
        send(shop.url, { path }),
        send(shop.url, { path, headers: { Cookie: cookie } }),
      ]);
      return anonymous.body.includes(text) && signedIn.body.includes(text);
    }, `"${text}" on ${path}`);
    return Math.round(performance.now() - started);
  }

  /** Reads `path` on `shop` until it is served from its rendered-page cache (so it is cached there). */
  async function cachedOn(shop: ShopServer, path: string) {
    await until(async () => (await send(shop.url, { path })).headers["x-cache"] === "hit", `a cached ${path}`);
  }

  it("shows a staff price edit on server A on server B's pages", async () => {
    const [a, b] = shops as [ShopServer, ShopServer];
    const product = await createProduct({ name: "Collar Compartido", price: 1_000_00 });
    const path = `/producto/${product.id}`;
    const cookie = await httpLoginCookie(a.url, "admin");
    await cachedOn(b, path);
    // Prices are shown with IVA (PRICES_INCLUDE_IVA's default): $1,000 before IVA reads $1,160.00.
    expect((await send(b.url, { path, headers: { Cookie: cookie } })).body).toContain("1,160.00");

    const edit = await send(a.url, {
      method: "POST",
      path: `/admin/productos/${product.id}`,
      body: productEditForm(product, { price: "2,345" }),
      headers: { ...FORM, Origin: a.url, Cookie: cookie },
    });
    expect(edit.status, edit.body.slice(0, 300)).toBe(302);
    // $2,345 before IVA, shown with it: $2,720.20.
    const delayMs = await delayUntilShown(b, path, "2,720.20", cookie);
    console.info(`price edit on A shown on B after ${delayMs} ms`);
    expect(delayMs).toBeLessThan(BOUND_MS);
  });

  it("shows a sale's reservation on server A as B's stock line", async () => {
    const [a, b] = shops as [ShopServer, ShopServer];
    const product = await createProduct({ name: "Anillo Vendido", stock: 5 });
    const untouched = await createProduct({ name: "Pulsera Ajena", categoryId: 3, stock: 5 });
    const path = `/producto/${product.id}`;
    const cookie = await httpLoginCookie(a.url);
    await cachedOn(b, path);
    // Pages that do not show the product sold: B keeps them through the sale (decision 048).
    const elsewhere = [`/producto/${untouched.id}`, "/?categoria=bracelets"];
    for (const page of elsewhere) await cachedOn(b, page);
    expect((await send(b.url, { path })).body).toContain("Restantes 5");

    const headers = { ...FORM, Origin: a.url, Cookie: cookie };
    const added = await send(a.url, {
      method: "POST",
      path: "/cart",
      body: formBody({ intent: "add", productId: String(product.id), quantity: "1" }),
      headers,
    });
    expect(added.status, added.body.slice(0, 300)).toBe(302);
    const pagar = await send(a.url, {
      method: "POST",
      path: "/checkout",
      body: formBody({ intent: "pay", ...SHIPPING_FORM }),
      headers,
    });
    expect(pagar.status, pagar.body.slice(0, 300)).toBe(303);
    expect((await prisma.product.findUniqueOrThrow({ where: { id: product.id } })).stock).toBe(4);
    const delayMs = await delayUntilShown(b, path, "Restantes 4", cookie);
    console.info(`sale on A shown on B after ${delayMs} ms`);
    for (const page of elsewhere) expect((await send(b.url, { path: page })).headers["x-cache"], page).toBe("hit");
  });

  it("shuts both servers down gracefully: exit 0, every change published, no error logged", async () => {
    await Promise.all(shops.map((shop) => shop.stop()));
    expect(await Promise.all(shops.map((shop) => shop.exited))).toEqual([0, 0]);
    for (const shop of shops) {
      expect(shop.output()).not.toMatch(/"level":"(error|fatal)"/);
      expect(shop.output()).not.toContain("catalogue change not published");
    }
  });
});

/** Resolves once `check` holds (asking again right after each answer), or fails after BOUND_MS. */
const until = (check: () => Promise<boolean> | boolean, what: string) =>
  waitUntil(check, what, { timeoutMs: BOUND_MS, everyMs: 20 });
