/**
 * Variant choice: a variant is chosen by model, then by size; the sizes offered depend
 * on the chosen model. Price, original price, image and stock come from the chosen variant.
 * Pure, so the detail page (URL `?modelo=…&talla=…`) and the card's model select share it.
 */

type VariantLike = {
  id: number;
  model: string | null;
  size: string | null;
  stock: number;
};

type Selection = { model?: string | null; size?: string | null };

function distinct(values: (string | null)[]): string[] {
  const seen: string[] = [];
  for (const v of values) if (v && !seen.includes(v)) seen.push(v);
  return seen;
}

/** The models on offer, in the variants' order. */
export function modelsOf(variants: readonly VariantLike[]): string[] {
  return distinct(variants.map((v) => v.model));
}

/** The sizes on offer for a model (all sizes when the product has no models). */
export function sizesFor(variants: readonly VariantLike[], model: string | null | undefined): string[] {
  const pool = modelsOf(variants).length > 0 ? variants.filter((v) => v.model === model) : variants;
  return distinct(pool.map((v) => v.size));
}

type VariantChoice<V extends VariantLike> = {
  variant: V | null;
  model: string | null;
  size: string | null;
  models: string[];
  sizes: string[];
};

/**
 * Resolves a (possibly partial or stale) selection to one variant. An unknown model falls back to
 * the first model; an unknown or missing size to the first size of that model that is in stock,
 * else its first size. Without variants the product itself is shown (`variant: null`).
 */
export function chooseVariant<V extends VariantLike>(
  variants: readonly V[],
  selection: Selection = {},
): VariantChoice<V> {
  const models = modelsOf(variants);
  const model = models.length === 0 ? null : models.includes(selection.model ?? "") ? selection.model! : models[0]!;
  const pool = model === null ? [...variants] : variants.filter((v) => v.model === model);
  const sizes = sizesFor(variants, model);
  let size: string | null = null;
  if (sizes.length > 0) {
    if (selection.size && sizes.includes(selection.size)) size = selection.size;
    else size = pool.find((v) => v.size && v.stock > 0)?.size ?? sizes[0]!;
  }
  const variant = pool.find((v) => size === null || v.size === size) ?? pool[0] ?? null;
  return { variant, model, size, models, sizes };
}

/**
 * A size is chosen, never assumed: the size the shopper picked (in the URL), or null while a product
 * with sizes still waits for one (`chooseVariant` shows the first size in stock meanwhile, but
 * nothing may be bought until the shopper picks). A product without sizes needs no choice.
 */
export function pickedSize(choice: { sizes: readonly string[] }, selection: Selection): string | null {
  return selection.size && choice.sizes.includes(selection.size) ? selection.size : null;
}

/** Whether the shopper must still pick a size before this product can go in the cart. */
export function sizeMissing(choice: { sizes: readonly string[] }, selection: Selection): boolean {
  return choice.sizes.length > 0 && pickedSize(choice, selection) === null;
}

/** The sizes of the chosen model with no piece left (offered, but marked agotado). */
export function soldOutSizes(variants: readonly VariantLike[], choice: { model: string | null; sizes: string[] }) {
  return choice.sizes.filter((size) =>
    variants.every((v) => v.size !== size || (choice.model !== null && v.model !== choice.model) || v.stock <= 0),
  );
}

type Priced = { price: number; originalPrice: number | null; stock: number; image: string | null };

/** What a card or the detail page shows: the variant's values, or the product's without one. */
export function displayValues(
  product: { price: number; originalPrice: number | null; stock: number; image: string },
  variant: Priced | null,
) {
  if (!variant)
    return { price: product.price, originalPrice: product.originalPrice, stock: product.stock, image: product.image };
  return {
    price: variant.price,
    originalPrice: variant.originalPrice,
    stock: variant.stock,
    image: variant.image ?? product.image,
  };
}

/**
 * The material shown for a piece (card, detail page, cart line, structured data): the chosen
 * variant's own material when it has one — a yellow-gold model of a white-gold ring is yellow
 * gold — else the product's. A blank material counts as none.
 */
export function materialOf(
  product: { material: string | null },
  variant: { material: string | null } | null | undefined,
): string | null {
  return nonBlank(variant?.material) ?? nonBlank(product.material);
}

function nonBlank(value: string | null | undefined): string | null {
  return value?.trim() ? value : null;
}

/** Gallery images: the variant's own images first when it has any, else the product's. */
export function galleryImages(
  product: { image: string; images: readonly { url: string; alt: string }[] },
  variant: { image: string | null; images: readonly { url: string; alt: string }[] } | null,
): { url: string; alt: string }[] {
  if (variant && variant.images.length > 0) return [...variant.images];
  if (product.images.length > 0) return [...product.images];
  return [{ url: variant?.image ?? product.image, alt: "" }];
}

/**
 * The variants a product card can show: the one `chooseVariant` picks for each model (a card offers
 * models, never sizes), or the product's default variant when it has no models. Sending only these
 * keeps a grid page's data the size of what it renders.
 */
export function cardVariants<V extends VariantLike>(variants: readonly V[]): V[] {
  const models = modelsOf(variants);
  const picks =
    models.length === 0
      ? [chooseVariant(variants).variant]
      : models.map((model) => chooseVariant(variants, { model }).variant);
  return picks.filter((v): v is V => v !== null);
}

/** Ring sizes are bare numbers ("7", read "Talla 7"); lengths and others carry their unit ("40 cm"). */
export function sizeLabel(size: string): string {
  return /^\d+(\.\d+)?$/.test(size) ? `Talla ${size}` : size;
}

/**
 * A variant's name as carts, orders and e-mails show it, made of its model and size:
 * "Oro blanco · Talla 7", "45 cm", "Oro rosa".
 */
export function variantName(variant: { model: string | null; size: string | null }): string {
  return [variant.model, variant.size ? sizeLabel(variant.size) : null].filter(Boolean).join(" · ");
}
