import type { Prisma } from "~/generated/prisma/client";
import { type CatalogRow, IMPORT_MESSAGES } from "~/lib/catalog-csv";
import type { ProductInput, VariantInput } from "~/lib/validation/admin-product";
import { variantKey } from "~/lib/validation/admin-product";
import type { AuditEntryInput } from "./audit.server";
import type { Group, ImportIssue } from "./catalog-import-file.server";
import { insertProduct, productDiffers, updateProduct } from "./product-editor.server";
import { ACTIVE_VARIANT } from "./product.server";

/** The catalogue import's second step (see catalog-import.server.ts): the checked file's products written, inside the import's transaction. */

type Tx = Prisma.TransactionClient;

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

/** What the import compares and keeps of a product it updates. */
const CURRENT = {
  id: true,
  price: true,
  originalPrice: true,
  stock: true,
  images: { select: { url: true }, orderBy: [{ sortOrder: "asc" }, { id: "asc" }] },
  variants: { where: ACTIVE_VARIANT, orderBy: [{ sortOrder: "asc" }, { id: "asc" }] },
} as const satisfies Prisma.ProductSelect;

export async function importGroups(tx: Tx, groups: Group[], rowCount: number): Promise<ImportReport> {
  const categories = await tx.category.findMany({ select: { id: true, name: true, slug: true } });
  const categoryId = (name: string) =>
    categories.find((c) => c.name.toLowerCase() === name.toLowerCase() || c.slug === name.toLowerCase())?.id;
  const ids = groups.flatMap((g) => (g.rows[0]!.producto_id === null ? [] : [g.rows[0]!.producto_id]));
  const existing = new Map(
    (await tx.product.findMany({ where: { id: { in: ids }, archivedAt: null }, select: CURRENT })).map((p) => [
      p.id,
      p,
    ]),
  );
  // A row without an id names its product by its name, the stable handle of a file of new products
  // (issue 37): importing the same file twice finds the products the first import created, and
  // creates no duplicates.
  const names = groups.flatMap((g) => (g.rows[0]!.producto_id === null ? [g.rows[0]!.nombre] : []));
  type Current = typeof existing extends Map<number, infer P> ? P : never;
  const byName = new Map<string, Current[]>();
  if (names.length > 0) {
    const named = await tx.product.findMany({
      where: { name: { in: names, mode: "insensitive" }, archivedAt: null },
      select: { ...CURRENT, name: true },
      orderBy: { id: "asc" },
    });
    for (const product of named) {
      const key = product.name.toLowerCase();
      byName.set(key, [...(byName.get(key) ?? []), product]);
      existing.set(product.id, product);
    }
  }

  const errors: ImportIssue[] = [];
  const plans: { productId: number | null; name: string; input: ProductInput }[] = [];
  for (const group of groups) {
    const first = group.rows[0]!;
    const category = categoryId(first.categoria);
    if (category === undefined) {
      errors.push({ line: first.line, column: "Categoría", message: IMPORT_MESSAGES.unknownCategory(first.categoria) });
      continue;
    }
    const sameName = first.producto_id === null ? (byName.get(first.nombre.toLowerCase()) ?? []) : [];
    if (sameName.length > 1) {
      errors.push({ line: first.line, column: "Nombre", message: IMPORT_MESSAGES.ambiguousName(first.nombre) });
      continue;
    }
    const current = first.producto_id === null ? (sameName[0] ?? null) : existing.get(first.producto_id);
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
