import { afterAll } from "vitest";
import { resetInvoicingSettingsCache } from "~/invoicing/settings.server";
import { forgetCatalogHere } from "~/models/catalog-cache.server";
import { forgetSaleSchedule } from "~/models/sale-events.server";
import { prisma } from "~/utils/db.server";
import { resetEnvCache } from "~/utils/env.server";

if (!process.env.DATABASE_URL) {
  throw new Error("Integration tests need a database: run them with `npm run test:integration`.");
}

/**
 * The files share one module graph (scripts/test-integration.mjs runs them with `--isolate=false`), so what
 * a file changes would reach the next: the environment it sets is put back as it was before the file, and
 * the caches read from it or from the database are forgotten. The one connection pool stays open for the
 * next file; with a graph per file (INTEGRATION_ISOLATE=1) each file closes its own.
 */
const environment = { ...process.env };
const shared = process.env.INTEGRATION_SHARED_GRAPH === "1";

afterAll(async () => {
  for (const name of Object.keys(process.env)) if (!(name in environment)) delete process.env[name];
  Object.assign(process.env, environment);
  resetEnvCache();
  resetInvoicingSettingsCache();
  forgetSaleSchedule();
  forgetCatalogHere("everything");
  if (!shared) await prisma.$disconnect();
});
