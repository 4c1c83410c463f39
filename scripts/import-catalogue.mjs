#!/usr/bin/env node
// Loads a catalogue CSV (the format of the panel's export, /admin/exportar/catalogo.csv) into the
// shop's database, as the panel's Importar does: the same checks, the same single transaction, the
// same audit entries. A dry run by default: it prints what would change, or every row's errors, and
// writes nothing; `--apply` writes.
//
//   npm run import:catalogue -- catalogo.csv            # preview
//   npm run import:catalogue -- catalogo.csv --apply    # import
//
// `npm run build` bundles it with the app's modules into build/commands/import-catalogue.js (see
// scripts/build-commands.mjs), so it runs inside the production image with node alone:
//   docker exec <container> npm run import:catalogue -- /data/catalogo.csv --apply
// Needs DATABASE_URL (npm run import:catalogue starts the embedded database when it is unset).
// Options: --as <email> names the person in the audit trail (default: "línea de comandos").
// Exit codes: 0 done (or previewed), 1 the file was refused, 2 wrong usage.
import fs from "node:fs";
import { parseArgs } from "node:util";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { apply: { type: "boolean", default: false }, as: { type: "string" } },
});
if (positionals.length !== 1) {
  console.error("usage: npm run import:catalogue -- <archivo.csv> [--apply] [--as email]");
  process.exit(2);
}

const [{ applyCatalogImport, previewCatalogImport }, { decodeCsvFile }, { prisma }, { catalogChangesPublished }] =
  await Promise.all([
    import("../app/models/catalog-import.server.ts"),
    import("../app/lib/csv.ts"),
    import("../app/utils/db.server.ts"),
    import("../app/models/catalog-notify.server.ts"),
  ]);

let bytes;
try {
  bytes = fs.readFileSync(positionals[0]);
} catch (error) {
  console.error(`No se pudo leer ${positionals[0]}: ${error.message}`);
  process.exit(2);
}
const csv = decodeCsvFile(new Uint8Array(bytes));

let code = 0;
try {
  let report;
  if (values.apply) {
    const email = values.as ?? "línea de comandos";
    const user = values.as ? await prisma.user.findUnique({ where: { email: values.as }, select: { id: true } }) : null;
    report = await applyCatalogImport({ id: user?.id ?? null, email }, csv);
  } else {
    report = await previewCatalogImport(csv);
  }
  if (!report.ok) {
    console.error(`El archivo tiene ${report.errors.length} errores; no se cambió nada:`);
    for (const e of report.errors) console.error(`  fila ${e.line ?? "—"} · ${e.column ?? "—"}: ${e.message}`);
    code = 1;
  } else {
    const s = report.summary;
    console.log(
      `${values.apply ? "Importado" : "Vista previa (nada se escribió; --apply para importar)"}: ${s.rows} filas, ` +
        `${s.created} productos nuevos, ${s.updated} que cambian, ${s.unchanged} sin cambios, ` +
        `${s.variantsCreated} variantes nuevas, ${s.variantsChanged} variantes que cambian.`,
    );
  }
} finally {
  // The running shop instances hear of the import at once (not after their cache's TTL).
  await catalogChangesPublished();
  await prisma.$disconnect();
}
process.exit(code);
