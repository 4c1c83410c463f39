import { useState } from "react";
import { productSrcSet } from "~/lib/images";
import { useHydrated } from "./use-hydrated";

/** The hero's width: half of the 1280 px page beside the details, the full width below lg. */
const HERO_SIZES = "(min-width:1280px) 600px,(min-width:1024px) 47vw,100vw";

/**
 * Thumbnail gallery with zoom. Without JavaScript the thumbnails are links that choose
 * the image through the URL (`?imagen=N`); with it they switch in place, and the main image zooms
 * in (following the pointer) when clicked.
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
  const [zoom, setZoom] = useState<{ x: number; y: number } | null>(null);

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
                  setState({ imagesKey, index: i });
                  setZoom(null);
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
      <div className="relative aspect-square flex-1 overflow-hidden bg-ivory-100">
        <img
          src={current.url}
          srcSet={productSrcSet(current.url)}
          sizes={HERO_SIZES}
          alt={current.alt || name}
          width={1000}
          height={1000}
          // The hero is the page's largest paint: fetch it first (React 18 has no `fetchPriority` prop).
          {...{ fetchpriority: "high" }}
          className="h-full w-full object-cover transition-transform duration-300"
          style={zoom ? { transform: "scale(2)", transformOrigin: `${zoom.x}% ${zoom.y}%` } : undefined}
        />
        {hydrated ? (
          <button
            type="button"
            aria-pressed={zoom !== null}
            aria-label={zoom ? "Reducir imagen" : "Ampliar imagen"}
            onClick={(event) => {
              if (zoom) return setZoom(null);
              const rect = event.currentTarget.getBoundingClientRect();
              const x = event.clientX ? ((event.clientX - rect.left) / rect.width) * 100 : 50;
              const y = event.clientY ? ((event.clientY - rect.top) / rect.height) * 100 : 50;
              setZoom({ x, y });
            }}
            onMouseMove={(event) => {
              if (!zoom) return;
              const rect = event.currentTarget.getBoundingClientRect();
              setZoom({
                x: ((event.clientX - rect.left) / rect.width) * 100,
                y: ((event.clientY - rect.top) / rect.height) * 100,
              });
            }}
            className={`absolute inset-0 h-full w-full ${zoom ? "cursor-zoom-out" : "cursor-zoom-in"}`}
          />
        ) : null}
      </div>
    </div>
  );
}
