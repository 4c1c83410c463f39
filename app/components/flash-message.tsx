import { useEffect, useState } from "react";
// Types only: erased from the browser bundle.
import type { Flash } from "~/utils/flash.server";

const STYLE: Record<Flash["kind"], string> = {
  success: "border-gold-400/60 bg-ink-900 text-ivory-50",
  notice: "border-amber-700/30 bg-amber-50 text-amber-900",
  error: "border-red-800/30 bg-white text-red-900",
};

/**
 * The one-shot message of the previous action (e.g. "✓ Añadido al carrito" after adding to the
 * cart without JavaScript), read by the root loader from the session, near the top of the page;
 * with JavaScript it fades away after a few seconds. An error is an alert; a success or a notice
 * (the action did less than asked, e.g. limited to the stock) is a polite status.
 */
export function FlashMessage({ flash: message }: { flash: Flash | null }) {
  // A message for one field is the page's to show next to it (the product page's sizes).
  const flash = message?.field ? null : message;
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    setHidden(false);
    if (!flash) return;
    const timer = setTimeout(() => setHidden(true), 5000);
    return () => clearTimeout(timer);
  }, [flash]);

  return (
    <div className="pointer-events-none fixed inset-x-0 top-20 z-40 flex justify-center px-4">
      {flash && !hidden ? (
        <p
          data-testid="flash-message"
          data-kind={flash.kind}
          role={flash.kind === "error" ? "alert" : "status"}
          className={`pointer-events-auto flex items-center gap-2 border px-5 py-3 text-sm shadow-lg ${STYLE[flash.kind]}`}
        >
          {flash.message}
        </p>
      ) : null}
    </div>
  );
}
