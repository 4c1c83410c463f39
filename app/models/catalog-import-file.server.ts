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
import { variantKey } from "~/lib/validation/admin-product";

/** The catalogue import's first step (see catalog-import.server.ts): the file read and checked, without the database. */

export type ImportIssue = { line: number | null; column: string | null; message: string };

/** What the file says about one product: its rows, checked. */
export type Group = { key: string; rows: CatalogRow[] };

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
