#!/usr/bin/env node
// `npm start`: the production build on the embedded defaults (or on DATABASE_URL when set).
// Starts the embedded database if needed, applies migrations, seeds an empty embedded
// database, starts the local payment simulator when no Stripe key is configured, then runs the shop's
// HTTP server (server/index.mjs). Stops everything it started on exit.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { migrateDeploy, openDatabase, redact, root, run } from "./lib/database.mjs";
import { resolveSessionSecret } from "./lib/secrets.mjs";
import { isEmpty, seedDatabase } from "./lib/seed.mjs";
import { startPaymentSimulator } from "./payment-simulator/server.mjs";

if (!fs.existsSync(path.join(root, "build/index.js"))) {
  console.error('No production build found. Run "npm run setup" (or "npm run build") first.');
  process.exit(1);
}

let sessionSecret;
try {
  sessionSecret = resolveSessionSecret();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

const port = process.env.PORT ?? "3000";

// Every absolute URL the shop emits (e-mail links, canonical URLs, payment return URLs) comes from
// APP_ORIGIN. A local run gets http://localhost:PORT; an explicit production (the container) must say it.
let appOrigin = process.env.APP_ORIGIN;
if (!appOrigin) {
  if (process.env.NODE_ENV === "production") {
    console.error(
      "APP_ORIGIN is required in production (e.g. APP_ORIGIN=https://joyeriaaurora.mx): refusing to start without it.",
    );
    process.exit(1);
  }
  appOrigin = `http://localhost:${port}`;
}
let db;
try {
  db = await openDatabase({ dataDir: process.env.PGLITE_DATA_DIR ?? "data/pglite" });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
/** @type {Awaited<ReturnType<typeof startPaymentSimulator>> | undefined} */
let simulator;
let code = 1;
try {
  const payment = await paymentSettings();
  await migrateDeploy(db.url, { quiet: true });
  if (db.embedded && (await isEmpty(db.url))) {
    console.log("▸ Empty embedded database: seeding the catalogue");
    await seedDatabase(db.url);
  }
  console.log(`▸ Database: ${db.embedded ? "embedded PGlite" : redact(db.url)}`);
  console.log(`▸ Joyería Aurora on http://localhost:${port}`);
  code = await run(process.execPath, [path.join(root, "server/index.mjs")], {
    NODE_ENV: process.env.NODE_ENV ?? "production",
    PORT: port,
    DATABASE_URL: db.url,
    DATABASE_EMBEDDED: db.embedded ? "1" : "0",
    SESSION_SECRET: sessionSecret,
    APP_ORIGIN: appOrigin,
    ...payment,
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  await simulator?.stop();
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
  if (!["localhost", "127.0.0.1", "[::1]"].includes(new URL(appOrigin).hostname)) {
    console.warn(
      `▸ Payments: STRIPE_SECRET_KEY is not set, so card payments are off (the local simulator only runs for a shop on localhost, not ${appOrigin}).`,
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
  console.log(`▸ Payments: local simulator on ${simulator.url} (test card 4242 4242 4242 4242)`);
  return { STRIPE_SECRET_KEY: apiKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_BASE: simulator.url };
}
