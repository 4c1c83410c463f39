/**
 * Responsive product images. Every picture under PRODUCT_IMAGE_DIR has WebP copies at
 * PRODUCT_IMAGE_WIDTHS next to it (`anillo.webp` → `anillo-320w.webp`, …): the seed catalogue's
 * renders are committed with theirs (tools/render-products/render-products.mjs), photos uploaded in the panel get
 * theirs when uploaded (UPLOADED_IMAGE_DIR, named by a hash); browsers pick the size the layout needs.
 */
export const PRODUCT_IMAGE_DIR = "/images/products/";
export const PRODUCT_IMAGE_WIDTHS = [320, 640, 1024] as const;

/** Where photos uploaded in the panel are served from (the database keeps them). */
export const UPLOADED_IMAGE_DIR = "/uploads/products/";

/** An uploaded photo with copies: a hash name (older uploads, `<hash>-1000.webp`, have none). */
const UPLOADED_WITH_COPIES = /^\/uploads\/products\/[0-9a-f]{24}\.webp$/;

/**
 * A grid card is 160–300 CSS px wide at every breakpoint, so it needs no `sizes`: the 320 px copy
 * for ordinary screens, the 640 px one for dense (2×) screens. The 320 px copy is the `src` itself
 * (a `srcset` without a 1× entry uses `src` for it), so each of a page's cards names it once, not
 * twice: the home's HTML carries 24 of them.
 */
export function cardImage(src: string): { src: string; srcSet?: string } {
  if (!isProductImage(src)) return { src };
  return { src: variantPath(src, 320), srcSet: `${variantPath(src, 640)} 2x` };
}

function isProductImage(src: string): boolean {
  return (src.startsWith(PRODUCT_IMAGE_DIR) && !src.includes("..")) || UPLOADED_WITH_COPIES.test(src);
}

/** The file name of one width's copy of a source image. */
export function variantPath(source: string, width: number): string {
  return `${source.replace(/\.[a-z0-9]+$/i, "")}-${width}w.webp`;
}

/** The `srcset` of a product image, or undefined for a picture from elsewhere (it has no copies). */
export function productSrcSet(src: string, widths: readonly number[] = PRODUCT_IMAGE_WIDTHS): string | undefined {
  if (!isProductImage(src)) return undefined;
  return widths.map((w) => `${variantPath(src, w)} ${w}w`).join(",");
}
