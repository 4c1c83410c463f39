import { LINE_KEY_PATTERN, lineKeyOf, MAX_LINE_QUANTITY } from "./cart-messages";
import { parseId } from "./ids";

/**
 * The interrupted add: a logged-out shopper pressed AGREGAR or AÑADIR AL CARRITO. The piece
 * (product and variant) and the quantity travel with the way to the login — in the /login and
 * /register addresses and their forms' hidden fields — so that a successful login or registration,
 * after any number of failed attempts, puts them in the cart and returns to where they were.
 */
export type PendingAdd = { productId: number; variantId: number | null; quantity: number };

/** The piece, as the cart's line key: `12-34` (product 12, variant 34) or `12-base`. */
export const PENDING_ADD_PARAM = "agregar";
export const PENDING_QUANTITY_PARAM = "cantidad";

type Source = { get(name: string): FormDataEntryValue | null };

/** The pending add in a query string or a form, or null when there is none or it is malformed. */
export function readPendingAdd(source: Source): PendingAdd | null {
  const key = source.get(PENDING_ADD_PARAM);
  if (typeof key !== "string" || !LINE_KEY_PATTERN.test(key)) return null;
  const [product, variant] = key.split("-");
  const productId = parseId(product);
  if (productId === null) return null;
  const variantId = variant === "base" ? null : parseId(variant);
  if (variant !== "base" && variantId === null) return null;
  const rawQuantity = source.get(PENDING_QUANTITY_PARAM);
  const quantity = typeof rawQuantity === "string" && /^\d{1,2}$/.test(rawQuantity) ? Number(rawQuantity) : 1;
  return { productId, variantId, quantity: Math.min(Math.max(quantity, 1), MAX_LINE_QUANTITY) };
}

/** The query parameters (or hidden fields) that carry `add`; the quantity within what one add may ask. */
export function pendingAddParams(add: PendingAdd): [string, string][] {
  const quantity = Math.min(Math.max(add.quantity, 1), MAX_LINE_QUANTITY);
  return [
    [PENDING_ADD_PARAM, lineKeyOf(add.productId, add.variantId)],
    [PENDING_QUANTITY_PARAM, String(quantity)],
  ];
}

/**
 * An account page (`/login`, `/register`) that comes back to `redirectTo` afterwards, with the
 * pending add when there is one: `/login?redirectTo=%2Fproducto%2F12&agregar=12-34&cantidad=2`.
 */
export function accountHref(page: "/login" | "/register", redirectTo: string, add: PendingAdd | null): string {
  const query = new URLSearchParams();
  if (redirectTo !== "/") query.set("redirectTo", redirectTo);
  for (const [name, value] of add ? pendingAddParams(add) : []) query.set(name, value);
  const search = query.toString();
  return search ? `${page}?${search}` : page;
}

/** Why the account page or modal appeared: "Inicia sesión para agregar Anillo … a tu carrito." */
export function addPrompt(mode: "login" | "register", label: string): string {
  return `${mode === "login" ? "Inicia sesión" : "Crea tu cuenta"} para agregar ${label} a tu carrito.`;
}
