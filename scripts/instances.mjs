#!/usr/bin/env node
// `npm run instances -- --instances N [--port P]`: a local multi-instance run of the production build —
// PostgreSQL, one payment simulator, N shop processes and Debian's nginx as their load balancer
// (docs/decisions/022). Ctrl-C or SIGTERM stops everything gracefully: nginx, then each shop's drain
// and shutdown, then the simulator and a throwaway database.
//
// Database: DATABASE_URL when set, else a throwaway PostgreSQL cluster in a temporary directory (gone
// when the run stops). Migrations are applied, and an empty database gets the development catalogue and
// accounts. Requires `npm run build` first.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { migrateDeploy, redact, root, waitForDatabase } from "./lib/database.mjs";
import { startInstances, startThrowawayCluster } from "./lib/instances.mjs";
import { isEmpty, seedDatabase } from "./lib/seed.mjs";

const { values: flags } = parseArgs({
  options: { instances: { type: "string", default: "2" }, port: { type: "string", default: "8080" } },
});
const instances = Number(flags.instances);
const port = Number(flags.port);
if (!Number.isInteger(instances) || instances < 1 || instances > 16) {
  console.error(`--instances must be from 1 to 16, not "${flags.instances}".`);
  process.exit(1);
}
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`--port must be a port number (0: a free one), not "${flags.port}".`);
  process.exit(1);
}
if (!fs.existsSync(path.join(root, "build/index.js"))) {
  console.error('No production build found. Run "npm run build" first.');
  process.exit(1);
}

const stops = [];
let stopping = false;
const stop = async (code) => {
  if (stopping) return;
  stopping = true;
  console.log("▸ Stopping: nginx, the shops (graceful), the simulator, the database");
  for (const fn of stops.reverse()) await fn().catch((e) => console.error("stop:", e.message));
  process.exit(code);
};
process.on("SIGINT", () => void stop(0));
process.on("SIGTERM", () => void stop(0));

try {
  let databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) await waitForDatabase(databaseUrl, { timeoutMs: 60_000 });
  else {
    const cluster = await startThrowawayCluster();
    stops.push(async () => cluster.destroy());
    databaseUrl = cluster.url;
  }
  await migrateDeploy(databaseUrl, { quiet: true });
  if (await isEmpty(databaseUrl)) {
    console.log("▸ Empty database: seeding the development catalogue and accounts");
    await seedDatabase(databaseUrl);
  }
  // One secret and one set of payment keys for every instance: a session cookie signed by one is read
  // by the others, and the simulator's webhooks verify on whichever instance nginx picks.
  const run = await startInstances({
    databaseUrl,
    instances,
    port,
    echo: true,
    sessionSecret: process.env.SESSION_SECRET || crypto.randomBytes(32).toString("hex"),
    apiKey: `sk_test_local_${crypto.randomBytes(12).toString("hex")}`,
    webhookSecret: `whsec_local_${crypto.randomBytes(24).toString("hex")}`,
    env: { LOG_FORMAT: process.env.LOG_FORMAT || "json" },
  });
  stops.push(run.stop);
  console.log(`▸ Database: ${process.env.DATABASE_URL ? redact(databaseUrl) : "a throwaway PostgreSQL cluster"}`);
  console.log(`▸ Payment simulator on ${run.simulator.url} (webhooks to ${run.url}/webhooks/stripe)`);
  for (const shop of run.shops) console.log(`▸ ${shop.label.slice(1, -1)}: ${shop.url} (pid ${shop.pid})`);
  console.log(`▸ Joyería Aurora, ${instances} instance(s) behind nginx: ${run.url}   (Ctrl-C stops everything)`);
  // An instance that dies is reported; nginx sends its share to the others meanwhile.
  for (const shop of run.shops)
    void shop.exited.then((how) => !stopping && console.log(`▸ ${shop.label.slice(1, -1)} exited (${how})`));
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  await stop(1);
}
