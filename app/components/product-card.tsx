import { Link } from "@remix-run/react";
import { type ReactNode, useId, useState } from "react";
import type { CardProduct, CardSelection } from "~/lib/catalog";
import { discountPercent, hasDiscount } from "~/lib/money";
import { chooseVariant, displayValues, materialOf } from "~/lib/variants";
import { Price } from "./price";
import { RatingSummary } from "./rating-summary";
import { StockLine } from "./stock-line";
import { useHydrated } from "./use-hydrated";

/**
 * A product in a grid: badges, image, name, material, price and stock; the whole card opens the
 * detail page. With JavaScript, a model select switches the shown variant's price, image and stock.
 *
 * `addToCartSlot` is where the cart issue puts its add-to-cart control (quantity prompt, AGREGAR /
 * Cancelar, ✓ Añadido); it receives the shown variant.
 */
export function ProductCard({
  product,
  eager = false,
  badgeStyle = "grid",
  addToCartSlot,
  titleAs: Title = "h3",
}: {
  product: CardProduct;
  eager?: boolean;
  /** "grid": OFERTA badge; "search": the discount percent (-N%) instead. */
  badgeStyle?: "grid" | "search";
  addToCartSlot?: (selection: CardSelection) => ReactNode;
  /** The name's heading level, one below the section's heading. */
  titleAs?: "h2" | "h3";
}) {
  const hydrated = useHydrated();
  const selectId = useId();
  const variants = product.variants ?? [];
  const [model, setModel] = useState<string | null>(null);
  const choice = chooseVariant(variants, { model });
  const shown = displayValues(product, choice.variant);
  const discounted = hasDiscount(shown.price, shown.originalPrice);
  const href = `/producto/${product.id}${choice.model && model ? `?modelo=${encodeURIComponent(choice.model)}` : ""}`;

  return (
    <article className="group relative flex flex-col" data-testid="product-card">
      <div className="relative aspect-square overflow-hidden bg-ivory-100">
        <img
          src={shown.image}
          alt=""
          width={800}
          height={800}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          className="h-full w-full object-cover transition duration-700 group-hover:scale-105"
        />
        <ul className="absolute left-3 top-3 flex flex-col items-start gap-1.5" aria-label="Distintivos">
          {product.isNew ? <Badge tone="ink">NUEVO</Badge> : null}
          {product.isFeatured ? <Badge tone="gold">DESTACADO</Badge> : null}
          {discounted ? (
            <Badge tone="red">
              {badgeStyle === "search" ? `-${discountPercent(shown.price, shown.originalPrice)}%` : "OFERTA"}
            </Badge>
          ) : null}
        </ul>
      </div>
      <div className="mt-4 flex flex-1 flex-col gap-1.5">
        <Title className="font-serif text-xl leading-tight text-ink-900">
          <Link to={href} className="after:absolute after:inset-0" prefetch="intent">
            {product.name}
          </Link>
        </Title>
        <p className="text-xs uppercase tracking-[0.15em] text-ink-700/70">
          {materialOf(product, choice.variant) ?? "Material no especificado"}
        </p>
        {choice.models.length > 0 ? (
          hydrated ? (
            <div className="relative z-10">
              <label htmlFor={selectId} className="sr-only">
                Modelo de {product.name}
              </label>
              <select
                id={selectId}
                value={choice.model ?? ""}
                onChange={(e) => setModel(e.target.value)}
                className="w-full rounded-sm border border-ink-700/20 bg-white px-2 py-1.5 text-sm text-ink-800 focus:border-gold-500"
              >
                {choice.models.map((m) => (
                  <option key={m} value={m}>
                    {m}
                  </option>
                ))}
              </select>
            </div>
          ) : (
            <p className="text-xs text-ink-700">
              <span className="sr-only">Modelos: </span>
              {choice.models.join(" · ")}
            </p>
          )
        ) : null}
        {product.rating ? <RatingSummary rating={product.rating} /> : null}
        <Price price={shown.price} originalPrice={shown.originalPrice} />
        <StockLine stock={shown.stock} />
        {addToCartSlot ? (
          <div className="relative z-10 mt-2">
            {addToCartSlot({
              productId: product.id,
              variantId: choice.variant?.id ?? null,
              stock: shown.stock,
              price: shown.price,
            })}
          </div>
        ) : null}
      </div>
    </article>
  );
}

const TONES = {
  ink: "bg-ink-900 text-ivory-50",
  gold: "bg-gold-700 text-white",
  red: "bg-red-800 text-white",
} as const;

function Badge({ tone, children }: { tone: keyof typeof TONES; children: string }) {
  return <li className={`px-2 py-1 text-[0.65rem] font-medium tracking-[0.2em] ${TONES[tone]}`}>{children}</li>;
}
