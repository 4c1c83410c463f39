import { prisma } from "~/utils/db.server";
import { type Actor, recordAudits } from "./audit.server";
import { catalogChanged } from "./catalog-cache.server";
import { readCatalogFile } from "./catalog-import-file.server";
import { importGroups, type ImportReport } from "./catalog-import-write.server";

export type { ImportIssue } from "./catalog-import-file.server";
export type { ImportChange, ImportReport, ImportSummary } from "./catalog-import-write.server";

/**
 * The catalogue import: a CSV in the export's format (app/lib/catalog-csv.ts) creates products and
 * updates existing ones with their variants, in one transaction — all of the file or nothing. Rows
 * name existing products and variants by id; a row without an id names its product by its name (rows of
 * one product share it): the product of that name when there is one — so importing the same file of new
 * products twice creates nothing the second time — else a new product; likewise a variant by its model
 * and size. A product or variant the file does not mention is left as
 * it is: an import never removes anything. An unchanged product is not written at all, so importing
 * an export changes nothing.
 *
 * The preview runs exactly the same code in a transaction that is then rolled back, so it shows what
 * the import will do (every change as the audit trail will record it), and every row's errors, before
 * anything is written.
 */

/** The tables an import writes. */
export const ANALYZE_CATALOGUE = 'ANALYZE "products", "product_variants", "product_images", "variant_images"';

/** Shows what importing `csv` would do, writing nothing. */
export async function previewCatalogImport(csv: string): Promise<ImportReport> {
  return runImport(csv, { apply: false, actor: null });
}

/** Imports `csv`: all of it in one transaction, or nothing when any row is wrong. */
export async function applyCatalogImport(actor: Actor, csv: string): Promise<ImportReport> {
  const report = await runImport(csv, { apply: true, actor });
  if (report.ok && report.changes.length > 0) {
    // Hundreds of new rows at once: the planner's statistics are refreshed now (the embedded database
    // has no autovacuum to do it later), so the catalogue's queries keep their plans (issue 37).
    await prisma.$executeRawUnsafe(ANALYZE_CATALOGUE);
    catalogChanged("everything");
  }
  return report;
}

class DryRun extends Error {
  constructor(readonly report: ImportReport) {
    super("dry run");
  }
}

async function runImport(csv: string, options: { apply: boolean; actor: Actor | null }): Promise<ImportReport> {
  const file = readCatalogFile(csv);
  if ("errors" in file) return { ok: false, errors: file.errors };
  try {
    return await prisma.$transaction(
      async (tx) => {
        const report = await importGroups(tx, file.groups, file.rows);
        if (!options.apply || !report.ok) throw new DryRun(report);
        // A file that changes nothing (an export imported back) leaves no trace either.
        if (report.changes.length === 0) return report;
        await recordAudits(tx, options.actor!, [
          ...report.changes.map(({ productName: _name, ...entry }) => entry),
          { action: "product_import", before: null, after: { ...report.summary } },
        ]);
        return report;
      },
      // Hundreds of products in one transaction on a busy database.
      { maxWait: 20_000, timeout: 300_000 },
    );
  } catch (error) {
    if (error instanceof DryRun) return error.report.ok ? { ...error.report, applied: false } : error.report;
    throw error;
  }
}
