import { Link } from "@remix-run/react";
import { hasDiscount } from "~/lib/money";
import { Price } from "./price";
import { StockLine } from "./stock-line";

export type CardProduct = {
  id: number;
  name: string;
  price: number;
  originalPrice: number | null;
  image: string;
  material: string | null;
  stock: number;
  isNew: boolean;
  isFeatured: boolean;
};

/** A product in the grid: badges, image, name, material, price and stock; opens the detail page. */
export function ProductCard({ product, eager = false }: { product: CardProduct; eager?: boolean }) {
  const discounted = hasDiscount(product.price, product.originalPrice);
  return (
    <article className="group relative flex flex-col" data-testid="product-card">
      <div className="relative aspect-square overflow-hidden bg-ivory-100">
        <img
          src={product.image}
          alt={product.name}
          width={800}
          height={800}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          className="h-full w-full object-cover transition duration-700 group-hover:scale-105"
        />
        <ul className="absolute left-3 top-3 flex flex-col gap-1.5" aria-label="Distintivos">
          {product.isNew ? <Badge tone="ink">NUEVO</Badge> : null}
          {product.isFeatured ? <Badge tone="gold">DESTACADO</Badge> : null}
          {discounted ? <Badge tone="red">OFERTA</Badge> : null}
        </ul>
      </div>
      <div className="mt-4 flex flex-1 flex-col gap-1.5">
        <h3 className="font-serif text-xl leading-tight text-ink-900">
          <Link to={`/producto/${product.id}`} className="after:absolute after:inset-0" prefetch="intent">
            {product.name}
          </Link>
        </h3>
        <p className="text-xs uppercase tracking-[0.15em] text-ink-700/70">{product.material ?? "Material no especificado"}</p>
        <Price price={product.price} originalPrice={product.originalPrice} />
        <StockLine stock={product.stock} />
      </div>
    </article>
  );
}

const TONES = {
  ink: "bg-ink-900 text-ivory-50",
  gold: "bg-gold-500 text-white",
  red: "bg-red-700 text-white",
} as const;

export function Badge({ tone, children }: { tone: keyof typeof TONES; children: string }) {
  return (
    <li className={`px-2 py-1 text-[0.65rem] font-medium tracking-[0.2em] ${TONES[tone]}`}>{children}</li>
  );
}
