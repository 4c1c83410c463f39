import type { Prisma } from "~/generated/prisma/client";
import { parseId } from "~/lib/ids";
import { type Page, pageOf, pageWindow } from "~/lib/pagination";
import { prisma } from "~/utils/db.server";
import { type Actor, recordAudit } from "./audit.server";
import { catalogChanged } from "./catalog-cache.server";
import { ACTIVE_VARIANT } from "./product.server";
import { lockProducts } from "./stock.server";

/**
 * Staff reads and writes of the catalogue: the product list, stock, removal. Every write goes
 * through a transaction that also records its audit entry, then calls `catalogChanged` once. Saving
 * the product form (fields, photos, variants) is ./product-editor.server.ts.
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
        variants: {
          where: ACTIVE_VARIANT,
          select: { id: true, name: true, stock: true },
          orderBy: [{ sortOrder: "asc" }, { id: "asc" }],
        },
      },
    }),
    prisma.product.count({ where }),
  ]);
  return pageOf(items, total, page);
}

/** The product form's categories, by name as Spanish sorts them (Pendientes before Pulseras), as the spec lists them. */
export async function getCategories() {
  const categories = await prisma.category.findMany({ select: { id: true, name: true }, orderBy: { id: "asc" } });
  return categories.sort((a, b) => a.name.localeCompare(b.name, "es-MX"));
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
      occasions: true,
      archivedAt: true,
      updatedAt: true,
      images: { select: { url: true }, orderBy: [{ sortOrder: "asc" }, { id: "asc" }] },
      variants: {
        where: ACTIVE_VARIANT,
        select: {
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
        },
        orderBy: [{ sortOrder: "asc" }, { id: "asc" }],
      },
    },
  });
}

export type AdminProduct = NonNullable<Awaited<ReturnType<typeof getAdminProduct>>>;

export type StockChange = "ok" | "not_found" | "has_variants";

/**
 * Sets the stock of a product without variants. One with variants is refused: its stock is their
 * sum, edited variant by variant.
 */
export async function setProductStock(actor: Actor, productId: number, stock: number): Promise<StockChange> {
  const outcome = await prisma.$transaction(async (tx): Promise<StockChange> => {
    const [row] = await tx.$queryRaw<{ stock: number; has_variants: boolean }[]>`
      SELECT "stock", "joyeria_has_variants"("id") AS "has_variants" FROM "products" WHERE "id" = ${productId} FOR UPDATE`;
    if (!row) return "not_found";
    if (row.has_variants) return "has_variants";
    await tx.product.update({ where: { id: productId }, data: { stock } });
    await recordAudit(tx, actor, { action: "stock", productId, before: { stock: row.stock }, after: { stock } });
    return "ok";
  });
  if (outcome === "ok") catalogChanged({ productIds: [productId] });
  return outcome;
}

/**
 * Sets a variant's stock (its product's stock, their sum, follows); false when the variant does not
 * exist or was removed. The product's row is locked before the variant's (the lock order of
 * ./stock.server.ts).
 */
export async function setVariantStock(actor: Actor, variantId: number, stock: number): Promise<boolean> {
  const productId = await prisma.$transaction(async (tx) => {
    const owner = await tx.variant.findUnique({
      where: { id: variantId, ...ACTIVE_VARIANT },
      select: { productId: true },
    });
    if (!owner) return null;
    await lockProducts(tx, [owner.productId]);
    const [row] = await tx.$queryRaw<{ stock: number; name: string }[]>`
      SELECT "stock", "name" FROM "product_variants" WHERE "id" = ${variantId} AND "archived_at" IS NULL FOR UPDATE`;
    if (!row) return null;
    await tx.variant.update({ where: { id: variantId }, data: { stock } });
    await recordAudit(tx, actor, {
      action: "variant_stock",
      productId: owner.productId,
      before: { variantId, variant: row.name, stock: row.stock },
      after: { variantId, variant: row.name, stock },
    });
    return owner.productId;
  });
  if (productId === null) return false;
  catalogChanged({ productIds: [productId] });
  return true;
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
