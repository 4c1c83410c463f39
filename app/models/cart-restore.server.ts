import type { Prisma } from "~/generated/prisma/client";
import { lineKeyOf } from "~/lib/cart-messages";

type Tx = Prisma.TransactionClient;

/**
 * Puts an unpaid order's pieces back in its shopper's cart (an OXXO voucher or SPEI transfer that
 * ended without its money: the cart was emptied when the voucher was issued, and the e-mail's "volver
 * al carrito" link must find the pieces there). Only lines still for sale — the product and variant
 * not archived — and not already in the cart; the cart shows current prices and stock as always.
 */
export async function restoreCartFromOrder(tx: Tx, orderId: number): Promise<void> {
  const order = await tx.order.findUniqueOrThrow({
    where: { id: orderId },
    select: {
      userId: true,
      items: {
        select: {
          quantity: true,
          product: { select: { id: true, price: true, archivedAt: true } },
          variant: { select: { id: true, price: true, archivedAt: true } },
          variantId: true,
          variantName: true,
        },
      },
    },
  });
  for (const item of order.items) {
    const { product, variant } = item;
    if (!product || product.archivedAt !== null) continue;
    // A line whose variant was deleted (its name kept, its id gone) has nothing to buy again.
    if (item.variantName !== null && !variant) continue;
    if (variant?.archivedAt) continue;
    const lineKey = lineKeyOf(product.id, variant?.id ?? null);
    await tx.cartItem.upsert({
      where: { userId_lineKey: { userId: order.userId, lineKey } },
      create: {
        userId: order.userId,
        productId: product.id,
        variantId: variant?.id ?? null,
        lineKey,
        quantity: item.quantity,
        price: variant?.price ?? product.price,
      },
      update: {},
    });
  }
}
