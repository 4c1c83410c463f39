import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/utils/db.server";
import { httpLoginCookie } from "./admin-fixtures";
import { send } from "./http-client";
import { type ShopServer, startShopServer } from "./http-server";
import { until } from "../support/wait";

/**
 * What an operator of a shop that runs for real (NODE_ENV=production, a public APP_ORIGIN) reads about
 * it: a shop without SMTP_URL says that no e-mail leaves it — at start-up, in /readyz's JSON details
 * (its status unchanged) and on a banner for admins in /admin — and every instance reports the release
 * it runs (build id and git commit) in /readyz and in the `joyeria_build_info` metric.
 */

const root = path.resolve(import.meta.dirname, "../..");
const built = JSON.parse(fs.readFileSync(path.join(root, "build/build-info.json"), "utf8")) as {
  buildId: string;
  commit: string;
  version: string;
};
const METRICS_LINE = /metrics on (http:\/\/[\d.]+:\d+)\/metrics/;
const JSON_ACCEPT = { Accept: "application/json" };

function warnLines(shop: ShopServer) {
  return shop
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as { level: string; msg: string })
    .filter((line) => line.level === "warn");
}

async function adminPage(shop: ShopServer, role: "admin" | "worker") {
  const cookie = await httpLoginCookie(shop.url, role);
  const page = await send(shop.url, { path: "/admin", headers: { Cookie: cookie } });
  expect(page.status).toBe(200);
  return page.body;
}

describe("a shop that runs for real without SMTP_URL", () => {
  let shop: ShopServer;
  let metricsUrl: string;

  beforeAll(async () => {
    shop = await startShopServer({
      SMTP_URL: "",
      METRICS_PORT: "0",
      LOG_FORMAT: "json",
      RATE_LIMIT_MULTIPLIER: "1000",
    });
    await until(() => METRICS_LINE.test(shop.output()), "the metrics listener");
    metricsUrl = METRICS_LINE.exec(shop.output())![1]!;
  }, 120_000);

  afterAll(async () => {
    await shop?.stop();
  });

  it("says so at start-up, in a warn line naming SMTP_URL", () => {
    expect(warnLines(shop).some((line) => /SMTP_URL is not set/.test(line.msg))).toBe(true);
  });

  it("keeps /readyz's plain answer and status for load balancers, and details the release and the e-mail in JSON", async () => {
    const plain = await send(shop.url, { path: "/readyz" });
    expect(plain.status).toBe(200);
    expect(plain.body).toBe("ready");
    expect(plain.headers["content-type"]).toMatch(/^text\/plain/);

    for (const request of [
      { path: "/readyz", headers: JSON_ACCEPT },
      { path: "/readyz?format=json", headers: {} },
    ]) {
      const details = await send(shop.url, request);
      expect(details.status).toBe(200);
      expect(details.headers["content-type"]).toMatch(/^application\/json/);
      expect(details.headers["cache-control"]).toBe("no-store");
      const body = JSON.parse(details.body) as Record<string, unknown>;
      expect(body).toMatchObject({
        ready: true,
        build: { id: fs.readFileSync(path.join(root, "build/version.txt"), "utf8").trim(), commit: built.commit },
        email: { delivery: "outbox" },
      });
      expect(body.warnings).toEqual([expect.stringContaining("SMTP_URL is not set")]);
    }
  });

  it("answers the JSON details with 503 and the reason while a migration is pending", async () => {
    const [latest] = await prisma.$queryRaw<{ migration_name: string }[]>`
      SELECT "migration_name" FROM "_prisma_migrations" ORDER BY "migration_name" DESC LIMIT 1`;
    await prisma.$executeRaw`UPDATE "_prisma_migrations" SET "rolled_back_at" = now() WHERE "migration_name" = ${latest!.migration_name}`;
    try {
      const details = await send(shop.url, { path: "/readyz", headers: JSON_ACCEPT });
      expect(details.status).toBe(503);
      expect(JSON.parse(details.body)).toMatchObject({
        ready: false,
        reason: `migrations pending: ${latest!.migration_name}`,
        build: { commit: built.commit },
      });
    } finally {
      await prisma.$executeRaw`UPDATE "_prisma_migrations" SET "rolled_back_at" = NULL WHERE "migration_name" = ${latest!.migration_name}`;
    }
  });

  it("exposes the release as joyeria_build_info on the metrics port", async () => {
    const metrics = await send(metricsUrl, { path: "/metrics" });
    expect(metrics.status).toBe(200);
    expect(metrics.body).toContain(
      `joyeria_build_info{build_id="${built.buildId}",commit="${built.commit}",version="${built.version}"} 1`,
    );
  });

  it("shows admins a Spanish banner in /admin (no JavaScript needed), and not workers", async () => {
    const forAdmin = await adminPage(shop, "admin");
    expect(forAdmin).toContain('data-testid="mail-held-banner"');
    expect(forAdmin).toContain("Los correos no se envían: falta configurar SMTP_URL.");
    expect(await adminPage(shop, "worker")).not.toContain("mail-held-banner");
  });
});

describe("a shop that runs for real with SMTP_URL", () => {
  let shop: ShopServer;

  beforeAll(async () => {
    // Nothing is sent during the test: the address only has to be configured.
    shop = await startShopServer({ SMTP_URL: "smtp://127.0.0.1:9", LOG_FORMAT: "json", RATE_LIMIT_MULTIPLIER: "1000" });
  }, 120_000);

  afterAll(async () => {
    await shop?.stop();
  });

  it("warns nowhere: no start-up line, no JSON warning, no banner", async () => {
    expect(warnLines(shop).filter((line) => /SMTP_URL/.test(line.msg))).toEqual([]);
    const details = JSON.parse((await send(shop.url, { path: "/readyz", headers: JSON_ACCEPT })).body) as Record<
      string,
      unknown
    >;
    expect(details).toMatchObject({ ready: true, email: { delivery: "smtp" }, warnings: [] });
    expect(await adminPage(shop, "admin")).not.toContain("mail-held-banner");
  });
});
