import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateDeploy } from "../../scripts/lib/database.mjs";
import { FORM, formBody, send } from "./http-client";
import { type ShopServer, startShopServer } from "./http-server";
import { postgresBinaries, startPostgresCluster } from "./postgres-cluster";

/**
 * The database server goes away under a running shop and comes back: visitors get the Spanish error
 * pages (503), /healthz says the database is down, and the shop recovers without a restart.
 * Runs once, in the PGlite pass (it brings its own PostgreSQL server).
 */
const bin = postgresBinaries();
const runHere = process.env.DATABASE_EMBEDDED === "1" && bin !== null;

describe.runIf(runHere)("the database stops and starts again under a running shop", () => {
  let cluster: Awaited<ReturnType<typeof startPostgresCluster>>;
  let shop: ShopServer;

  beforeAll(async () => {
    cluster = await startPostgresCluster(bin!);
    await migrateDeploy(cluster.url, { quiet: true });
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    await client.query(`INSERT INTO categories (id, slug, name, sort_order) VALUES (1, 'rings', 'Anillos', 1)`);
    await client.query(
      `INSERT INTO products (name, price, image, category_id, stock, updated_at)
       VALUES ('Anillo Resiliente', 100000, '/favicon.svg', 1, 5, now())`,
    );
    await client.end();
    // No catalogue cache: every page must really ask the database, which is the point here.
    shop = await startShopServer({
      DATABASE_URL: cluster.url,
      DATABASE_EMBEDDED: "0",
      DATABASE_POOL_MAX: "3",
      CATALOG_CACHE_TTL_MS: "0",
    });
  }, 120_000);

  afterAll(async () => {
    await shop?.stop();
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

    cluster.stop();
    const down = await send(shop.url, { path: "/" });
    expect(down.status).toBe(503);
    expect(down.body).toContain("Error de Conexión");
    const health = await send(shop.url, { path: "/healthz" });
    expect(health.status).toBe(503);
    const product = await send(shop.url, { path: "/producto/1" });
    expect(product.status).toBe(503);
    expect(product.body).toContain("Error de Conexión");
    const search = await send(shop.url, { path: "/search?q=anillo" });
    expect(search.status).toBe(503);
    // A logged-in visitor's every page reads the session: the same Spanish page, not a 500.
    const personal = await send(shop.url, { path: "/aviso-de-privacidad", headers: { Cookie: cookie } });
    expect(personal.status).toBe(503);
    expect(personal.body).toContain("Error de Conexión");

    cluster.start();
    const deadline = Date.now() + 60_000;
    let status = 0;
    while (Date.now() < deadline) {
      status = (await send(shop.url, { path: "/healthz" })).status;
      if (status === 200) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(status).toBe(200);
    const again = await send(shop.url, { path: "/", headers: { Cookie: cookie } });
    expect(again.status).toBe(200);
    expect(again.body).toContain("Anillo Resiliente");
    expect(again.body).toContain("Ana"); // still logged in: the session survived the outage
    expect(shop.output()).not.toMatch(/Unhandled|uncaughtException/);
  });
});
