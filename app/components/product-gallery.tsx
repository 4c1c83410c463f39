import { useRef, useState } from "react";
import { productSrcSet } from "~/lib/images";
import { ZoomIcon } from "./icons";
import { ProductZoom } from "./product-zoom";
import { useHydrated } from "./use-hydrated";

/** The hero's width: half of the 1280 px page beside the details, the full width below lg. */
const HERO_SIZES = "(min-width:1280px) 600px,(min-width:1024px) 47vw,100vw";

/**
 * Thumbnail gallery with zoom. Without JavaScript the thumbnails are links that choose the image
 * through the URL (`?imagen=N`) and the picture links to its full-size (1024 px) file; with it the
 * thumbnails switch in place and the picture opens full screen (ProductZoom: pinch, scroll, swipe,
 * keys), giving the focus back here when it closes.
 */
export function ProductGallery({
  images,
  name,
  selected,
  hrefFor,
}: {
  images: readonly { url: string; alt: string }[];
  name: string;
  selected: number;
  hrefFor: (index: number) => string;
}) {
  const hydrated = useHydrated();
  // The parent rebuilds `images` on every render (a revalidation after adding to the cart, too),
  // so the choice is tied to the URLs shown, not to the array: only a new variant's images reset it
  // to the URL's choice.
  const imagesKey = images.map((image) => image.url).join("\n");
  const [state, setState] = useState({ imagesKey, index: selected });
  const index = state.imagesKey === imagesKey ? state.index : selected;
  const safeIndex = Math.min(Math.max(index, 0), images.length - 1);
  const current = images[safeIndex] ?? images[0]!;
  const [zooming, setZooming] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const choose = (i: number) => setState({ imagesKey, index: i });

  const picture = (
    <img
      src={current.url}
      srcSet={productSrcSet(current.url)}
      sizes={HERO_SIZES}
      alt={current.alt || name}
      width={1000}
      height={1000}
      // The hero is the page's largest paint: fetch it first (React 18 has no `fetchPriority` prop).
      {...{ fetchpriority: "high" }}
      className="h-full w-full object-cover"
    />
  );

  return (
    <div className="flex flex-col-reverse gap-4 md:flex-row">
      {images.length > 1 ? (
        <ul className="flex gap-3 overflow-x-auto md:flex-col" aria-label="Imágenes del producto">
          {images.map((image, i) => (
            <li key={`${image.url}-${i}`} className="shrink-0">
              <a
                href={hrefFor(i)}
                aria-current={i === safeIndex ? "true" : undefined}
                aria-label={`Ver imagen ${i + 1} de ${images.length}`}
                onClick={(event) => {
                  event.preventDefault();
                  choose(i);
                }}
                className="block h-20 w-20 overflow-hidden border border-transparent bg-ivory-100 aria-[current=true]:border-gold-500"
              >
                <img
                  src={image.url}
                  srcSet={productSrcSet(image.url)}
                  sizes="80px"
                  alt=""
                  width={80}
                  height={80}
                  loading="lazy"
                  className="h-full w-full object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="group relative aspect-square flex-1 overflow-hidden bg-ivory-100">
        {hydrated ? (
          <button
            ref={opener}
            type="button"
            aria-haspopup="dialog"
            aria-label={`Ampliar imagen ${safeIndex + 1} de ${images.length}`}
            onClick={() => setZooming(true)}
            className="block h-full w-full cursor-zoom-in"
            data-testid="zoom-open"
          >
            {picture}
          </button>
        ) : (
          // The spec's zoom flag without JavaScript: the picture's full-size file.
          <a
            href={current.url}
            aria-label={`Ampliar imagen ${safeIndex + 1} de ${images.length}`}
            className="block h-full w-full"
          >
            {picture}
          </a>
        )}
        <span
          aria-hidden="true"
          className="pointer-events-none absolute bottom-3 right-3 flex h-10 w-10 items-center justify-center rounded-full bg-white/85 text-ink-900 shadow-sm transition group-hover:bg-white"
        >
          <ZoomIcon />
        </span>
      </div>
      {zooming ? (
        <ProductZoom
          images={images}
          name={name}
          index={safeIndex}
          onIndex={choose}
          onClose={() => {
            setZooming(false);
            opener.current?.focus();
          }}
        />
      ) : null}
    </div>
  );
}
