/** Pure catalogue rules and shapes shared by server and browser. */
import { type CategoryId, GRID_MAX_PAGE } from "./constants";
import { PRODUCT_IMAGE_DIR } from "./images";
import { chooseVariant, displayValues } from "./variants";

import type { RatingSummary } from "./reviews";

/** A variant as a product card shows it (money in centavos). */
export type CardVariant = {
  id: number;
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
export type CardSelection = {
  productId: number;
  productName: string;
  variantId: number | null;
  /**
   * The model the card adds, and the size it shows (the first in stock): a piece with sizes is not
   * added from a card — its size is chosen on its page.
   */
  model: string | null;
  size: string | null;
  stock: number;
  price: number;
  /** The detail page of the piece shown, where every model and size can be chosen. */
  href: string;
};

/**
 * What a card shows of `product` with `model` chosen in its select (null: as the server renders it): the
 * variant choice, the values shown, the detail page's address and what its add-to-cart control adds.
 * Shared by the card and the signed-in search page's assembly (docs/decisions/046), which must agree.
 */
export function cardView(product: CardProduct, model: string | null) {
  const choice = chooseVariant(product.variants ?? [], { model });
  const shown = displayValues(product, choice.variant);
  const href = `/producto/${product.id}${choice.model && model ? `?modelo=${encodeURIComponent(choice.model)}` : ""}`;
  const selection: CardSelection = {
    productId: product.id,
    productName: product.name,
    variantId: choice.variant?.id ?? null,
    model: choice.model,
    size: choice.size,
    stock: shown.stock,
    price: shown.price,
    href,
  };
  return { choice, shown, href, selection };
}

type Flags = { isNew: boolean; isFeatured: boolean };

/**
 * Grid order: new and featured first, then new, then featured, then the rest. The database sorts by
 * (isNew desc, isFeatured desc, newest first), which is the same order; this function states the rule
 * for code and tests that hold the rows already.
 */
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

/** The query parameter of a grid or search page number. */
export const PAGE_PARAM = "pagina";

/**
 * The page a `?pagina=` value asks for: absent, empty or junk (not a plain positive integer) is page
 * 1, so a mangled link still shows the catalogue; a number past the last page we serve is `null`
 * (the route answers 404).
 */
export function parsePage(value: string | null): number | null {
  if (value === null || !/^\d{1,9}$/.test(value.trim())) return 1;
  const page = Number(value.trim());
  if (page < 1) return 1;
  return page > GRID_MAX_PAGE ? null : page;
}

/** The address of a page of the home grid (page 1 has no `pagina`, so it is the canonical URL). */
export function gridHref(category: CategoryId, page: number): string {
  const query = new URLSearchParams();
  if (category !== "all") query.set("categoria", category);
  if (page > 1) query.set(PAGE_PARAM, String(page));
  const s = query.toString();
  return s ? `/?${s}` : "/";
}

/** One page of a paginated product list. */
export type ProductPage<P> = { products: P[]; page: number; hasNext: boolean };

type Packed<T> = { [K in keyof T as null extends T[K] ? never : K]: T[K] } & {
  [K in keyof T as null extends T[K] ? K : never]?: Exclude<T[K], null>;
};

/**
 * A card as a grid page's loader sends it, for the 24 cards of the page's hydration data: fields
 * that are null or false are left out (no original price, no own image or material, not new), and
 * product pictures are named without their common folder. `unpackCard` restores the card.
 */
export type PackedCard = Packed<Omit<CardProduct, "variants" | "isNew" | "isFeatured">> & {
  isNew?: true;
  isFeatured?: true;
  variants?: Packed<CardVariant>[];
};

function compact<T extends { image: string | null }>(value: T): Packed<T> {
  const kept = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== null && v !== false);
  const image = value.image?.startsWith(PRODUCT_IMAGE_DIR) ? value.image.slice(PRODUCT_IMAGE_DIR.length) : value.image;
  return { ...Object.fromEntries(kept), ...(image === null ? {} : { image }) } as Packed<T>;
}

/** A packed picture's address: a bare file name is in PRODUCT_IMAGE_DIR. */
function fullImage<I extends string | undefined>(image: I): I {
  return (image && !image.includes("/") ? `${PRODUCT_IMAGE_DIR}${image}` : image) as I;
}

export function packCard(product: CardProduct): PackedCard {
  return { ...(compact(product) as PackedCard), variants: product.variants?.map(compact) };
}

export function unpackCard(card: PackedCard): CardProduct {
  return {
    ...card,
    originalPrice: card.originalPrice ?? null,
    image: fullImage(card.image),
    material: card.material ?? null,
    isNew: card.isNew ?? false,
    isFeatured: card.isFeatured ?? false,
    rating: card.rating ?? null,
    variants: card.variants?.map((v) => ({
      ...v,
      model: v.model ?? null,
      size: v.size ?? null,
      originalPrice: v.originalPrice ?? null,
      image: fullImage(v.image) ?? null,
      material: v.material ?? null,
    })),
  };
}
