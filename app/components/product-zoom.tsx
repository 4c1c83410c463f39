import { type KeyboardEvent, useEffect, useRef } from "react";
import { productSrcSet } from "~/lib/images";
import { ArrowLeftIcon, ArrowRightIcon, CloseIcon } from "./icons";
import { MAX_ZOOM, usePinchZoom } from "./use-pinch-zoom";

type Picture = { url: string; alt: string };

/**
 * The product's pictures full screen (a modal <dialog>): pinch, scroll or double-click to zoom, drag
 * to look around, swipe or the arrows (keys ← →, buttons) for the other views, Escape or × to close.
 * The page's gallery follows the view chosen here; closing gives the focus back to what opened it.
 */
export function ProductZoom({
  images,
  name,
  index,
  onIndex,
  onClose,
}: {
  images: readonly Picture[];
  name: string;
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const count = images.length;
  const go = (step: -1 | 1) => onIndex((index + step + count) % count);
  const zoom = usePinchZoom((direction) => count > 1 && go(direction));
  const { reset } = zoom;
  const current = images[index] ?? images[0]!;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  // Another view starts unzoomed.
  useEffect(reset, [index, reset]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowRight" && count > 1) go(1);
    else if (event.key === "ArrowLeft" && count > 1) go(-1);
    else if (event.key === "+" || event.key === "=") zoom.zoomBy(1.5);
    else if (event.key === "-") zoom.zoomBy(1 / 1.5);
    else return;
    event.preventDefault();
  };

  return (
    <dialog
      ref={dialogRef}
      aria-label={`${name}: imágenes ampliadas`}
      onClose={onClose}
      onKeyDown={onKeyDown}
      className="m-0 h-full max-h-none w-full max-w-none bg-ink-900 p-0 text-ivory-50 backdrop:bg-ink-900"
      data-testid="product-zoom"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between px-4 py-3">
          <p className="text-sm tracking-[0.2em]" aria-live="polite" data-testid="zoom-counter">
            {index + 1} / {count}
          </p>
          <div className="flex items-center gap-1">
            <button
              type="button"
              className="zoom-button"
              aria-label="Alejar"
              onClick={() => zoom.zoomBy(1 / 1.5)}
              disabled={!zoom.zoomed}
            >
              −
            </button>
            <button
              type="button"
              className="zoom-button"
              aria-label="Acercar"
              onClick={() => zoom.zoomBy(1.5)}
              disabled={zoom.view.scale >= MAX_ZOOM}
            >
              +
            </button>
            <button
              type="button"
              className="zoom-button"
              aria-label="Cerrar"
              onClick={() => dialogRef.current?.close()}
            >
              <CloseIcon />
            </button>
          </div>
        </div>
        <div
          ref={zoom.frame}
          className={`relative min-h-0 flex-1 touch-none select-none overflow-hidden ${zoom.zoomed ? "cursor-grab" : "cursor-zoom-in"}`}
          {...zoom.handlers}
        >
          <img
            key={current.url}
            src={current.url}
            srcSet={productSrcSet(current.url)}
            sizes="100vw"
            alt={current.alt || name}
            draggable={false}
            className="h-full w-full object-contain transition-transform duration-75"
            style={{ transform: zoom.transform }}
          />
          {count > 1 ? (
            <>
              <button type="button" className="zoom-arrow left-3" aria-label="Imagen anterior" onClick={() => go(-1)}>
                <ArrowLeftIcon />
              </button>
              <button type="button" className="zoom-arrow right-3" aria-label="Imagen siguiente" onClick={() => go(1)}>
                <ArrowRightIcon />
              </button>
            </>
          ) : null}
        </div>
        <p className="px-4 pb-4 pt-2 text-center text-xs text-ivory-200/70">
          Pellizca, usa la rueda o haz doble clic para acercar; desliza o usa las flechas para ver las demás.
        </p>
      </div>
    </dialog>
  );
}
