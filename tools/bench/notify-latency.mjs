#!/usr/bin/env node
// How long a staff edit on one shop instance takes to show on another (issue 24: "within 1 s").
//
// Two shop servers (the production build, server/index.mjs) on one PostgreSQL database, each with a
// catalogue cache TTL of 5 minutes, so only the LISTEN/NOTIFY path (app/models/catalog-notify.server.ts)
// can bring the change. NOTIFY_EDITS times (20): server B's anonymous product page is read until it is
// served from B's rendered-page cache, the admin changes the product's price through server A's form,
// and B's page is read back to back until it shows the new price. Reports the delay from A's answer to
// the edit (the commit is done) to B's first answer with the new price: median and max in ms.
//
// Database: a database it creates and drops on the server of NOTIFY_BENCH_URL, TEST_POSTGRES_URL or
// DATABASE_URL (a role that may create databases), else a throwaway cluster of Debian's PostgreSQL.
// Requires `npm run build` first. Usage:
//   npm run bench:notify
//   TEST_POSTGRES_URL=postgresql://joyeria_ci:joyeria_ci@127.0.0.1:5432/joyeria_ci npm run bench:notify
import pg from "pg";
import { ADMIN_ACCOUNT } from "../../prisma/seed-data.ts";
import { FORM, formBody, productEditForm, send } from "../../tests/integration/http-client.ts";
import { startShopServer } from "../../tests/integration/http-server.ts";
import { postgresBinaries, startPostgresCluster } from "../../tests/integration/postgres-cluster.ts";
import { createPostgresDatabase, migrateDeploy } from "../../scripts/lib/database.mjs";
import { seedDatabase } from "../../scripts/lib/seed.mjs";

const EDITS = Number(process.env.NOTIFY_EDITS ?? 20);
/** No run of the bench may wait longer than this for one edit to show (a failure, not a figure). */
const GIVE_UP_MS = 30_000;
const LISTENING = "catalogue notifications: listening";

const serverUrl =
  process.env.NOTIFY_BENCH_URL ||
  process.env.TEST_POSTGRES_URL ||
  (process.env.DATABASE_URL?.startsWith("postgres") ? process.env.DATABASE_URL : null);

async function openDatabase() {
  if (serverUrl) return createPostgresDatabase(serverUrl, "joyeria_notify");
  const bin = postgresBinaries();
  if (!bin) throw new Error("No PostgreSQL: set TEST_POSTGRES_URL or install Debian's postgresql package.");
  const cluster = await startPostgresCluster(bin);
  return { url: cluster.url, stop: async () => cluster.destroy() };
}

/** Reads `path` on `base` until `done(body, headers)` holds; resolves when it does. */
async function readUntil(base, path, done) {
  const deadline = performance.now() + GIVE_UP_MS;
  for (;;) {
    const answer = await send(base, { path });
    if (done(answer)) return;
    if (performance.now() > deadline) throw new Error(`${path} on ${base}: gave up after ${GIVE_UP_MS} ms`);
  }
}

const db = await openDatabase();
const shops = [];
try {
  await migrateDeploy(db.url, { quiet: true });
  await seedDatabase(db.url);
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  // A product without models or sizes: its edit form is the plain one.
  const { rows } = await client
    .query(
      `
    SELECT p.id, p.name, p.description, p.material, p.category_id AS "categoryId", p.image, p.stock
    FROM products p WHERE NOT EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id)
    ORDER BY p.id LIMIT 1`,
    )
    .finally(() => client.end());
  const product = rows[0];
  if (!product) throw new Error("The seed has no product without variants.");

  const env = {
    DATABASE_URL: db.url,
    DATABASE_EMBEDDED: "0",
    CATALOG_CACHE_TTL_MS: "300000",
    RATE_LIMIT_MULTIPLIER: "1000",
  };
  shops.push(...(await Promise.all([startShopServer(env), startShopServer(env)])));
  const [a, b] = shops;
  // Both must listen before the first edit (each logs it once its LISTEN is done).
  await Promise.all(shops.map((shop) => readUntilTrue(() => shop.output().includes(LISTENING))));

  const login = await send(a.url, {
    method: "POST",
    path: "/login",
    body: formBody({ email: ADMIN_ACCOUNT.email, password: ADMIN_ACCOUNT.password }),
    headers: { ...FORM, Origin: a.url },
  });
  if (login.status !== 302) throw new Error(`login answered ${login.status}`);
  const cookie = (login.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");

  const path = `/producto/${product.id}`;
  const delays = [];
  for (let i = 0; i < EDITS; i += 1) {
    const pesos = 3_000 + 17 * (i + 1);
    const priceText = pesos.toLocaleString("en-US");
    await readUntil(b.url, path, (answer) => answer.headers["x-cache"] === "hit");
    const edit = await send(a.url, {
      method: "POST",
      path: `/admin/productos/${product.id}`,
      body: productEditForm(product, { price: priceText, stock: String(product.stock) }),
      headers: { ...FORM, Origin: a.url, Cookie: cookie },
    });
    if (edit.status !== 302) throw new Error(`edit ${i + 1} answered ${edit.status}: ${edit.body.slice(0, 200)}`);
    const committed = performance.now();
    await readUntil(b.url, path, (answer) => answer.body.includes(priceText));
    delays.push(performance.now() - committed);
  }
  delays.sort((x, y) => x - y);
  const median = delays[Math.floor(delays.length / 2)];
  const result = {
    edits: delays.length,
    medianMs: Math.round(median),
    p90Ms: Math.round(delays[Math.floor(delays.length * 0.9)] ?? median),
    maxMs: Math.round(delays.at(-1)),
    minMs: Math.round(delays[0]),
  };
  console.log(
    `Staff edit on A → served by B (${result.edits} edits): median ${result.medianMs} ms, ` +
      `p90 ${result.p90Ms} ms, max ${result.maxMs} ms, min ${result.minMs} ms`,
  );
  console.log(JSON.stringify(result));
} finally {
  await Promise.all(shops.map((shop) => shop.stop()));
  await db.stop();
}

/** Resolves once `check()` holds, asking every 50 ms, or fails after GIVE_UP_MS. */
async function readUntilTrue(check) {
  const deadline = performance.now() + GIVE_UP_MS;
  while (!check()) {
    if (performance.now() > deadline) throw new Error("the servers' catalogue listeners did not start");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
