import { createElement, type ReactElement } from "react";

/**
 * A page of Spanish text for the NUL-byte tests (app/utils/whole-document-nul.server.test.tsx):
 * two-, three- and four-byte characters all along; `shift` moves every later character across React's
 * 2 KB buffer boundaries, so some alignment puts each kind of character at one.
 */
export function nulBytePage(shift: number, productName = "Anillo de oro"): ReactElement {
  return createElement(
    "main",
    { "aria-label": "Catálogo — Joyería" },
    // A text this long is written on its own (React's buffer starts afresh after it).
    createElement("p", null, "Anillo de oro 18 k con diamante — ñandú ✨💍 ".repeat(60)),
    createElement("p", null, "x".repeat(shift)),
    createElement("h1", null, productName),
    ...Array.from({ length: 150 }, (_, i) =>
      createElement("a", { key: i, href: `/producto/${i}`, "aria-label": "Abrir menú" }, "Garantía de 90 días ", i),
    ),
  );
}
