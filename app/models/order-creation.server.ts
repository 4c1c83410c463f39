import { CHECKOUT_MESSAGES, type OrderTotals, randomOrderNumber, stockShortMessage } from "~/lib/checkout";
import type { Shipping } from "~/lib/validation/checkout";
import { changesShownStock } from "~/lib/stock";
import { materialOf } from "~/lib/variants";
import { salePrice, type SaleWindow } from "~/lib/sale-prices";
import { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/utils/db.server";
import { getEnv, getShopPolicies } from "~/utils/env.server";
import { catalogChanged } from "./catalog-cache.server";
import { runningSales } from "./sale-events.server";
import { CheckoutError, RESERVATION_MS } from "./order.server";
import { lockProducts, sellableStock, takeFromShelf } from "./stock.server";
import { discountForOrder } from "./order-discount.server";

/**
 * Creating an order at PAGAR: the server's cart at the catalogue's prices, its address and totals,
 * and its stock reservation, in one transaction. What happens to the order afterwards (paid,
 * released) is ./order.server.ts.
 */

type Tx = Prisma.TransactionClient;

export type CreatedOrder = {
  id: number;
  number: string;
  email: string;
  totals: OrderTotals;
  reservedUntil: Date;
  /** The products whose stock the reservation took. */
  productIds: number[];
  /** Those of them whose stock as a catalogue page shows it changed (docs/decisions/067). */
  shownStockChanged: number[];
  items: Array<{
    name: string;
    variantName: string | null;
    unitPrice: number;
    quantity: number;
    /** The discount code's share of the line, in shown prices (0 without a code). */
    discount: number;
  }>;
  /** The discount code and what it took off in all, or null (docs/decisions/058). */
  discount: { code: string; amount: number } | null;
  /** The gift packaging's price when chosen (before IVA), else null. */
  giftWrapPrice: number | null;
};

/** How many random numbers are drawn before giving up (a repeat among 10^10 is already rare). */
const ORDER_NUMBER_ATTEMPTS = 20;

/**
 * Creates a pending order from the user's server cart, at the catalogue's current prices, with
 * its shipping address, and reserves its stock, all in one transaction: a line that no longer fits
 * the stock throws a CheckoutError naming the product and nothing is created or reserved. `guard`
 * runs first in that transaction (the hold limits of ./hold-limits.server.ts: it may lock and refuse).
 *
 * The order number is LJ + ten random digits (docs/decisions/030); a repeat draws again.
 */
export async function createOrderForCheckout(
  userId: string,
  email: string,
  shipping: Shipping,
  {
    now = new Date(),
    guard,
    withOrder,
  }: {
    now?: Date;
    guard?: (tx: Tx) => Promise<void>;
    /** Runs in the same transaction once the order exists (the invoice asked for at checkout). */
    withOrder?: (tx: Tx, orderId: number) => Promise<void>;
  } = {},
): Promise<CreatedOrder> {
  for (let attempt = 0; attempt < ORDER_NUMBER_ATTEMPTS; attempt++) {
    const number = randomOrderNumber();
    try {
      const order = await prisma.$transaction(async (tx) => {
        await guard?.(tx);
        const created = await createOrderInTransaction(tx, { userId, email, shipping, number, now });
        await withOrder?.(tx, created.id);
        return created;
      });
      // The pieces left the shelf: the catalogue pages showing them show the new stock.
      catalogChanged({ productIds: order.shownStockChanged });
      return order;
    } catch (error) {
      // Only the order number is unique among the rows created here: everything rolled back; draw again.
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") continue;
      throw error;
    }
  }
  throw new Error("No free order number found");
}

async function createOrderInTransaction(
  tx: Tx,
  input: { userId: string; email: string; shipping: Shipping; number: string; now: Date },
): Promise<CreatedOrder> {
  const lines = await tx.cartItem.findMany({
    where: { userId: input.userId },
    orderBy: [{ addedAt: "desc" }, { lineKey: "asc" }],
    select: {
      productId: true,
      variantId: true,
      quantity: true,
      product: {
        select: {
          name: true,
          material: true,
          image: true,
          price: true,
          archivedAt: true,
          inStock: true,
          categoryId: true,
        },
      },
      variant: { select: { name: true, image: true, price: true, material: true, archivedAt: true } },
    },
  });
  if (lines.length === 0) throw new CheckoutError(CHECKOUT_MESSAGES.emptyCart);
  // A piece staff withdrew from the shop (archived, hidden from sale, or a model or size removed) while
  // it sat in the cart is not sold.
  const withdrawn = lines.find(
    (line) => line.product.archivedAt !== null || !line.product.inStock || (line.variant?.archivedAt ?? null) !== null,
  );
  if (withdrawn) throw new CheckoutError(stockShortMessage(withdrawn.product.name, 0));

  // A sale event running now sets the line's price (decision 057): IVA, totals, the charge, refunds
  // and the CFDI all start from this unit price; the line names the event for its revenue.
  const sales = await runningSales(
    lines.map((line) => line.productId),
    input.now,
    tx,
  );
  const items = lines.map((line) => ({
    productId: line.productId,
    variantId: line.variantId,
    quantity: line.quantity,
    ...linePrice(line.variant ? line.variant.price : line.product.price, sales.get(line.productId)),
    productName: line.product.name,
    variantName: line.variant?.name ?? null,
    // The chosen model's metal when it has its own, as the cart showed it.
    material: materialOf(line.product, line.variant),
    image: line.variant?.image ?? line.product.image,
  }));

  // The products first, in id order, then their variants (the lock order of ./stock.server.ts), so
  // concurrent checkouts of overlapping carts wait for each other instead of deadlocking.
  await lockProducts(
    tx,
    items.map((item) => item.productId),
  );
  const shownStockChanged = new Set<number>();
  for (const item of items) {
    const shelf =
      item.variantId !== null
        ? { shelf: "variant" as const, id: item.variantId }
        : { shelf: "product" as const, id: item.productId };
    const taken = await takeFromShelf(tx, shelf, item.quantity);
    if (!taken) throw new CheckoutError(stockShortMessage(itemLabel(item), await sellableStock(tx, shelf)));
    if (changesShownStock(taken.stock + item.quantity, taken.stock)) shownStockChanged.add(item.productId);
  }

  const { shipping } = input;
  // The packaging's price is the shop's setting now, never anything the browser sent.
  const giftWrapPrice = shipping.giftWrap ? getShopPolicies().giftWrapPrice : null;
  // The shopper's discount code, checked again here against the order's own lines (docs/decisions/058).
  const discount = await discountForOrder(tx, input.userId, {
    lines: lines.map((line, i) => ({
      productId: line.productId,
      categoryId: line.product.categoryId,
      unitPrice: items[i]!.price,
      quantity: line.quantity,
    })),
    giftWrapPrice,
    ivaIncluded: getEnv().PRICES_INCLUDE_IVA,
    now: input.now,
  });
  const totals = discount.totals;
  const reservedUntil = new Date(input.now.getTime() + RESERVATION_MS);
  const order = await tx.order.create({
    data: {
      number: input.number,
      userId: input.userId,
      email: input.email,
      status: "pendiente",
      ...totals,
      reservedUntil,
      giftMessage: shipping.giftMessage,
      giftWrapPrice,
      discountCode: discount.code,
      discountTotal: discount.code === null ? null : discount.amount,
      items: { create: items.map((item, i) => ({ ...item, discount: discount.lineDiscounts[i] || null })) },
      address: {
        create: {
          userId: input.userId,
          name: `${shipping.firstName} ${shipping.lastName}`,
          firstName: shipping.firstName,
          lastName: shipping.lastName,
          phone: shipping.phone,
          addressLine1: shipping.address,
          addressLine2: shipping.address_line2,
          interiorNumber: shipping.interiorNumber,
          references: shipping.references,
          city: shipping.city,
          state: shipping.state,
          postalCode: shipping.postalCode,
          country: shipping.country,
        },
      },
    },
    select: { id: true, number: true },
  });
  await discount.take?.(order.id);
  return {
    id: order.id,
    number: order.number,
    email: input.email,
    totals,
    reservedUntil,
    productIds: [...new Set(items.map((i) => i.productId))],
    shownStockChanged: [...shownStockChanged],
    items: items.map((item, i) => ({
      name: item.productName,
      variantName: item.variantName,
      unitPrice: item.price,
      quantity: item.quantity,
      discount: discount.lineDiscounts[i] ?? 0,
    })),
    discount: discount.code === null ? null : { code: discount.code, amount: discount.amount },
    giftWrapPrice,
  };
}

function linePrice(price: number, sale: SaleWindow | undefined): { price: number; saleEventId: number | null } {
  return sale ? { price: salePrice(price, sale.percentOff), saleEventId: sale.id } : { price, saleEventId: null };
}

function itemLabel(item: { productName: string; variantName: string | null }): string {
  return item.variantName ? `${item.productName} (${item.variantName})` : item.productName;
}
