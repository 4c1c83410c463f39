import crypto from "node:crypto";
import {
  CART_LOG_TEXTS,
  type CartErrorCode,
  LINE_KEY_PATTERN,
  lineKeyOf,
  MAX_LINE_QUANTITY,
} from "~/lib/cart-messages";
import { materialOf } from "~/lib/variants";
import { preparedStatement, prisma, readRows } from "~/utils/db.server";
import { onSale } from "./search-sql.server";
import { cartWithSales } from "./sale-events.server";

/**
 * The server-side cart: one `cart_items` row per user and line, the line key
 * being the item id `{productId}-{variantId or base}`. Every query is scoped by `userId`;
 * prices, totals and stock are always the current ones from the catalogue, in centavos.
 */

/** An expected refusal, with a code the route maps to a Spanish message and a status. */
export class CartError extends Error {
  constructor(
    readonly code: CartErrorCode,
    readonly status: number,
    message: string = code,
  ) {
    super(message);
    this.name = "CartError";
  }
}

export type CartLine = {
  lineKey: string;
  productId: number;
  variantId: number | null;
  name: string;
  variantName: string | null;
  material: string | null;
  image: string;
  /** Current unit price in centavos: the variant's when there is one, else the product's. */
  unitPrice: number;
  stock: number;
  quantity: number;
  lineTotal: number;
};

export type Cart = { lines: CartLine[]; count: number; total: number };

export const EMPTY_CART: Cart = { lines: [], count: 0, total: 0 };

/** Number of pieces in the user's cart, for the header badge. */
export async function getCartCount(userId: string): Promise<number> {
  const result = await prisma.cartItem.aggregate({
    where: { userId },
    _sum: { quantity: true },
  });
  return result._sum.quantity ?? 0;
}

/** One cart line with its product's and variant's current data, as `CART_LINE_COLUMNS` reads it. */
export type CartLineRow = {
  lineKey: string | null;
  productId: number;
  variantId: number | null;
  quantity: number;
  name: string;
  productMaterial: string | null;
  productImage: string;
  productPrice: number;
  productStock: number;
  variantName: string | null;
  variantMaterial: string | null;
  variantImage: string | null;
  variantPrice: number | null;
  variantStock: number | null;
};

/**
 * A cart line's columns, for the statements that read lines (`c` cart_items joined to `p` products and
 * `v` product_variants), and their order: newest lines first. Read from the database, not the catalogue
 * cache: one statement either way, and the cart shows the price and stock the checkout will find (a
 * line of an archived or hidden product still shows, to be removed).
 */
export const CART_LINE_COLUMNS = `c."line_key" AS "lineKey", c."product_id" AS "productId", c."variant_id" AS "variantId",
    c."quantity", p."name", p."material" AS "productMaterial", p."image" AS "productImage",
    p."price" AS "productPrice", p."stock" AS "productStock",
    v."name" AS "variantName", v."material" AS "variantMaterial", v."image" AS "variantImage",
    v."price" AS "variantPrice", v."stock" AS "variantStock"`;
export const CART_LINE_ORDER = `c."added_at" DESC, c."line_key" ASC`;

const CART_SQL = preparedStatement(
  "cart_lines",
  `
  SELECT ${CART_LINE_COLUMNS}
  FROM "cart_items" c
  JOIN "products" p ON p."id" = c."product_id"
  LEFT JOIN "product_variants" v ON v."id" = c."variant_id"
  WHERE c."cart_user_id" = $1::uuid
  ORDER BY ${CART_LINE_ORDER}`,
);

/**
 * The user's cart with current product and variant data, newest lines first, in one statement.
 * The total is computed here, in centavos.
 */
export async function getCart(userId: string): Promise<Cart> {
  return cartWithSales(cartOf(await readRows<CartLineRow>(CART_SQL, [userId])));
}

/** The cart of these rows, totals in centavos; a row without a line key (an empty cart's outer join) is none. */
export function cartOf(rows: CartLineRow[]): Cart {
  const lines = rows.flatMap((row): CartLine[] => {
    if (row.lineKey === null) return [];
    const variant = row.variantId === null ? null : row;
    const unitPrice = variant ? row.variantPrice! : row.productPrice;
    return [
      {
        lineKey: row.lineKey,
        productId: row.productId,
        variantId: row.variantId,
        name: row.name,
        variantName: variant ? row.variantName : null,
        material: materialOf({ material: row.productMaterial }, variant && { material: row.variantMaterial }),
        image: row.variantImage ?? row.productImage,
        unitPrice,
        stock: variant ? row.variantStock! : row.productStock,
        quantity: row.quantity,
        lineTotal: unitPrice * row.quantity,
      },
    ];
  });
  return {
    lines,
    count: lines.reduce((sum, l) => sum + l.quantity, 0),
    total: lines.reduce((sum, l) => sum + l.lineTotal, 0),
  };
}

export type QuantityResult = {
  lineKey: string;
  /** Pieces of the line now in the cart (0 when the line was removed). */
  quantity: number;
  /** Set when the request asked for more than the stock: the pieces available. */
  limitedTo: number | null;
};

/** The product an add reads: its price and stock, and its variants on sale in display order. */
type ProductToAdd = {
  id: number;
  price: number;
  stock: number;
  variants: Array<{ id: number; price: number; stock: number; size: string | null }>;
};

/**
 * Adds `quantity` pieces of a product (and variant) to the user's cart.
 *
 * - A `variantId` must belong to the product, else `invalid_variant` (404).
 * - A product with sizes and no `variantId` is refused (`size_required`, 422): a size is chosen by
 *   the shopper, never assumed. A product whose variants have no size (models only) and no
 *   `variantId`: its first variant in stock (by display order); none in stock is `out_of_stock`.
 * - Stock of zero or less refuses (`out_of_stock`, 409): the variant's stock when there is a
 *   variant, else the product's.
 * - An existing line grows by `quantity`; a new line goes on top of the cart.
 * - The line never holds more than the stock: it is limited and `limitedTo` says so.
 *
 * Concurrency: the line is written with one `INSERT … ON CONFLICT DO UPDATE` that increments in
 * the database (the row stays locked until commit), then limited to the stock in the same
 * transaction, so simultaneous adds neither lose an increment nor exceed the stock.
 */
export async function addToCart(
  userId: string,
  input: { productId: number; variantId: number | null; quantity: number },
): Promise<QuantityResult> {
  const quantity = assertQuantity(input.quantity, 1);
  return prisma.$transaction(async (tx) => {
    // A product no longer on sale (archived or hidden by staff) is not found, as a deleted one.
    // One raw statement: the most frequent write of a busy shop, and Prisma's query compiler costs more
    // CPU than the query (docs/decisions/067). Its variants: the shop's (not archived), in display order.
    const [product] = await tx.$queryRaw<ProductToAdd[]>`
      SELECT p."id", p."price", p."stock",
        COALESCE((
          SELECT json_agg(json_build_object('id', v."id", 'price', v."price", 'stock', v."stock", 'size', v."size")
            ORDER BY v."sort_order", v."id")
          FROM "product_variants" v WHERE v."product_id" = p."id" AND v."archived_at" IS NULL
        ), '[]'::json) AS "variants"
      FROM "products" p
      WHERE p."id" = ${input.productId} AND ${onSale("p")}`;
    if (!product) throw new CartError("product_not_found", 404);

    let variant: { id: number; price: number; stock: number } | null = null;
    if (input.variantId !== null) {
      variant = product.variants.find((v) => v.id === input.variantId) ?? null;
      if (!variant) throw new CartError("invalid_variant", 404);
    } else if (product.variants.some((v) => v.size !== null)) {
      throw new CartError("size_required", 422);
    } else if (product.variants.length > 0) {
      variant = product.variants.find((v) => v.stock > 0) ?? null;
      if (!variant) throw new CartError("out_of_stock", 409, CART_LOG_TEXTS.outOfStock);
    }

    const stock = variant ? variant.stock : product.stock;
    if (stock <= 0) throw new CartError("out_of_stock", 409, CART_LOG_TEXTS.outOfStock);
    const unitPrice = variant ? variant.price : product.price;
    const lineKey = lineKeyOf(product.id, variant?.id ?? null);

    // A new line is stamped strictly after the user's newest one (the column keeps milliseconds),
    // so "new lines go on top" holds even for adds within the same millisecond.
    const [row] = await tx.$queryRaw<{ quantity: number }[]>`
      INSERT INTO "cart_items" ("id", "cart_user_id", "product_id", "variant_id", "line_key", "quantity", "price", "added_at", "updated_at")
      VALUES (
        ${crypto.randomUUID()}::uuid, ${userId}::uuid, ${product.id}, ${variant?.id ?? null}::int, ${lineKey},
        ${quantity}, ${unitPrice},
        GREATEST(
          clock_timestamp() AT TIME ZONE 'UTC',
          (SELECT max("added_at") + interval '1 millisecond' FROM "cart_items" WHERE "cart_user_id" = ${userId}::uuid)
        ),
        clock_timestamp() AT TIME ZONE 'UTC'
      )
      ON CONFLICT ("cart_user_id", "line_key") DO UPDATE SET
        "quantity" = "cart_items"."quantity" + EXCLUDED."quantity",
        "price" = EXCLUDED."price",
        "updated_at" = EXCLUDED."updated_at"
      RETURNING "quantity"`;
    const total = row?.quantity ?? quantity;
    if (total <= stock) return { lineKey, quantity: total, limitedTo: null };
    await tx.cartItem.update({
      where: { userId_lineKey: { userId, lineKey } },
      data: { quantity: stock },
    });
    return { lineKey, quantity: stock, limitedTo: stock };
  });
}

/**
 * Sets a line's quantity. Zero or less removes the line; more than the stock is
 * limited to it; asking for more pieces of a line whose stock is gone is `out_of_stock`.
 * Another user's line key simply is not found (`line_not_found`, 404).
 */
export async function setLineQuantity(userId: string, lineKey: string, quantity: number): Promise<QuantityResult> {
  if (!Number.isInteger(quantity)) throw new CartError("invalid_quantity", 400);
  assertLineKey(lineKey);
  return prisma.$transaction(async (tx) => {
    // The line is locked until commit, so concurrent changes of it apply one after another.
    const [line] = await tx.$queryRaw<{ quantity: number; stock: number }[]>`
      SELECT c."quantity", COALESCE(v."stock", p."stock") AS "stock"
      FROM "cart_items" c
      JOIN "products" p ON p."id" = c."product_id"
      LEFT JOIN "product_variants" v ON v."id" = c."variant_id"
      WHERE c."cart_user_id" = ${userId}::uuid AND c."line_key" = ${lineKey}
      FOR UPDATE OF c`;
    if (!line) throw new CartError("line_not_found", 404);
    const wanted = Math.min(quantity, MAX_LINE_QUANTITY);
    if (wanted <= 0) {
      await tx.cartItem.delete({
        where: { userId_lineKey: { userId, lineKey } },
      });
      return { lineKey, quantity: 0, limitedTo: null };
    }
    const { stock } = line;
    if (wanted > stock && stock <= 0) throw new CartError("out_of_stock", 409, CART_LOG_TEXTS.outOfStock);
    const kept = Math.min(wanted, stock);
    await tx.cartItem.update({
      where: { userId_lineKey: { userId, lineKey } },
      data: { quantity: kept },
    });
    return { lineKey, quantity: kept, limitedTo: wanted > stock ? stock : null };
  });
}

/** Removes one of the user's lines. False when the user has no such line (nothing happens). */
export async function removeLine(userId: string, lineKey: string): Promise<boolean> {
  assertLineKey(lineKey);
  const { count } = await prisma.cartItem.deleteMany({
    where: { userId, lineKey },
  });
  return count > 0;
}

/** Empties the user's cart (there is one store: the database). */
export async function clearCart(userId: string): Promise<void> {
  await prisma.cartItem.deleteMany({ where: { userId } });
}

function assertQuantity(quantity: number, min: number): number {
  if (!Number.isInteger(quantity) || quantity < min) throw new CartError("invalid_quantity", 400);
  return Math.min(quantity, MAX_LINE_QUANTITY);
}

function assertLineKey(lineKey: string) {
  if (!LINE_KEY_PATTERN.test(lineKey)) throw new CartError("line_not_found", 404);
}
