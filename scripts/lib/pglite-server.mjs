#!/usr/bin/env node
// The embedded database's process (started by ./database.mjs `startPglite`): PGlite on `--db` (a directory,
// or memory://), with the extensions the migrations create, served on `--host`:`--port` to at most
// `--max-connections` clients, one exchange at a time (./pglite-wire.mjs, decision 073). SIGTERM or SIGINT
// closes the database cleanly (its files are written) and exits.
import { parseArgs } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { servePglite } from "./pglite-wire.mjs";

const { values } = parseArgs({
  options: {
    db: { type: "string", default: "memory://" },
    host: { type: "string", default: "127.0.0.1" },
    port: { type: "string", default: "5432" },
    "max-connections": { type: "string", default: "4" },
  },
});

const log = (message) => console.error(`[embedded database] ${message}`);

const db = new PGlite(values.db, { extensions: { pg_trgm, unaccent } });
await db.waitReady;
const server = await servePglite(db, {
  host: values.host,
  port: Number(values.port),
  maxConnections: Number(values["max-connections"]),
  log,
});
if (process.env.PGLITE_LOG) console.log(`listening on ${values.host}:${server.port} (${values.db})`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await server.close();
  await db.close();
  process.exit(0);
}
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
