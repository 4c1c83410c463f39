import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { root, runNode } from "../support/processes";
import { startShopServer } from "./http-server";

/**
 * Issue 32, items 3 and 4, as an operator meets them: `npm start` (scripts/start.mjs) and the shop's
 * server alone (server/index.mjs) refuse a configuration that would lose data or payments, naming the
 * variable — before anything is started or written.
 */

const SECRET = "start-refusals-secret-0123456789";
let dataDir: string;

beforeEach(() => {
  dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "joyeria-refusals-")), "pglite");
});
afterEach(() => {
  fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
});

/**
 * `npm start` with exactly `env` (no DATABASE_URL of the tests' own); resolves with its exit code and
 * output. A developer's environment (NODE_ENV=development: not running for real) unless `env` says
 * otherwise. A start that does not refuse runs on: it is stopped (SIGTERM, so it stops what it started)
 * and reported with what it printed.
 */
function start(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return runNode([path.join(root, "scripts/start.mjs")], {
    cleanEnv: true,
    env: { NODE_ENV: "development", LOG_FORMAT: "json", PORT: "0", PGLITE_DATA_DIR: dataDir, ...env },
    stopAfterMs: 20_000,
  });
}

/** The fatal line's message (start.mjs logs JSON lines). */
function fatal(output: string): string {
  const line = output
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as { level: string; msg: string })
    .find((l) => l.level === "fatal");
  if (!line) throw new Error(`no fatal line in:\n${output}`);
  return line.msg;
}

describe("a missing or misspelt DATABASE_URL, running for real", () => {
  const production = { NODE_ENV: "production", SESSION_SECRET: SECRET, APP_ORIGIN: "https://joyeriaaurora.mx" };

  it("refuses to start on the embedded database, names the variables, and creates no database", async () => {
    const { code, output } = await start(production);
    expect(code).toBe(1);
    expect(fatal(output)).toMatch(
      /^DATABASE_URL is not set \(NODE_ENV=production\): refusing to start on the embedded database\. Set DATABASE_URL=postgresql:.*EMBEDDED_DATABASE=1/,
    );
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it("names a misspelt variable, without its password", async () => {
    const { code, output } = await start({
      ...production,
      DATABSE_URL: "postgresql://joyeria:s3creta@db:5432/joyeria",
    });
    expect(code).toBe(1);
    expect(fatal(output)).toContain("DATABSE_URL is set: did you mean DATABASE_URL?");
    expect(output).not.toContain("s3creta");
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it("counts a public APP_ORIGIN as running for real, without NODE_ENV=production", async () => {
    const { code, output } = await start({ SESSION_SECRET: SECRET, APP_ORIGIN: "https://joyeriaaurora.mx" });
    expect(code).toBe(1);
    expect(fatal(output)).toContain("DATABASE_URL is not set (APP_ORIGIN=https://joyeriaaurora.mx is not localhost)");
    expect(fs.existsSync(dataDir)).toBe(false);
  });
});

describe("half a Stripe configuration", () => {
  it("npm start refuses a key without its webhook secret, and the reverse, on localhost too", async () => {
    const key = await start({ STRIPE_SECRET_KEY: "sk_test_half", SESSION_SECRET: SECRET });
    expect(key.code).toBe(1);
    expect(fatal(key.output)).toMatch(/^STRIPE_SECRET_KEY is set without STRIPE_WEBHOOK_SECRET: /);
    const secret = await start({ STRIPE_WEBHOOK_SECRET: "whsec_half", SESSION_SECRET: SECRET });
    expect(secret.code).toBe(1);
    expect(fatal(secret.output)).toMatch(/^STRIPE_WEBHOOK_SECRET is set without STRIPE_SECRET_KEY: /);
    expect(key.output + secret.output).not.toMatch(/sk_test_half|whsec_half/);
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it("the server alone (node server/index.mjs) refuses both halves too", async () => {
    await expect(startShopServer({ STRIPE_SECRET_KEY: "sk_test_half" })).rejects.toThrow(
      /exited with 1:[\s\S]*STRIPE_SECRET_KEY is set without STRIPE_WEBHOOK_SECRET/,
    );
    await expect(startShopServer({ STRIPE_WEBHOOK_SECRET: "whsec_half" })).rejects.toThrow(
      /exited with 1:[\s\S]*STRIPE_WEBHOOK_SECRET is set without STRIPE_SECRET_KEY/,
    );
  });
});

describe("invoicing without the shop's fiscal data (issue 34)", () => {
  const none = {
    PAC_API_TOKEN: "pac_half",
    SHOP_RFC: "",
    INVOICE_ISSUER_RFC: "",
    INVOICE_ISSUER_NAME: "",
    INVOICE_ISSUER_REGIME: "",
    INVOICE_ISSUER_ZIP: "",
  };

  it("the server running for real refuses PAC_API_TOKEN with no issuer saved nor in INVOICE_ISSUER_*", async () => {
    await expect(startShopServer(none)).rejects.toThrow(
      /exited with 1:[\s\S]*The shop's fiscal data as issuer of its invoices are missing \(PAC_API_TOKEN is set: invoicing on\): set INVOICE_ISSUER_RFC, .*\/admin\/facturacion.*Refusing to start\./,
    );
  });

  it("refuses half of INVOICE_ISSUER_*, naming the missing variable, on any run", async () => {
    await expect(startShopServer({ ...none, INVOICE_ISSUER_NAME: "CARLOS COSIO SOTO" })).rejects.toThrow(
      /exited with 1:[\s\S]*INVOICE_ISSUER_RFC is required when PAC_API_TOKEN is set/,
    );
    await expect(startShopServer({ ...none, INVOICE_ISSUER_RFC: "COSC8001137NA" })).rejects.toThrow(
      /exited with 1:[\s\S]*INVOICE_ISSUER_NAME is required when PAC_API_TOKEN is set/,
    );
  });
});

describe("a port another process holds", () => {
  let holder: net.Server;
  let taken: number;
  beforeEach(async () => {
    holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
    taken = (holder.address() as net.AddressInfo).port;
  });
  afterEach(() => new Promise<void>((resolve) => holder.close(() => resolve())));

  it("refuses PORT, naming it, instead of a stack trace", async () => {
    await expect(startShopServer({ PORT: String(taken), HOST: "127.0.0.1" })).rejects.toThrow(
      new RegExp(
        `exited with 1:[\\s\\S]*PORT=${taken} \\(on 127\\.0\\.0\\.1\\) is already in use by another process: refusing to start`,
      ),
    );
  });

  it("refuses METRICS_PORT before the shop says it listens (two instances given the same one)", async () => {
    const error = await startShopServer({ METRICS_PORT: String(taken), METRICS_HOST: "127.0.0.1" }).then(
      (shop) => shop.stop().then(() => null),
      (refused: unknown) => refused as Error,
    );
    expect(error?.message).toMatch(
      new RegExp(
        `exited with 1:[\\s\\S]*METRICS_PORT=${taken} \\(on 127\\.0\\.0\\.1\\) is already in use by another process`,
      ),
    );
    expect(error?.message).not.toContain("listening on");
  });
});
