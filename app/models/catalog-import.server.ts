import type { Prisma } from "~/generated/prisma/client";
import {
  CATALOG_COLUMN_LABEL,
  CATALOG_COLUMNS,
  type CatalogColumn,
  type CatalogRow,
  CatalogRowSchema,
  IMPORT_MESSAGES,
  MAX_IMPORT_ROWS,
  priceCell,
} from "~/lib/catalog-csv";
import { parseCsv } from "~/lib/csv";
import type { ProductInput, VariantInput } from "~/lib/validation/admin-product";
import { variantKey } from "~/lib/validation/admin-product";
import { prisma } from "~/utils/db.server";
import { type Actor, type AuditEntryInput, recordAudits } from "./audit.server";
import { catalogChanged } from "./catalog-cache.server";
import { insertProduct, productDiffers, updateProduct } from "./product-editor.server";
import { ACTIVE_VARIANT } from "./product.server";

/**
 * The catalogue import: a CSV in the export's format (app/lib/catalog-csv.ts) creates products and
 * updates existing ones with their variants, in one transaction — all of the file or nothing. Rows
 * name existing products and variants by id; a row without an id is a new product (rows of one new
 * product share its name) or a new variant. A product or variant the file does not mention is left as
 * it is: an import never removes anything. An unchanged product is not written at all, so importing
 * an export changes nothing.
 *
 * The preview runs exactly the same code in a transaction that is then rolled back, so it shows what
 * the import will do (every change as the audit trail will record it), and every row's errors, before
 * anything is written.
 */

type Tx = Prisma.TransactionClient;

export type ImportIssue = { line: number | null; column: string | null; message: string };

export type ImportChange = AuditEntryInput & { productName: string };

export type ImportSummary = {
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  variantsCreated: number;
  variantsChanged: number;
};

export type ImportReport =
  | { ok: true; applied: boolean; summary: ImportSummary; changes: ImportChange[] }
  | { ok: false; errors: ImportIssue[] };

/** What the file says about one product: its rows, checked. */
type Group = { key: string; rows: CatalogRow[] };

const PRODUCT_COLUMNS = [
  "nombre",
  "categoria",
  "material",
  "descripcion",
  "en_venta",
  "nuevo",
  "destacado",
  "fotos",
] as const;

/** Reads and checks the file without the database: its rows grouped by product, or every problem found. */
export function readCatalogFile(csv: string): { groups: Group[]; rows: number } | { errors: ImportIssue[] } {
  const parsed = parseCsv(csv);
  if (!parsed) return { errors: [{ line: null, column: null, message: IMPORT_MESSAGES.unreadable }] };
  const missing = CATALOG_COLUMNS.filter((column) => !parsed.header.includes(column));
  if (missing.length > 0)
    return { errors: [{ line: 1, column: null, message: IMPORT_MESSAGES.missingColumns(missing) }] };
  if (parsed.rows.length === 0) return { errors: [{ line: null, column: null, message: IMPORT_MESSAGES.empty }] };
  if (parsed.rows.length > MAX_IMPORT_ROWS)
    return { errors: [{ line: null, column: null, message: IMPORT_MESSAGES.tooManyRows }] };

  const errors: ImportIssue[] = [];
  const issue = (line: number, column: CatalogColumn | null, message: string) =>
    errors.push({ line, column: column ? CATALOG_COLUMN_LABEL[column] : null, message });
  const groups = new Map<string, Group>();
  parsed.rows.forEach((cells, i) => {
    const line = i + 2;
    const record = Object.fromEntries(CATALOG_COLUMNS.map((c) => [c, cells[parsed.header.indexOf(c)] ?? ""]));
    const result = CatalogRowSchema.safeParse(record);
    const hasVariant = record.modelo!.trim() !== "" || record.talla!.trim() !== "" || record.variante_id!.trim() !== "";
    const price = priceCell(record.precio!, parsed.separator, true);
    const original = priceCell(record.precio_original!, parsed.separator, false);
    if (!result.success) {
      for (const problem of result.error.issues) issue(line, problem.path[0] as CatalogColumn, problem.message);
    }
    if ("error" in price) issue(line, "precio", price.error!);
    if ("error" in original) issue(line, "precio_original", original.error!);
    if (!result.success || "error" in price || "error" in original) return;
    const row: CatalogRow = { ...result.data, line, price: price.value!, originalPrice: original.value ?? null };
    if (row.originalPrice !== null && row.originalPrice <= row.price) {
      return issue(line, "precio_original", "El precio original debe ser mayor que el precio");
    }
    if (hasVariant && row.modelo === null && row.talla === null) return issue(line, "modelo", IMPORT_MESSAGES.mixed);
    const key = row.producto_id !== null ? `id:${row.producto_id}` : `new:${row.nombre.toLowerCase()}`;
    const group = groups.get(key) ?? { key, rows: [] };
    group.rows.push(row);
    groups.set(key, group);
  });

  for (const group of groups.values()) {
    const [first, ...others] = group.rows;
    for (const row of others) {
      const column = PRODUCT_COLUMNS.find((c) => JSON.stringify(row[c]) !== JSON.stringify(first![c]));
      if (column) issue(row.line, column, IMPORT_MESSAGES.disagree(CATALOG_COLUMN_LABEL[column]));
    }
    const withVariants = group.rows.some((r) => r.modelo !== null || r.talla !== null);
    if (withVariants) {
      for (const row of group.rows.filter((r) => r.modelo === null && r.talla === null))
        issue(row.line, "modelo", IMPORT_MESSAGES.mixed);
      const seen = new Set<string>();
      for (const row of group.rows) {
        const key = variantKey({ model: row.modelo, size: row.talla });
        if (seen.has(key)) issue(row.line, "talla", IMPORT_MESSAGES.duplicateVariant);
        seen.add(key);
      }
    } else if (group.rows.length > 1) {
      for (const row of group.rows.slice(1)) issue(row.line, "modelo", IMPORT_MESSAGES.mixed);
    }
  }
  if (errors.length > 0) return { errors: errors.sort((a, b) => (a.line ?? 0) - (b.line ?? 0)) };
  return { groups: [...groups.values()], rows: parsed.rows.length };
}

/** Shows what importing `csv` would do, writing nothing. */
export async function previewCatalogImport(csv: string): Promise<ImportReport> {
  return runImport(csv, { apply: false, actor: null });
}

/** Imports `csv`: all of it in one transaction, or nothing when any row is wrong. */
export async function applyCatalogImport(actor: Actor, csv: string): Promise<ImportReport> {
  const report = await runImport(csv, { apply: true, actor });
  if (report.ok && report.changes.length > 0) catalogChanged("everything");
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

async function importGroups(tx: Tx, groups: Group[], rowCount: number): Promise<ImportReport> {
  const categories = await tx.category.findMany({ select: { id: true, name: true, slug: true } });
  const categoryId = (name: string) =>
    categories.find((c) => c.name.toLowerCase() === name.toLowerCase() || c.slug === name.toLowerCase())?.id;
  const ids = groups.flatMap((g) => (g.rows[0]!.producto_id === null ? [] : [g.rows[0]!.producto_id]));
  const existing = new Map(
    (
      await tx.product.findMany({
        where: { id: { in: ids }, archivedAt: null },
        select: {
          id: true,
          price: true,
          originalPrice: true,
          stock: true,
          images: { select: { url: true }, orderBy: [{ sortOrder: "asc" }, { id: "asc" }] },
          variants: { where: ACTIVE_VARIANT, orderBy: [{ sortOrder: "asc" }, { id: "asc" }] },
        },
      })
    ).map((p) => [p.id, p]),
  );

  const errors: ImportIssue[] = [];
  const plans: { productId: number | null; name: string; input: ProductInput }[] = [];
  for (const group of groups) {
    const first = group.rows[0]!;
    const category = categoryId(first.categoria);
    if (category === undefined) {
      errors.push({ line: first.line, column: "Categoría", message: IMPORT_MESSAGES.unknownCategory(first.categoria) });
      continue;
    }
    const current = first.producto_id === null ? null : existing.get(first.producto_id);
    if (current === undefined) {
      errors.push({
        line: first.line,
        column: "producto_id",
        message: IMPORT_MESSAGES.unknownProduct(first.producto_id!),
      });
      continue;
    }
    const stored = current?.variants ?? [];
    for (const row of group.rows) {
      if (row.variante_id !== null && !stored.some((v) => v.id === row.variante_id)) {
        errors.push({
          line: row.line,
          column: "variante_id",
          message: IMPORT_MESSAGES.unknownVariant(row.variante_id),
        });
      }
    }
    const fromRows = (row: CatalogRow, id?: number): VariantInput => ({
      ...(id === undefined ? {} : { id }),
      model: row.modelo,
      size: row.talla,
      material: row.material_variante,
      price: row.price,
      originalPrice: row.originalPrice,
      stock: row.existencias,
      image: row.foto_variante,
    });
    const withVariants = first.modelo !== null || first.talla !== null;
    if (!withVariants && stored.length > 0) {
      errors.push({ line: first.line, column: "Modelo", message: IMPORT_MESSAGES.mixed });
      continue;
    }
    // Variants the file does not mention stay as they are, in their place; new ones come after them.
    const matched = new Set<CatalogRow>();
    const variants: VariantInput[] = withVariants
      ? stored.map((v) => {
          const row = group.rows.find(
            (r) =>
              r.variante_id === v.id ||
              (r.variante_id === null && variantKey({ model: r.modelo, size: r.talla }) === variantKey(v)),
          );
          if (!row) {
            const { id, model, size, material, price, originalPrice, stock, image } = v;
            return { id, model, size, material, price, originalPrice, stock, image };
          }
          matched.add(row);
          return fromRows(row, v.id);
        })
      : [];
    if (withVariants) for (const row of group.rows) if (!matched.has(row)) variants.push(fromRows(row));
    plans.push({
      productId: current?.id ?? null,
      name: first.nombre,
      input: {
        name: first.nombre,
        description: first.descripcion,
        material: first.material,
        categoryId: category,
        inStock: first.en_venta,
        isNew: first.nuevo,
        isFeatured: first.destacado,
        price: first.price,
        originalPrice: first.originalPrice,
        stock: first.existencias,
        images: first.fotos,
        imageUrl: null,
        variants,
      },
    });
  }
  if (errors.length > 0) return { ok: false, errors: errors.sort((a, b) => (a.line ?? 0) - (b.line ?? 0)) };

  const summary: ImportSummary = {
    rows: rowCount,
    created: 0,
    updated: 0,
    unchanged: 0,
    variantsCreated: 0,
    variantsChanged: 0,
  };
  const changes: ImportChange[] = [];
  for (const plan of plans) {
    const current = plan.productId === null ? null : existing.get(plan.productId)!;
    if (current && !(await productDiffers(tx, current.id, plan.input))) {
      summary.unchanged += 1;
      continue;
    }
    const written = current ? await updateProduct(tx, current.id, plan.input) : await insertProduct(tx, plan.input);
    if (!written.ok) throw new Error(`The import could not write product ${plan.productId}: ${written.reason}`);
    if (current) summary.updated += 1;
    else summary.created += 1;
    for (const entry of written.audits) {
      if (entry.action === "variant_create") summary.variantsCreated += 1;
      if (entry.action === "variant") summary.variantsChanged += 1;
      changes.push({ ...entry, productName: plan.name });
    }
  }
  return { ok: true, applied: true, summary, changes };
}
