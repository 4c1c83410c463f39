import { Link } from "~/components/link";
import type { ReactNode } from "react";
import { chargedPiecePrice } from "~/lib/installments";
import { InstallmentsLine } from "./installments-line";
import { Price } from "./price";
import { useIvaIncluded } from "./price-display";

/** The top of the product's details: its category, name, material and NUEVO / DESTACADO. */
export function ProductHeading({
  product,
  material,
}: {
  product: { name: string; isNew: boolean; isFeatured: boolean; category: { slug: string; name: string } };
  material: string | null;
}) {
  return (
    <div>
      <p className="eyebrow">
        <Link
          to={`/?categoria=${product.category.slug}#productos`}
          className="hover:underline"
          data-category={product.category.slug}
        >
          {product.category.name}
        </Link>
      </p>
      <h1 className="mt-3 font-serif text-4xl leading-tight text-ink-900 sm:text-5xl">{product.name}</h1>
      <p className="mt-2 text-xs uppercase tracking-[0.2em] text-ink-700/80" data-testid="product-material">
        {material ?? "Material no especificado"}
      </p>
      {product.isNew || product.isFeatured ? (
        <p className="mt-3 flex gap-2 text-[0.65rem] font-medium tracking-[0.2em]">
          {product.isNew ? <span className="bg-ink-900 px-2 py-1 text-ivory-50">NUEVO</span> : null}
          {product.isFeatured ? <span className="bg-gold-700 px-2 py-1 text-white">DESTACADO</span> : null}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The price of the piece shown, with how IVA is counted under the shop's setting ("más IVA" or "IVA
 * incluido") and the meses sin intereses it qualifies for (on the piece with its IVA, before shipping). `children` go under it: more about paying for it.
 */
export function ProductPriceBlock({
  price,
  originalPrice,
  children,
}: {
  price: number;
  originalPrice: number | null;
  children?: ReactNode;
}) {
  const ivaIncluded = useIvaIncluded();
  return (
    <div data-testid="product-price">
      <Price price={price} originalPrice={originalPrice} size="lg" />
      <p className="mt-1 text-xs text-ink-700" data-testid="iva-note">
        {ivaIncluded ? "IVA incluido" : "más IVA"}
      </p>
      <InstallmentsLine charged={chargedPiecePrice(price)} className="mt-2 text-sm" />
      {children}
    </div>
  );
}
