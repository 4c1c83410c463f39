import type { Prisma } from "~/generated/prisma/client";

/**
 * Pieces on and off the shelves: the one module that moves stock for sales (checkout's reservation,
 * the lifecycle's release and late reservation). Staff edits set stock in their own models, under the
 * same locking rule.
 *
 * A product with variants has one stock truth, the sum of its variants (archived ones left out): a
 * database trigger keeps `products.stock` equal to it and refuses any other value (migration
 * `staff_tools`). Its own shelf is therefore closed: a plain line of such a product (added to a cart
 * before the variants existed) neither takes nor returns pieces there.
 *
 * Lock order: because a variant's stock change updates its product's row, every writer of stock locks
 * the product rows first, in id order (`lockProducts`), and only then touches variants. Concurrent
 * writers of overlapping products then queue on the first shared product instead of deadlocking.
 */

type Tx = Prisma.TransactionClient;

/** A variant's shelf, or a product's own (a product without variants). */
export type Shelf = { shelf: "variant" | "product"; id: number };

/** Locks the rows of `productIds` in id order (see the module's lock order). */
export async function lockProducts(tx: Tx, productIds: Iterable<number | null>): Promise<void> {
  const ids = [...new Set([...productIds].filter((id): id is number => id !== null))].sort((a, b) => a - b);
  if (ids.length === 0) return;
  await tx.$queryRaw`SELECT "id" FROM "products" WHERE "id" = ANY(${ids}::int[]) ORDER BY "id" FOR UPDATE`;
}

/** What a move left on the shelf: its stock now, to tell whether a page shows the change (lib/stock.ts). */
export type ShelfMove = { stock: number };

/**
 * Adds `quantity` pieces to a shelf; null when it is gone (the variant or product deleted, or a
 * product's own shelf closed because it now has variants). An archived variant still gets its pieces
 * back: they stay on its row, outside the product's stock.
 */
export async function putOnShelf(tx: Tx, { shelf, id }: Shelf, quantity: number): Promise<ShelfMove | null> {
  const [row] =
    shelf === "variant"
      ? await tx.$queryRaw<ShelfMove[]>`UPDATE "product_variants" SET "stock" = "stock" + ${quantity}
          WHERE "id" = ${id} RETURNING "stock"`
      : await tx.$queryRaw<ShelfMove[]>`UPDATE "products" SET "stock" = "stock" + ${quantity}, "updated_at" = now()
          WHERE "id" = ${id} AND NOT "joyeria_has_variants"("id") RETURNING "stock"`;
  return row ?? null;
}

/**
 * Takes `quantity` pieces off the shelf only if they are there: one conditional UPDATE, which
 * PostgreSQL re-checks after waiting for a concurrent writer, so stock never goes below zero. An
 * archived variant and a closed product shelf have nothing to sell: null.
 */
export async function takeFromShelf(tx: Tx, { shelf, id }: Shelf, quantity: number): Promise<ShelfMove | null> {
  const [row] =
    shelf === "variant"
      ? await tx.$queryRaw<ShelfMove[]>`UPDATE "product_variants" SET "stock" = "stock" - ${quantity}
          WHERE "id" = ${id} AND "stock" >= ${quantity} AND "archived_at" IS NULL RETURNING "stock"`
      : await tx.$queryRaw<ShelfMove[]>`UPDATE "products" SET "stock" = "stock" - ${quantity}, "updated_at" = now()
          WHERE "id" = ${id} AND "stock" >= ${quantity} AND NOT "joyeria_has_variants"("id") RETURNING "stock"`;
  return row ?? null;
}

/** Pieces a shelf can sell now: 0 for an archived variant or a closed product shelf. */
export async function sellableStock(tx: Tx, { shelf, id }: Shelf): Promise<number> {
  const [row] =
    shelf === "variant"
      ? await tx.$queryRaw<{ stock: number }[]>`
          SELECT CASE WHEN "archived_at" IS NULL THEN "stock" ELSE 0 END AS "stock"
          FROM "product_variants" WHERE "id" = ${id}`
      : await tx.$queryRaw<{ stock: number }[]>`
          SELECT CASE WHEN "joyeria_has_variants"("id") THEN 0 ELSE "stock" END AS "stock"
          FROM "products" WHERE "id" = ${id}`;
  return Math.max(0, row?.stock ?? 0);
}
