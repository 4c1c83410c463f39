#!/usr/bin/env node
// `npm start`: the production build on the embedded defaults (or on DATABASE_URL when set).
// Starts the embedded database if needed, applies migrations, seeds an empty embedded
// database, then runs the shop's HTTP server (server/index.mjs). Stops everything it started on exit.
import fs from "node:fs";
import path from "node:path";
import { migrateDeploy, openDatabase, redact, root, run } from "./lib/database.mjs";
import { resolveSessionSecret } from "./lib/secrets.mjs";
import { isEmpty, seedDatabase } from "./lib/seed.mjs";

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
let code = 1;
try {
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
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  await db.stop();
}
process.exit(code);
