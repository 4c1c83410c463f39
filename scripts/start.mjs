#!/usr/bin/env node
// `npm start` (and the container's command): the production build on the embedded defaults (or on
// DATABASE_URL when set). Starts the embedded database if needed (or waits for the PostgreSQL server),
// applies migrations, seeds an empty database (see below), starts the local payment simulator when no
// Stripe key is configured, then runs the shop's HTTP server (server/index.mjs). Stops everything it
// started on exit; SIGTERM and SIGINT go to the server, which shuts down gracefully.
//
// Seeding: SEED_DEMO_CATALOGUE=1 seeds the demo catalogue (no staff accounts, no published passwords)
// into an empty database (no product, order or account). Without it, only a local run (not running
// for real: scripts/lib/for-real.mjs) seeds an empty embedded database, with the development accounts
// of the README. Running for real, the embedded database is used only with EMBEDDED_DATABASE=1.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { migrateDeploy, openDatabase, pendingMigrations, redact, root, run, waitForDatabase } from "./lib/database.mjs";
import { forRealBecause, isLocalOrigin } from "./lib/for-real.mjs";
import { importDevelopmentTool } from "./lib/development-tools.mjs";
import { log, logFormat } from "./lib/log.mjs";
import { halfStripeConfiguration } from "./lib/payment-keys.mjs";
import { resolveSessionSecret } from "./lib/secrets.mjs";
import { databaseContents, seedDatabase } from "./lib/seed.mjs";
import { serverNodeFlags } from "./lib/server-flags.mjs";
import { invoicingSettings } from "./lib/pac.mjs";

if (!fs.existsSync(path.join(root, "build/index.js"))) {
  log("fatal", 'No production build found. Run "npm run setup" (or "npm run build") first.');
  process.exit(1);
}

let sessionSecret;
try {
  sessionSecret = resolveSessionSecret();
} catch (error) {
  log("fatal", error.message);
  process.exit(1);
}

const port = process.env.PORT ?? "3000";
// Running for real (scripts/lib/for-real.mjs): no development accounts, no embedded database unless asked for.
const forReal = forRealBecause() !== null;
const demoCatalogue = ["1", "true"].includes(process.env.SEED_DEMO_CATALOGUE ?? "");

// Before the server runs, a stop request ends the start-up (the container's `docker stop` included:
// as process 1 this process gets no default signal handling).
const stopEarly = () => process.exit(143);
process.on("SIGTERM", stopEarly);
process.on("SIGINT", stopEarly);

// Every absolute URL the shop emits (e-mail links, canonical URLs, payment return URLs) comes from
// APP_ORIGIN. A local run gets http://localhost:PORT; an explicit production (the container) must say it.
let appOrigin = process.env.APP_ORIGIN;
if (!appOrigin) {
  if (process.env.NODE_ENV === "production") {
    log(
      "fatal",
      "APP_ORIGIN is required in production (e.g. APP_ORIGIN=https://joyeriaaurora.mx): refusing to start without it.",
    );
    process.exit(1);
  }
  appOrigin = `http://localhost:${port}`;
}
// A Stripe key without its webhook secret (or the reverse) refuses to start, on localhost too.
const halfStripe = halfStripeConfiguration();
if (halfStripe) {
  log("fatal", halfStripe);
  process.exit(1);
}
let db;
try {
  db = await openDatabase({ dataDir: process.env.PGLITE_DATA_DIR ?? "data/pglite" });
} catch (error) {
  log("fatal", error instanceof Error ? error.message : String(error));
  process.exit(1);
}
/** @type {Awaited<ReturnType<typeof startPaymentSimulator>> | undefined} */
let simulator;
let code = 1;
let invoicing = { env: {}, stop: async () => {} };
try {
  const payment = await paymentSettings();
  invoicing = await invoicingSettings(appOrigin);
  // A PostgreSQL server started next to the shop (docker compose) may still be starting.
  if (!db.embedded) await waitForDatabase(db.url, { timeoutMs: 60_000 });
  // MIGRATE_ON_START=0: migrations are a separate step (`npm run migrate`, docs/operations.md "Upgrades").
  // A database left unmigrated is not seeded: the seed needs this release's schema.
  let unmigrated = 0;
  if (migrateOnStart()) await migrateDeploy(db.url, { quiet: true });
  else unmigrated = await pendingCount(db.url);
  if (!unmigrated && (demoCatalogue || (db.embedded && !forReal))) {
    // Only an empty database is seeded: never over a shop's own products, orders or accounts.
    const contents = await databaseContents(db.url);
    if (contents === null) {
      log(
        "info",
        `Empty database: seeding the ${demoCatalogue ? "demo catalogue" : "development catalogue and accounts"}`,
      );
      await seedDatabase(db.url, { demo: demoCatalogue });
    } else if (demoCatalogue) {
      log("info", `SEED_DEMO_CATALOGUE: not seeded, the database already holds ${contents}`);
    }
  }
  log("info", `Database: ${db.embedded ? "embedded PGlite" : redact(db.url)}`);
  // The server says "listening on …" once it has the port (or refuses to start, naming PORT).
  log("info", `Starting Joyería Aurora on port ${port}`);
  process.off("SIGTERM", stopEarly);
  process.off("SIGINT", stopEarly);
  code = await run(process.execPath, [...serverNodeFlags(), path.join(root, "server/index.mjs")], {
    NODE_ENV: process.env.NODE_ENV ?? "production",
    // Readable lines in a terminal, JSON lines for anything that collects them (set LOG_FORMAT to choose).
    LOG_FORMAT: logFormat,
    PORT: port,
    DATABASE_URL: db.url,
    DATABASE_EMBEDDED: db.embedded ? "1" : "0",
    SESSION_SECRET: sessionSecret,
    APP_ORIGIN: appOrigin,
    // Neither NODE_ENV=production nor a public origin asked for: a trial on this computer (the server
    // runs in production mode all the same; app/utils/running-for-real.server.ts).
    ...(forReal ? {} : { LOCAL_TRIAL: "1" }),
    ...payment,
    ...invoicing.env,
  });
} catch (error) {
  log("fatal", error instanceof Error ? error.message : String(error));
} finally {
  await simulator?.stop();
  await invoicing.stop();
  await db.stop();
}
process.exit(code);

/**
 * With STRIPE_SECRET_KEY set the shop talks to Stripe and nothing is started. Without it, a shop
 * on localhost sends card payments to the local payment simulator on a free port, with a fresh key and webhook secret per
 * run, delivering its webhooks to this shop. Its listening address is also the origin browsers are
 * sent to (the session URL) and the CSP form-action origin, so both must be the same string: the
 * simulator answers on 127.0.0.1 and says so in STRIPE_API_BASE.
 * @returns {Promise<Record<string, string>>}
 */
async function paymentSettings() {
  if (process.env.STRIPE_SECRET_KEY) return {};
  // The simulator approves test cards: a shop reachable by the public must never take its "payments".
  if (!isLocalOrigin(appOrigin)) {
    log(
      "warn",
      `Payments: STRIPE_SECRET_KEY is not set, so card payments are off (the local simulator only runs for a shop on localhost, not ${appOrigin}).`,
    );
    return {};
  }
  const { startPaymentSimulator } = (await importDevelopmentTool("@joyeria/payment-simulator")) ?? {};
  if (!startPaymentSimulator) {
    log(
      "warn",
      "Payments: STRIPE_SECRET_KEY is not set and the local payment simulator is not installed here (the production image leaves it out), so card payments are off.",
    );
    return {};
  }
  const apiKey = `sk_test_local_${crypto.randomBytes(12).toString("hex")}`;
  const webhookSecret = `whsec_local_${crypto.randomBytes(24).toString("hex")}`;
  simulator = await startPaymentSimulator({
    apiKey,
    webhookSecret,
    webhookUrl: `http://127.0.0.1:${port}/webhooks/stripe`,
  });
  // The simulator speaks every method the shop knows, so a local shop shows them all unless told otherwise.
  const methods = process.env.PAYMENT_METHODS || "card,oxxo,spei";
  log("info", `Payments: local simulator on ${simulator.url} (${methods}; test card 4242 4242 4242 4242)`);
  return {
    STRIPE_SECRET_KEY: apiKey,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_BASE: simulator.url,
    PAYMENT_METHODS: methods,
  };
}

/** MIGRATE_ON_START: `1` (default) applies pending migrations at start, `0` leaves them to `npm run migrate`. */
function migrateOnStart() {
  const value = process.env.MIGRATE_ON_START ?? "";
  if (["", "1", "true"].includes(value)) return true;
  if (["0", "false"].includes(value)) return false;
  throw new Error(`MIGRATE_ON_START must be 1 or 0, not "${value}".`);
}

/**
 * Without migrating at start: how many migrations are pending, said in a warn line when any is (the
 * shop serves, but /readyz answers 503 until `npm run migrate` applies them).
 */
async function pendingCount(url) {
  const pending = await pendingMigrations(url);
  if (pending.length > 0) {
    log(
      "warn",
      `MIGRATE_ON_START=0 and ${pending.length} migration(s) pending (${pending.join(", ")}): /readyz answers 503 until "npm run migrate" applies them.`,
    );
  }
  return pending.length;
}
