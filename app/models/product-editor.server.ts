import { createHash } from "node:crypto";
import type { Prisma } from "~/generated/prisma/client";
import type { ProductInput, VariantInput } from "~/lib/validation/admin-product";
import { variantName } from "~/lib/variants";
import { prisma } from "~/utils/db.server";
import { type Actor, type AuditEntryInput, recordAudits } from "./audit.server";
import { catalogChanged } from "./catalog-cache.server";
import { ACTIVE_VARIANT } from "./product.server";
import { lockProducts } from "./stock.server";

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

export type EditorRefusal =
  | { ok: false; reason: "not_found" }
  | { ok: false; reason: "invalid"; fieldErrors: Record<string, string[]>; formErrors?: string[] }
  /** Someone saved the product after this form was loaded; `editedFrom` is the product as it is now. */
  | { ok: false; reason: "edited_meanwhile"; editedFrom: string };

export type EditorResult = { ok: true; id: number } | EditorRefusal;

export const EDITOR_MESSAGES = {
  staleVariant: "Otra persona cambió las variantes de este producto mientras editabas: recarga la página",
  editedMeanwhile:
    "Alguien más guardó cambios en este producto mientras lo editabas. Tus datos siguen aquí: revisa el producto en otra pestaña y vuelve a guardar si quieres que queden los tuyos.",
} as const;

/** An `editedFrom` as the edit form sends it (anything else is no fingerprint at all). */
export const EDITED_FROM = /^[0-9a-f]{16}$/;

/**
 * What the edit form shows of a product, stock aside (sales and reservations change it; see
 * untouchedStock): a fingerprint the form carries (`editedFrom`), compared under the product's lock
 * when it is saved, so a save over someone else's newer one is refused instead of silently undoing it.
 */
export function editorFingerprint(
  product: Omit<ProductFields, "stock"> & {
    images: { url: string }[];
    variants: Omit<StoredVariant, "name" | "stock" | "_count">[];
  },
): string {
  const variants = [...product.variants]
    .sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id)
    .map((v) => [v.id, v.model, v.size, v.material, v.price, v.originalPrice, v.image]);
  const shown = [
    product.name,
    product.description,
    product.material,
    product.categoryId,
    product.price,
    product.originalPrice,
    photoList(product),
    product.inStock,
    product.isNew,
    product.isFeatured,
    variants,
  ];
  return createHash("sha256").update(JSON.stringify(shown)).digest("hex").slice(0, 16);
}

const PRODUCT_FIELDS = {
  name: true,
  description: true,
  material: true,
  categoryId: true,
  price: true,
  originalPrice: true,
  stock: true,
  image: true,
  inStock: true,
  isNew: true,
  isFeatured: true,
} as const satisfies Prisma.ProductSelect;

type ProductFields = Prisma.ProductGetPayload<{ select: typeof PRODUCT_FIELDS }>;

const VARIANT_FIELDS = {
  id: true,
  name: true,
  model: true,
  size: true,
  material: true,
  price: true,
  originalPrice: true,
  stock: true,
  image: true,
  sortOrder: true,
  _count: { select: { orderItems: true } },
} as const satisfies Prisma.VariantSelect;

type StoredVariant = Prisma.VariantGetPayload<{ select: typeof VARIANT_FIELDS }>;

/** A stored product's photos, the main one first (a product from before galleries has only its image). */
export function photoList(product: { image: string; images: { url: string }[] }): string[] {
  return product.images.length > 0 ? product.images.map((i) => i.url) : [product.image];
}

/** The photo addresses of the form, the main one first. */
function photosOf(input: ProductInput): string[] {
  return [...new Set([...input.images, ...(input.imageUrl ? [input.imageUrl] : [])])];
}

/** The product's own columns as the form sets them (stock only without variants: the trigger's otherwise). */
function productColumns(input: ProductInput, photos: string[]) {
  const cheapest = [...input.variants].sort((a, b) => (a.price ?? 0) - (b.price ?? 0))[0];
  const own = cheapest
    ? { price: cheapest.price!, originalPrice: cheapest.originalPrice }
    : { price: input.price!, originalPrice: input.originalPrice, stock: input.stock };
  return {
    name: input.name,
    description: input.description,
    material: input.material,
    categoryId: input.categoryId,
    image: photos[0]!,
    inStock: input.inStock,
    isNew: input.isNew,
    isFeatured: input.isFeatured,
    ...own,
  };
}

/** A variant's columns; `position` is its place in the form (0 first), stored from 1 as the seed does. */
function variantColumns(variant: VariantInput, position: number) {
  return {
    name: variantName(variant),
    model: variant.model,
    size: variant.size,
    material: variant.material,
    price: variant.price!,
    originalPrice: variant.originalPrice,
    stock: variant.stock,
    image: variant.image,
    sortOrder: position + 1,
  };
}

/**
 * Whether the form's stock is the one it was loaded with: then it is not the person's to write.
 * Sales and reservations change stock while staff edit a product's text or photos; writing the
 * count the form showed would put sold pieces back on sale.
 */
function untouchedStock(input: { stock: number; stockLoaded?: number }): boolean {
  return input.stockLoaded !== undefined && input.stock === input.stockLoaded;
}

/** Only what differs, for an edit's audit entry (the whole row for a creation or a removal). */
function changed<T extends Record<string, unknown>>(before: T, after: Partial<T>) {
  const keys = Object.keys(after).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])) as Prisma.InputJsonObject,
    after: Object.fromEntries(keys.map((key) => [key, after[key]])) as Prisma.InputJsonObject,
  };
}

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

async function createVariant(tx: Tx, productId: number, input: VariantInput, position: number) {
  const data = variantColumns(input, position);
  const { id } = await tx.variant.create({ data: { productId, ...data }, select: { id: true } });
  if (data.image) await tx.variantImage.create({ data: { variantId: id, url: data.image } });
  return {
    action: "variant_create",
    productId,
    before: null,
    after: { variantId: id, variant: data.name, ...data },
  } satisfies AuditEntryInput;
}

async function updateVariant(
  tx: Tx,
  productId: number,
  current: StoredVariant,
  input: VariantInput,
  position: number,
): Promise<AuditEntryInput | null> {
  const { stock, ...columns } = variantColumns(input, position);
  const data = untouchedStock(input) ? columns : { ...columns, stock };
  const { _count: _orders, ...row } = current;
  const diff = changed(row as Record<string, unknown>, data);
  if (Object.keys(diff.after).length === 0) return null;
  await tx.variant.update({ where: { id: current.id }, data });
  // A new photo replaces the variant's gallery (its old pictures showed the old piece).
  if (data.image !== current.image) {
    await tx.variantImage.deleteMany({ where: { variantId: current.id } });
    if (data.image) await tx.variantImage.create({ data: { variantId: current.id, url: data.image } });
  }
  // Moving a variant up or down is not a change a shop owner reads about.
  const { sortOrder: _movedFrom, ...before } = diff.before;
  const { sortOrder: _movedTo, ...after } = diff.after;
  if (Object.keys(after).length === 0) return null;
  const identity = { variantId: current.id, variant: data.name };
  return { action: "variant", productId, before: { ...identity, ...before }, after: { ...identity, ...after } };
}

async function removeVariant(tx: Tx, productId: number, variant: StoredVariant): Promise<AuditEntryInput> {
  await tx.cartItem.deleteMany({ where: { variantId: variant.id } });
  const identity = { variantId: variant.id, variant: variant.name };
  if (variant._count.orderItems > 0) {
    const archivedAt = new Date();
    await tx.variant.update({ where: { id: variant.id }, data: { archivedAt } });
    return {
      action: "variant_archive",
      productId,
      before: { ...identity, archivedAt: null },
      after: { ...identity, archivedAt: archivedAt.toISOString() },
    };
  }
  await tx.variant.delete({ where: { id: variant.id } });
  return { action: "variant_delete", productId, before: { ...identity, stock: variant.stock }, after: null };
}
