import { PRODUCT_KEYS } from "./catalogs";

/**
 * The SAT product key (c_ClaveProdServ) of a category's pieces, which staff edit in /admin/categorias
 * (docs/decisions/061). Eight digits: segment, family, class and product, two digits each. A category
 * without its own key, and an order line whose piece is gone, is invoiced as the class of fine
 * jewellery (54101500), which the SAT accepts at class level.
 */

export const DEFAULT_SAT_PRODUCT_KEY = PRODUCT_KEYS.fineJewellery.code;

/**
 * The keys the shop's categories start with: products of class 541015 (fine jewellery) of the SAT's
 * catalogue, as the migration sets them (prisma/migrations/20261128153000_category_sat_product_keys).
 */
export const CATEGORY_SAT_KEYS: Readonly<Record<string, string>> = {
  bracelets: "54101501",
  necklaces: "54101502",
  rings: "54101503",
  earrings: "54101504",
};

export const SAT_KEY_MESSAGES = {
  required: "Escribe la clave de producto del SAT",
  format: "La clave de producto del SAT tiene 8 dígitos, por ejemplo 54101500",
  zeros: "La clave 00000000 no existe en el catálogo c_ClaveProdServ del SAT",
  badRequest: "Solicitud no válida",
  notFound: "La categoría ya no existe",
} as const;

/** A typed key, spaces and dots of a copied key dropped ("5410 1500", "54.10.15.00"). */
export function normaliseSatProductKey(value: string): string {
  return value.replace(/[\s.]/g, "");
}

/** The key's error, in Spanish, or null when it is eight digits (the form's one rule, checked on the server). */
export function satProductKeyError(value: string): string | null {
  const key = normaliseSatProductKey(value);
  if (key === "") return SAT_KEY_MESSAGES.required;
  if (!/^\d{8}$/.test(key)) return SAT_KEY_MESSAGES.format;
  if (key === "00000000") return SAT_KEY_MESSAGES.zeros;
  return null;
}

/** The key a line is invoiced with: its category's, or the default when the piece is gone. */
export function lineSatProductKey(categoryKey: string | null | undefined): string {
  return categoryKey && satProductKeyError(categoryKey) === null ? categoryKey : DEFAULT_SAT_PRODUCT_KEY;
}
