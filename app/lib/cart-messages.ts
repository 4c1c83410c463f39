/**
 * Cart error codes, their internal log texts (in English) and the Spanish messages
 * shoppers see. Browser-safe: the cart route, the drawer and the add-to-cart prompt share it.
 */

export type CartErrorCode =
  | "unauthenticated"
  | "out_of_stock"
  | "product_not_found"
  | "invalid_variant"
  | "size_required"
  | "invalid_quantity"
  | "line_not_found"
  | "load_failed"
  | "add_failed"
  | "remove_failed"
  | "update_failed"
  | "clear_failed";

/** What the /cart action answers to a fetcher (a form post without JavaScript is redirected). */
export type CartActionData =
  | { ok: true; intent: string; quantity: number | null; notice: string | null }
  | {
      ok: false;
      code: CartErrorCode;
      message: string;
      /** For a logged-out shopper: the login that finishes the interrupted add and comes back. */
      loginHref?: string;
    };

/** What the shopper reads. "Usuario no autenticado" carries the word that sends the shopper to /login. */
export const CART_MESSAGES: Record<CartErrorCode, string> = {
  unauthenticated: "Usuario no autenticado",
  out_of_stock: "Este producto está agotado",
  product_not_found: "Este producto ya no está disponible",
  invalid_variant: "La opción elegida no está disponible para este producto",
  size_required: "Elige tu talla",
  invalid_quantity: "Elige una cantidad válida",
  line_not_found: "Este artículo ya no está en tu carrito",
  load_failed: "No pudimos cargar tu carrito. Intenta de nuevo.",
  add_failed: "No pudimos agregar el producto al carrito. Intenta de nuevo.",
  remove_failed: "No pudimos eliminar el artículo. Intenta de nuevo.",
  update_failed: "No pudimos actualizar la cantidad. Intenta de nuevo.",
  clear_failed: "No pudimos vaciar tu carrito. Intenta de nuevo.",
};

/** The cart logic's own texts, in English, for the server log only. */
export const CART_LOG_TEXTS = {
  outOfStock: "This product is out of stock",
  load: "Failed to load cart",
  add: "Failed to add to cart",
  remove: "Failed to remove item",
  update: "Failed to update quantity",
  clear: "Failed to clear cart",
} as const;

/** Shown on the add button for two seconds after a successful add. */
export const ADDED_LABEL = "✓ Añadido";
/** The flash message after an add without JavaScript. */
export const ADDED_FLASH = "✓ Añadido al carrito";

/** The message when a quantity was limited to the stock left. */
export function onlyLeftMessage(available: number): string {
  return available === 1 ? "Solo queda 1 pieza disponible" : `Solo quedan ${available} piezas disponibles`;
}

/** The header's cart link, read aloud: the badge's count in words, singular for one piece. */
export function cartLinkLabel(count: number): string {
  if (count <= 0) return "Carrito vacío";
  return count === 1 ? "Carrito, 1 artículo" : `Carrito, ${count} artículos`;
}

export function isCartErrorCode(value: unknown): value is CartErrorCode {
  return typeof value === "string" && Object.hasOwn(CART_MESSAGES, value);
}

/** The item id of a cart line: `{productId}-{variantId or base}`. */
export function lineKeyOf(productId: number, variantId: number | null): string {
  return `${productId}-${variantId ?? "base"}`;
}

export const LINE_KEY_PATTERN = /^[1-9]\d{0,9}-([1-9]\d{0,9}|base)$/;

/** The most pieces of one line a single request may ask for (the stock limits it further). */
export const MAX_LINE_QUANTITY = 99;
