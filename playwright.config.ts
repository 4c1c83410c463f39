import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { freePort } from "./scripts/lib/database.mjs";
import { E2E_SESSION_SECRET } from "./tests/e2e/server";

// This file is evaluated by the runner and again by every worker. The runner picks the free
// ports once and leaves them in its environment, which the workers inherit: the server, the
// browsers (baseURL) and the tests' database connection all agree on one pair of ports.
process.env.E2E_PORT ||= String(await freePort());
process.env.E2E_PGLITE_PORT ||= String(await distinctFreePort(Number(process.env.E2E_PORT)));

const PORT = Number(process.env.E2E_PORT);
// The shop's log (JSON lines), read back by the server-log reporter when a run fails.
process.env.E2E_SERVER_LOG ||= join(tmpdir(), `joyeria-e2e-server-${PORT}.log`);
const baseURL = `http://localhost:${PORT}`;

async function distinctFreePort(taken: number) {
  let port = await freePort();
  while (port === taken) port = await freePort();
  return port;
}

/**
 * Debian's Chromium: Playwright never downloads a browser here. Its headless shell
 * (`apt-get install chromium-headless-shell`, the "old headless" build Playwright itself runs headless)
 * when it is installed: the same engine without the browser's UI layers, about a third less CPU per test
 * on this machine (docs/testing-time.md). The full browser otherwise; `CHROMIUM_PATH` chooses.
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const chromiumPath = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");
if (!process.env.CHROMIUM_PATH && chromiumPath !== HEADLESS_SHELL && !process.env.TEST_WORKER_INDEX) {
  console.warn(
    `e2e: ${HEADLESS_SHELL} is not installed, using ${chromiumPath} (slower; apt-get install chromium-headless-shell)`,
  );
}
const chromium = {
  executablePath: chromiumPath,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  // Two on CI's two cores. A third worker made the 82 tests of four specs faster on a loaded machine
  // (docs/testing-time.md), but the whole suite on a quiet one took 11.7 min with three against 11.3 min
  // with two, in the same hour. `--workers` on the command line still overrides it.
  workers: process.env.CI ? 2 : undefined,
  forbidOnly: Boolean(process.env.CI),
  // One retry, and it excuses only a browser that stopped painting: any other failure fails the run even
  // when its retry passes (tests/e2e/stall-retry-reporter.ts, docs/testing-time.md).
  retries: 1,
  // Generous bounds: CI runs on two cores beside two busy loops, where a journey that takes 8 s on a
  // quiet machine takes 40. Waits follow events, so a passing test never waits for these; a failing one
  // reports a little later.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: [
    ["list"],
    // Before the server-log reporter, so that a run this one fails also prints the shop's log.
    ["./tests/e2e/stall-retry-reporter.ts"],
    ["./tests/e2e/server-log-reporter.ts"],
    ...(process.env.CI ? [] : [["html", { open: "never" }] as const]),
  ],
  use: {
    baseURL,
    locale: "es-MX",
    timezoneId: "America/Mexico_City",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: chromium,
  },
  projects: [
    { name: "js", use: { ...devices["Desktop Chrome"], launchOptions: chromium, javaScriptEnabled: true } },
    {
      name: "no-js",
      use: { ...devices["Desktop Chrome"], launchOptions: chromium, javaScriptEnabled: false },
      // Specs that are JavaScript's alone (axe runs in the page; the checkout modal is an enhancement):
      // their tests skip themselves here, but each skipped test still cost a browser context.
      testIgnore: ["**/a11y.spec.ts", "**/checkout-modal.spec.ts"],
    },
  ],
  webServer: {
    // The production build on the embedded defaults, exactly as `npm start`, on a fresh in-memory database.
    command: `node scripts/start.mjs > "${process.env.E2E_SERVER_LOG}"`,
    url: `${baseURL}/readyz`,
    // A fresh database is migrated and seeded on first start; a loaded CI machine may take a while.
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(PORT),
      APP_ORIGIN: baseURL,
      // Always the embedded database, even when the shell has a DATABASE_URL: the tests connect to it.
      DATABASE_URL: "",
      PGLITE_DATA_DIR: "memory://",
      // NODE_ENV=production runs for real: the embedded database only when asked for (scripts/lib/database-choice.mjs).
      EMBEDDED_DATABASE: "1",
      PGLITE_PORT: process.env.E2E_PGLITE_PORT,
      // The shop's connection plus one per Playwright worker (each holds at most one).
      PGLITE_MAX_CONNECTIONS: "64",
      SESSION_SECRET: E2E_SESSION_SECRET,
      NODE_ENV: "production",
      // A production start seeds nothing by itself: the tests browse the demo catalogue.
      SEED_DEMO_CATALOGUE: "1",
      // Every test browser is 127.0.0.1: keep the abuse limits out of the way (an integration test proves them).
      RATE_LIMIT_MULTIPLIER: "1000",
      // Every way to pay, so the OXXO and SPEI journeys run through the simulator (docs/decisions/021).
      PAYMENT_METHODS: "card,oxxo,spei",
    },
  },
});
