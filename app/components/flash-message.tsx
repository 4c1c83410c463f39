import { useEffect, useState } from "react";

export type FlashData = { kind: "success" | "error"; message: string } | null;

/**
 * The one-shot message of the previous action (e.g. "✓ Añadido al carrito" after adding to the
 * cart without JavaScript), read by the root loader from the session. A polite live region near
 * the top of the page; with JavaScript it fades away after a few seconds.
 */
export function FlashMessage({ flash }: { flash: FlashData }) {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    setHidden(false);
    if (!flash) return;
    const timer = setTimeout(() => setHidden(true), 5000);
    return () => clearTimeout(timer);
  }, [flash]);

  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-20 z-40 flex justify-center px-4"
    >
      {flash && !hidden ? (
        <p
          data-testid="flash-message"
          className={`pointer-events-auto flex items-center gap-2 border px-5 py-3 text-sm shadow-lg ${
            flash.kind === "success"
              ? "border-gold-400/60 bg-ink-900 text-ivory-50"
              : "border-red-800/30 bg-white text-red-900"
          }`}
        >
          {flash.message}
        </p>
      ) : null}
    </div>
  );
}
