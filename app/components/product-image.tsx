import { cardImage, productSrcSet } from "~/lib/images";

/**
 * A square product picture in the sizes the layout needs: `sizes` says how wide it is drawn (the
 * browser picks a copy), or "card" for a grid card, whose width barely changes (1× and 2× copies).
 * Eager ones (the first grid row, the detail hero) are fetched first, with high priority, because
 * they are the largest thing on screen; the rest wait until they scroll near.
 */
export function ProductImage({
  src,
  sizes,
  eager = false,
  alt = "",
  className,
}: {
  src: string;
  sizes: string | "card";
  eager?: boolean;
  alt?: string;
  className?: string;
}) {
  // React 18 knows no `fetchPriority` prop; the lowercase attribute reaches the HTML as written.
  const priority = eager ? ({ fetchpriority: "high" } as Record<string, string>) : {};
  const card = sizes === "card";
  const files = card ? cardImage(src) : { src, srcSet: productSrcSet(src) };
  return (
    <img
      src={files.src}
      srcSet={files.srcSet}
      sizes={card ? undefined : sizes}
      alt={alt}
      // A card's picture fills a square box (no layout shift without them); elsewhere they give the ratio.
      width={card ? undefined : 800}
      height={card ? undefined : 800}
      // Eager is the browser's default: only the lazy ones need saying.
      loading={eager ? undefined : "lazy"}
      className={className}
      {...priority}
    />
  );
}
