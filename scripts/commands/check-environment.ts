/**
 * The first import of every operator command (create-admin, reset-password): checks the environment
 * the way the shop does at start-up (app/utils/env.server.ts) before any other module of the app is
 * evaluated — the database client reads it as it loads — and, when something is missing or wrong,
 * stops with the problem in one plain message (e.g. APP_ORIGIN missing in production) and exit
 * code 1, instead of a stack trace from deep inside a module.
 */
import path from "node:path";
import { getEnv } from "~/utils/env.server";

try {
  getEnv();
} catch (error) {
  const command = path.basename(process.argv[1] ?? "command", ".js");
  console.error(`✘ ${command}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
