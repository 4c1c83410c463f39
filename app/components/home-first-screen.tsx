import { gridHref } from "~/lib/catalog";
import { CATEGORY_NAV } from "~/lib/constants";
import { productSrcSet } from "~/lib/images";

/** What premium Mexican jewellers show first (docs/decisions/055-occasion-tags.md): short and light. */

export function AnnouncementBar() {
  return (
    <p className="bg-ink-900 px-4 py-2 text-center text-xs tracking-wide text-ivory-100" data-testid="announcement">
      Envío a todo México · Hasta 12 meses sin intereses con tarjeta
    </p>
  );
}

const TRUST = [
  "Envío a todo México",
  "Hasta 12 MSI",
  "Certificado de autenticidad",
  "Garantía",
  "Devoluciones",
  "OXXO y SPEI",
] as const;

export function TrustStrip() {
  return (
    <ul
      aria-label="Compra con confianza"
      className="mx-auto grid max-w-7xl grid-cols-2 gap-x-4 gap-y-2 px-4 py-6 text-center text-xs uppercase tracking-[0.12em] text-ink-800 sm:grid-cols-3 lg:grid-cols-6"
      data-testid="trust-strip"
    >
      {TRUST.map((t) => (
        <li key={t}>{t}</li>
      ))}
    </ul>
  );
}

/** A render of the catalogue per category. */
const TILE_RENDERS: Record<string, string> = {
  rings: "/images/products/anillo-solitario-aurora-oro.webp",
  necklaces: "/images/products/collar-corazon-eterno.webp",
  bracelets: "/images/products/pulsera-infinito.webp",
  earrings: "/images/products/aretes-gota-zafiro.webp",
};

export function CategoryTiles() {
  return (
    // A list of links, not a second landmark named like the header's "Categorías" navigation.
    <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
      <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4" aria-label="Explora por categoría">
        {CATEGORY_NAV.filter((c) => c.id !== "all").map((c) => {
          const src = TILE_RENDERS[c.id]!;
          return (
            <li key={c.id}>
              <a href={gridHref(c.id, 1)} className="group block bg-ivory-100 text-center">
                <img
                  src={src}
                  srcSet={productSrcSet(src, [320, 640])}
                  sizes="(min-width:1024px) 18rem, 45vw"
                  alt=""
                  width={320}
                  height={320}
                  loading="lazy"
                  className="aspect-square w-full object-cover"
                />
                <span className="block py-3 font-serif text-xl text-ink-900 group-hover:text-gold-700">{c.label}</span>
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
