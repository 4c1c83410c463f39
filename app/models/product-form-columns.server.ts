import { createHash } from "node:crypto";
import type { Prisma } from "~/generated/prisma/client";
import type { ProductInput, VariantInput } from "~/lib/validation/admin-product";
import { variantName } from "~/lib/variants";

/**
 * What the product form reads and writes: the columns it sets on a product and its variants, the
 * fingerprint the edit form carries, and the refusals and messages of ./product-editor.server.ts.
 */

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
    product.occasions,
  ];
  return createHash("sha256").update(JSON.stringify(shown)).digest("hex").slice(0, 16);
}

export const PRODUCT_FIELDS = {
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
  occasions: true,
} as const satisfies Prisma.ProductSelect;

export type ProductFields = Prisma.ProductGetPayload<{ select: typeof PRODUCT_FIELDS }>;

export const VARIANT_FIELDS = {
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

export type StoredVariant = Prisma.VariantGetPayload<{ select: typeof VARIANT_FIELDS }>;

/** A stored product's photos, the main one first (a product from before galleries has only its image). */
export function photoList(product: { image: string; images: { url: string }[] }): string[] {
  return product.images.length > 0 ? product.images.map((i) => i.url) : [product.image];
}

/** The photo addresses of the form, the main one first. */
export function photosOf(input: ProductInput): string[] {
  return [...new Set([...input.images, ...(input.imageUrl ? [input.imageUrl] : [])])];
}

/** The product's own columns as the form sets them (stock only without variants: the trigger's otherwise). */
export function productColumns(input: ProductInput, photos: string[]) {
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
    // Only a writer that says which occasions (the form) sets them; the import keeps them.
    ...(input.occasions ? { occasions: input.occasions } : {}),
    ...own,
  };
}

/** A variant's columns; `position` is its place in the form (0 first), stored from 1 as the seed does. */
export function variantColumns(variant: VariantInput, position: number) {
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
export function untouchedStock(input: { stock: number; stockLoaded?: number }): boolean {
  return input.stockLoaded !== undefined && input.stock === input.stockLoaded;
}

/** Only what differs, for an edit's audit entry (the whole row for a creation or a removal). */
export function changed<T extends Record<string, unknown>>(before: T, after: Partial<T>) {
  const keys = Object.keys(after).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])) as Prisma.InputJsonObject,
    after: Object.fromEntries(keys.map((key) => [key, after[key]])) as Prisma.InputJsonObject,
  };
}
