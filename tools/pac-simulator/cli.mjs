#!/usr/bin/env node
// @ts-check
// Runs the PAC simulator on its own: `node tools/pac-simulator/cli.mjs` (README.md beside this file).
import { startPacSimulator } from "./server.mjs";

const port = Number(process.env.PAC_SIMULATOR_PORT ?? 0);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`PAC_SIMULATOR_PORT must be a port number, not "${process.env.PAC_SIMULATOR_PORT}".`);
  process.exit(1);
}
const simulator = await startPacSimulator({ port, token: process.env.PAC_SIMULATOR_TOKEN || "pac_test_simulator" });
console.log(
  `▸ PAC simulator on ${simulator.url} (token: ${process.env.PAC_SIMULATOR_TOKEN ? "PAC_SIMULATOR_TOKEN" : "pac_test_simulator"})`,
);
for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM"])) {
  process.once(signal, () => void simulator.stop().then(() => process.exit(0)));
}
