import { ADDED_FLASH, CART_MESSAGES, onlyLeftMessage } from "~/lib/cart-messages";
import { type PendingAdd, readPendingAdd } from "~/lib/pending-add";
import { prisma } from "~/utils/db.server";
import type { Flash } from "~/utils/flash.server";
import { addToCart, CartError } from "./cart.server";
import { ON_SALE } from "./product.server";

/**
 * The interrupted add (app/lib/pending-add.ts) on the server: what the login page says is waiting,
 * and the add itself once the shopper has an account and a session.
 */

/**
 * "Anillo Solitario Aurora (Oro blanco · Talla 6)": the piece a pending add is for, or null when it is
 * not on sale any more or the variant is not the product's (the login then just logs in).
 */
export async function describePendingAdd(add: PendingAdd): Promise<string | null> {
  const product = await prisma.product.findUnique({
    where: { id: add.productId, ...ON_SALE },
    select: {
      name: true,
      variants: add.variantId === null ? false : { where: { id: add.variantId }, select: { name: true } },
    },
  });
  if (!product) return null;
  if (add.variantId === null) return product.name;
  const variant = product.variants?.[0];
  return variant ? `${product.name} (${variant.name})` : null;
}

/**
 * Adds the pending piece to the user's cart, as the /cart action would have, and says how it went
 * in the words the shopper reads next: "✓ Añadido al carrito: …", the stock notice, or the refusal
 * (sold out meanwhile, no longer on sale).
 */
export async function resumePendingAdd(userId: string, add: PendingAdd): Promise<Flash> {
  const label = await describePendingAdd(add);
  try {
    const result = await addToCart(userId, add);
    if (result.limitedTo !== null) return { kind: "notice", message: onlyLeftMessage(result.limitedTo) };
    return { kind: "success", message: label ? `${ADDED_FLASH}: ${label}` : ADDED_FLASH };
  } catch (error) {
    if (error instanceof CartError) return { kind: "error", message: CART_MESSAGES[error.code] };
    throw error;
  }
}

/**
 * The pending add an account page's address carries, with the words for it; none when there is no
 * add or its piece is gone (the page then is a plain login or registration).
 */
export async function pendingAddOf(
  searchParams: URLSearchParams,
): Promise<{ pendingAdd: PendingAdd | null; addLabel: string | null }> {
  const add = readPendingAdd(searchParams);
  const addLabel = add ? await describePendingAdd(add) : null;
  return { pendingAdd: addLabel ? add : null, addLabel };
}
