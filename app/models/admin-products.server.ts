import type { Prisma } from "~/generated/prisma/client";
import { parseId } from "~/lib/ids";
import { type Page, pageOf, pageWindow } from "~/lib/pagination";
import type { ProductInput } from "~/lib/validation/admin";
import { prisma } from "~/utils/db.server";
import { type Actor, recordAudit } from "./audit.server";
import { catalogChanged } from "./catalog-cache.server";

/**
 * Staff reads and writes of the catalogue. Every write goes through a transaction that also
 * records its audit entry, then calls `catalogChanged` once.
 */

export type AdminProductRow = {
  id: number;
  name: string;
  price: number;
  stock: number;
  image: string;
  archivedAt: Date | null;
  inStock: boolean;
  category: { name: string };
  variants: { id: number; name: string; stock: number }[];
};

/** The product list: newest first, searched by name, material or id, one page at a time. */
export async function listAdminProducts({ q, page }: { q: string; page: number }): Promise<Page<AdminProductRow>> {
  const id = parseId(q);
  const where: Prisma.ProductWhereInput = q
    ? {
        OR: [
          { name: { contains: q, mode: "insensitive" } },
          { material: { contains: q, mode: "insensitive" } },
          ...(id !== null ? [{ id }] : []),
        ],
      }
    : {};
  const [items, total] = await prisma.$transaction([
    prisma.product.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      ...pageWindow(page),
      select: {
        id: true,
        name: true,
        price: true,
        stock: true,
        image: true,
        archivedAt: true,
        inStock: true,
        category: { select: { name: true } },
        variants: { select: { id: true, name: true, stock: true }, orderBy: [{ sortOrder: "asc" }, { id: "asc" }] },
      },
    }),
    prisma.product.count({ where }),
  ]);
  return pageOf(items, total, page);
}

export async function getCategories() {
  return prisma.category.findMany({ select: { id: true, name: true }, orderBy: { id: "asc" } });
}

/** One product with what its edit page shows; null when it does not exist. */
export async function getAdminProduct(id: number) {
  return prisma.product.findUnique({
    where: { id },
    select: {
      id: true,
      name: true,
      price: true,
      originalPrice: true,
      image: true,
      description: true,
      material: true,
      categoryId: true,
      stock: true,
      inStock: true,
      isNew: true,
      isFeatured: true,
      archivedAt: true,
      updatedAt: true,
      variants: {
        select: { id: true, name: true, model: true, size: true, stock: true, price: true },
        orderBy: [{ sortOrder: "asc" }, { id: "asc" }],
      },
    },
  });
}

export type AdminProduct = NonNullable<Awaited<ReturnType<typeof getAdminProduct>>>;

/** Sets a product's stock; false when the product does not exist. */
export async function setProductStock(actor: Actor, productId: number, stock: number): Promise<boolean> {
  const changed = await prisma.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ stock: number }[]>`
      SELECT "stock" FROM "products" WHERE "id" = ${productId} FOR UPDATE`;
    if (!row) return false;
    await tx.product.update({ where: { id: productId }, data: { stock } });
    await recordAudit(tx, actor, { action: "stock", productId, before: { stock: row.stock }, after: { stock } });
    return true;
  });
  if (changed) catalogChanged({ productIds: [productId] });
  return changed;
}

/** Sets a variant's stock; false when the variant does not exist. */
export async function setVariantStock(actor: Actor, variantId: number, stock: number): Promise<boolean> {
  const productId = await prisma.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ stock: number; product_id: number }[]>`
      SELECT "stock", "product_id" FROM "product_variants" WHERE "id" = ${variantId} FOR UPDATE`;
    if (!row) return null;
    await tx.variant.update({ where: { id: variantId }, data: { stock } });
    await recordAudit(tx, actor, {
      action: "variant_stock",
      productId: row.product_id,
      before: { variantId, stock: row.stock },
      after: { variantId, stock },
    });
    return row.product_id;
  });
  if (productId === null) return false;
  catalogChanged({ productIds: [productId] });
  return true;
}

function productData(input: ProductInput) {
  return {
    name: input.name,
    price: input.price,
    originalPrice: input.originalPrice,
    image: input.image,
    description: input.description,
    material: input.material,
    categoryId: input.categoryId,
    stock: input.stock,
    inStock: input.inStock,
    isNew: input.isNew,
    isFeatured: input.isFeatured,
  };
}

export type ProductWriteResult = { ok: true; id: number } | { ok: false; reason: "category" | "not_found" };

/** Adds a product. Refuses a category that does not exist. */
export async function createAdminProduct(actor: Actor, input: ProductInput): Promise<ProductWriteResult> {
  const result = await prisma.$transaction(async (tx): Promise<ProductWriteResult> => {
    const category = await tx.category.findUnique({ where: { id: input.categoryId }, select: { id: true } });
    if (!category) return { ok: false, reason: "category" };
    const data = productData(input);
    const product = await tx.product.create({ data, select: { id: true } });
    await recordAudit(tx, actor, { action: "product_create", productId: product.id, before: null, after: data });
    return { ok: true, id: product.id };
  });
  if (result.ok) catalogChanged("everything");
  return result;
}

/** Changes a product's fields; the audit entry keeps the values before and after. */
export async function updateAdminProduct(actor: Actor, id: number, input: ProductInput): Promise<ProductWriteResult> {
  const result = await prisma.$transaction(async (tx): Promise<ProductWriteResult> => {
    const before = await tx.product.findUnique({
      where: { id },
      select: {
        name: true,
        price: true,
        originalPrice: true,
        image: true,
        description: true,
        material: true,
        categoryId: true,
        stock: true,
        inStock: true,
        isNew: true,
        isFeatured: true,
      },
    });
    if (!before) return { ok: false, reason: "not_found" };
    const category = await tx.category.findUnique({ where: { id: input.categoryId }, select: { id: true } });
    if (!category) return { ok: false, reason: "category" };
    const data = productData(input);
    await tx.product.update({ where: { id }, data });
    await recordAudit(tx, actor, { action: "product", productId: id, before, after: data });
    return { ok: true, id };
  });
  // A price, a category or a flag moves the product between pages and orders.
  if (result.ok) catalogChanged("everything");
  return result;
}

export type DeleteOutcome = "deleted" | "archived" | "not_found";

/**
 * Removes a product from the shop. One that appears in orders is archived instead (hidden from
 * every catalogue read, its cart lines removed), so order history keeps pointing at it; one
 * that never sold is deleted with its variants and images.
 */
export async function deleteAdminProduct(actor: Actor, id: number): Promise<DeleteOutcome> {
  const outcome = await prisma.$transaction(async (tx): Promise<DeleteOutcome> => {
    const [product] = await tx.$queryRaw<{ name: string; archived_at: Date | null }[]>`
      SELECT "name", "archived_at" FROM "products" WHERE "id" = ${id} FOR UPDATE`;
    if (!product) return "not_found";
    const sold = await tx.orderItem.count({ where: { productId: id } });
    if (sold > 0) {
      if (product.archived_at) return "archived";
      const archivedAt = new Date();
      await tx.product.update({ where: { id }, data: { archivedAt } });
      await tx.cartItem.deleteMany({ where: { productId: id } });
      await recordAudit(tx, actor, {
        action: "product_archive",
        productId: id,
        before: { name: product.name, archivedAt: null },
        after: { name: product.name, archivedAt: archivedAt.toISOString() },
      });
      return "archived";
    }
    await tx.product.delete({ where: { id } });
    await recordAudit(tx, actor, {
      action: "product_delete",
      productId: id,
      before: { name: product.name },
      after: null,
    });
    return "deleted";
  });
  if (outcome !== "not_found") catalogChanged("everything");
  return outcome;
}
