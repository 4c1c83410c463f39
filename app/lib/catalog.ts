/** Pure catalogue rules and shapes shared by server and browser. */

import type { RatingSummary } from "./reviews";

/** A variant as a product card shows it (money in centavos). */
export type CardVariant = {
  id: number;
  name: string;
  model: string | null;
  size: string | null;
  price: number;
  originalPrice: number | null;
  stock: number;
  image: string | null;
  /** Its own material when its model is another metal; null: the product's. */
  material: string | null;
};

/** A product as a grid, search result or related-products card shows it (money in centavos). */
export type CardProduct = {
  id: number;
  name: string;
  price: number;
  originalPrice: number | null;
  image: string;
  material: string | null;
  stock: number;
  isNew: boolean;
  isFeatured: boolean;
  variants?: CardVariant[];
  /** Average rating and review count, where the list loads them (none: no stars shown). */
  rating?: RatingSummary | null;
};

/** What a card's add-to-cart control needs to add the piece currently shown. */
export type CardSelection = { productId: number; variantId: number | null; stock: number; price: number };

type Flags = { isNew: boolean; isFeatured: boolean };

/** Grid order: new and featured first, then new, then featured, then the rest. */
function gridRank(p: Flags): number {
  if (p.isNew && p.isFeatured) return 0;
  if (p.isNew) return 1;
  if (p.isFeatured) return 2;
  return 3;
}

/** Stable sort by grid rank; the incoming order (newest first) is kept within each rank. */
export function sortForGrid<T extends Flags>(products: readonly T[]): T[] {
  return products
    .map((p, i) => ({ p, i }))
    .sort((a, b) => gridRank(a.p) - gridRank(b.p) || a.i - b.i)
    .map(({ p }) => p);
}
