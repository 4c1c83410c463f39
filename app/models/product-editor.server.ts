import type { Prisma } from "~/generated/prisma/client";
import type { ProductInput } from "~/lib/validation/admin-product";
import { prisma } from "~/utils/db.server";
import { type Actor, type AuditEntryInput, recordAudits } from "./audit.server";
import { catalogChanged } from "./catalog-cache.server";
import { ACTIVE_VARIANT } from "./product.server";
import {
  EDITOR_MESSAGES,
  type EditorRefusal,
  type EditorResult,
  PRODUCT_FIELDS,
  type ProductFields,
  VARIANT_FIELDS,
  changed,
  editorFingerprint,
  photoList,
  photosOf,
  productColumns,
  untouchedStock,
  variantColumns,
} from "./product-form-columns.server";
import { createVariant, removeVariant, updateVariant } from "./product-variant-writes.server";
import { lockProducts } from "./stock.server";

export {
  EDITED_FROM,
  EDITOR_MESSAGES,
  type EditorRefusal,
  type EditorResult,
  editorFingerprint,
  photoList,
} from "./product-form-columns.server";

/**
 * Saving the product form (new and edit) in one transaction: the product's fields, its photos, and
 * its variants — added, changed, reordered, removed — with one audit entry per change. Nothing is
 * written when anything is refused.
 *
 * - A product with variants takes its price from them (the cheapest, with its original price: what
 *   search sorts and filters by) and its stock is their sum (a database trigger keeps it).
 * - A removed variant that appears in orders is archived: orders keep pointing at it and a cancelled
 *   order's pieces still find their shelf; one never ordered is deleted. Cart lines of either go.
 * - A product that gets its first variants loses its plain cart lines (its own shelf closes).
 */

type Tx = Prisma.TransactionClient;

/**
 * Creates (`id` null) or updates a product from the form; `editedFrom`, the fingerprint of the product
 * the edit form was loaded with, refuses an update when someone else saved it since.
 */
export async function saveAdminProduct(
  actor: Actor,
  id: number | null,
  input: ProductInput,
  editedFrom?: string,
): Promise<EditorResult> {
  const result = await prisma.$transaction(
    async (tx): Promise<EditorResult> => {
      const category = await tx.category.findUnique({ where: { id: input.categoryId }, select: { id: true } });
      if (!category) return { ok: false, reason: "invalid", fieldErrors: { categoryId: ["Elige una categoría"] } };
      const written = id === null ? await insertProduct(tx, input) : await updateProduct(tx, id, input, editedFrom);
      if (!written.ok) return written;
      await recordAudits(tx, actor, written.audits);
      return { ok: true, id: written.id };
    },
    // A product with sixty variants and a dozen photos is a few hundred statements on a busy database.
    { maxWait: 20_000, timeout: 60_000 },
  );
  // A price, a category, a flag or a new product moves products between pages and reorders them.
  if (result.ok) catalogChanged("everything");
  return result;
}

export type Written = { ok: true; id: number; audits: AuditEntryInput[] };

/** Writes a new product with its photos and variants (the category is the caller's to check). */
export async function insertProduct(tx: Tx, input: ProductInput): Promise<Written> {
  const photos = photosOf(input);
  const data = productColumns(input, photos);
  const { id } = await tx.product.create({ data, select: { id: true } });
  await tx.productImage.createMany({ data: photos.map((url, sortOrder) => ({ productId: id, url, sortOrder })) });
  const rows = input.variants.map((variant, i) => variantColumns(variant, i));
  const created =
    rows.length === 0
      ? []
      : await tx.variant.createManyAndReturn({
          data: rows.map((row) => ({ productId: id, ...row })),
          select: { id: true, image: true, sortOrder: true },
        });
  const withImage = created.filter((v) => v.image !== null);
  if (withImage.length > 0) {
    await tx.variantImage.createMany({ data: withImage.map((v) => ({ variantId: v.id, url: v.image! })) });
  }
  const audits: AuditEntryInput[] = [
    { action: "product_create", productId: id, before: null, after: { ...data, images: photos } },
    ...created.map((v) => {
      const row = rows[v.sortOrder - 1]!;
      return {
        action: "variant_create" as const,
        productId: id,
        before: null,
        after: { variantId: v.id, variant: row.name, ...row },
      };
    }),
  ];
  return { ok: true, id, audits };
}

/**
 * Brings a product to the form's values: only what differs is written (and audited), so saving an
 * unchanged product writes nothing. Variants the form no longer has are removed (archived or deleted).
 */
export async function updateProduct(
  tx: Tx,
  id: number,
  input: ProductInput,
  editedFrom?: string,
): Promise<Written | EditorRefusal> {
  // The product's row first, then its variants': the lock order of ./stock.server.ts.
  await lockProducts(tx, [id]);
  const before = await tx.product.findUnique({
    where: { id },
    select: {
      ...PRODUCT_FIELDS,
      images: { select: { url: true }, orderBy: [{ sortOrder: "asc" }, { id: "asc" }] },
      variants: { where: ACTIVE_VARIANT, select: VARIANT_FIELDS, orderBy: { id: "asc" } },
    },
  });
  if (!before) return { ok: false, reason: "not_found" };
  if (editedFrom !== undefined) {
    const current = editorFingerprint(before);
    if (current !== editedFrom) return { ok: false, reason: "edited_meanwhile", editedFrom: current };
  }
  const stored = new Map(before.variants.map((v) => [v.id, v]));
  if (input.variants.some((v) => v.id !== undefined && !stored.has(v.id))) {
    return { ok: false, reason: "invalid", fieldErrors: {}, formErrors: [EDITOR_MESSAGES.staleVariant] };
  }
  await tx.$queryRaw`SELECT "id" FROM "product_variants" WHERE "product_id" = ${id} ORDER BY "id" FOR UPDATE`;

  const audits: AuditEntryInput[] = [];
  const kept = new Set(input.variants.flatMap((v) => (v.id === undefined ? [] : [v.id])));
  for (const variant of before.variants.filter((v) => !kept.has(v.id))) {
    audits.push(await removeVariant(tx, id, variant));
  }
  for (const [i, variant] of input.variants.entries()) {
    const current = variant.id === undefined ? undefined : stored.get(variant.id);
    const entry = current ? await updateVariant(tx, id, current, variant, i) : await createVariant(tx, id, variant, i);
    if (entry) audits.push(entry);
  }
  if (before.variants.length === 0 && input.variants.length > 0) {
    await tx.cartItem.deleteMany({ where: { productId: id, variantId: null } });
  }

  const photos = photosOf(input);
  const data = productColumns(input, photos);
  const { images: _images, variants: _variants, ...fields } = before;
  const beforePhotos = photoList(before);
  // The stock of a product with variants is theirs: its change shows in the variants' entries.
  const wanted: Partial<ProductFields> & { images: string[] } = { ...data, images: photos };
  // A product that had sizes and has none now takes the typed stock whatever the form showed.
  if (input.variants.length > 0 || (before.variants.length === 0 && untouchedStock(input))) delete wanted.stock;
  const diff = changed({ ...fields, images: beforePhotos } as Record<string, unknown>, wanted);
  if (Object.keys(diff.after).length > 0) {
    const { images: _newPhotos, ...columns } = diff.after;
    if (Object.keys(columns).length > 0) await tx.product.update({ where: { id }, data: columns });
    if ("images" in diff.after) {
      await tx.productImage.deleteMany({ where: { productId: id } });
      await tx.productImage.createMany({ data: photos.map((url, sortOrder) => ({ productId: id, url, sortOrder })) });
    }
    audits.push({ action: "product", productId: id, ...diff });
  }
  return { ok: true, id, audits };
}

/**
 * Whether saving `input` would change the product: its columns, its photos, or its variants (one
 * added, removed or with other values; their order aside). Reads only.
 */
export async function productDiffers(tx: Tx, id: number, input: ProductInput): Promise<boolean> {
  const current = await tx.product.findUniqueOrThrow({
    where: { id },
    select: {
      ...PRODUCT_FIELDS,
      images: { select: { url: true }, orderBy: [{ sortOrder: "asc" }, { id: "asc" }] },
      variants: { where: ACTIVE_VARIANT, select: VARIANT_FIELDS },
    },
  });
  const photos = photosOf(input);
  const wanted: Partial<ProductFields> = productColumns(input, photos);
  if (input.variants.length > 0) delete wanted.stock;
  const { images, variants, ...fields } = current;
  if (Object.keys(changed(fields as Record<string, unknown>, wanted).after).length > 0) return true;
  if (JSON.stringify(photoList({ image: fields.image, images })) !== JSON.stringify(photos)) return true;
  if (variants.length !== input.variants.length) return true;
  return input.variants.some((variant, i) => {
    const stored = variants.find((v) => v.id === variant.id);
    if (!stored) return true;
    const { sortOrder: _position, ...columns } = variantColumns(variant, i);
    return Object.keys(changed(stored as Record<string, unknown>, columns).after).length > 0;
  });
}
