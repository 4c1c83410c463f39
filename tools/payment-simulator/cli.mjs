#!/usr/bin/env node
// @ts-check
// Runs the payment simulator on its own: `node tools/payment-simulator/cli.mjs`.
// Settings come from the environment; see README.md beside this file.
import { startPaymentSimulator } from "./server.mjs";

const env = process.env;
const port = Number(env.PAYMENT_SIMULATOR_PORT ?? 0);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`PAYMENT_SIMULATOR_PORT must be a port number, not "${env.PAYMENT_SIMULATOR_PORT}".`);
  process.exit(1);
}

let simulator;
try {
  simulator = await startPaymentSimulator({
    port,
    host: env.PAYMENT_SIMULATOR_HOST || "127.0.0.1",
    apiKey: env.PAYMENT_SIMULATOR_API_KEY || "sk_test_simulator",
    webhookUrl: env.PAYMENT_SIMULATOR_WEBHOOK_URL || undefined,
    webhookSecret: env.PAYMENT_SIMULATOR_WEBHOOK_SECRET || "whsec_simulator",
    publicUrl: env.PAYMENT_SIMULATOR_PUBLIC_URL || undefined,
  });
} catch (error) {
  console.error(`Payment simulator could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

console.log(`▸ Payment simulator on ${simulator.url}`);
if (!env.PAYMENT_SIMULATOR_WEBHOOK_URL)
  console.log("  (no PAYMENT_SIMULATOR_WEBHOOK_URL: events are recorded, not sent)");

const running = simulator;
for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM"])) {
  process.once(signal, () => {
    void running.stop().then(() => process.exit(0));
  });
}
