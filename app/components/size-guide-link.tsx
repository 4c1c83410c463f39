import { Link } from "~/components/link";
import { useEffect, useRef, useState } from "react";
import { CloseIcon, RulerIcon } from "./icons";
import { SizeGuide } from "./size-guide";
import { useHydrated } from "./use-hydrated";

/** The size guide's own page (works without JavaScript, and prints the sizer). */
export const SIZE_GUIDE_PATH = "/guia-de-tallas";

/**
 * "Guía de tallas" next to TALLA on a ring: the guide's page without JavaScript; with it, the same
 * guide in a dialog over the product (Escape or × closes it and the focus comes back here).
 */
export function SizeGuideLink() {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const link = useRef<HTMLAnchorElement>(null);
  return (
    <>
      <Link
        ref={link}
        to={SIZE_GUIDE_PATH}
        aria-haspopup={hydrated ? "dialog" : undefined}
        onClick={(event) => {
          if (!hydrated) return;
          event.preventDefault();
          setOpen(true);
        }}
        className="inline-flex min-h-11 items-center gap-1.5 text-xs normal-case tracking-normal text-ink-800 underline underline-offset-4 hover:text-gold-700"
      >
        <RulerIcon width={16} height={16} />
        Guía de tallas
      </Link>
      {open ? (
        <SizeGuideDialog
          onClose={() => {
            setOpen(false);
            link.current?.focus();
          }}
        />
      ) : null}
    </>
  );
}

function SizeGuideDialog({ onClose }: { onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (dialog.current && !dialog.current.open) dialog.current.showModal();
  }, []);
  return (
    <dialog
      ref={dialog}
      aria-labelledby="guia-titulo"
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside the panel) closes it.
        if (event.target === event.currentTarget) dialog.current?.close();
      }}
      className="m-0 mt-auto max-h-[92vh] w-full max-w-none overflow-y-auto rounded-t-md bg-transparent p-0 backdrop:bg-ink-900/60 backdrop:backdrop-blur-sm sm:m-auto sm:max-w-2xl sm:rounded-md"
      data-testid="size-guide-dialog"
    >
      <div className="relative bg-ivory-50 px-6 pb-8 pt-8 sm:px-10">
        <button
          type="button"
          onClick={() => dialog.current?.close()}
          className="btn-ghost absolute right-3 top-4"
          aria-label="Cerrar"
        >
          <CloseIcon />
        </button>
        <p className="eyebrow">Anillos</p>
        <h2 id="guia-titulo" className="mt-2 font-serif text-3xl text-ink-900">
          Guía de tallas
        </h2>
        <div className="mt-6">
          <SizeGuide Heading="h3" />
        </div>
        <p className="mt-6 text-sm">
          <Link
            to={SIZE_GUIDE_PATH}
            target="_blank"
            rel="noopener"
            className="text-gold-700 underline underline-offset-2"
            aria-label="Abrir la guía para imprimir el medidor (se abre en una pestaña nueva)"
          >
            Abrir la guía para imprimir el medidor
          </Link>
        </p>
      </div>
    </dialog>
  );
}
