import { Link } from "~/components/link";
import { type ReactNode, useId, useState } from "react";
import { type CardProduct, type CardSelection, cardView } from "~/lib/catalog";
import { chargedPiecePrice } from "~/lib/installments";
import { discountPercent, hasDiscount } from "~/lib/money";
import { materialOf } from "~/lib/variants";
import { ProductImage } from "./product-image";
import { InstallmentsLine } from "./installments-line";
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
  const [model, setModel] = useState<string | null>(null);
  const { choice, shown, href, selection } = cardView(product, model);
  const discounted = hasDiscount(shown.price, shown.originalPrice);
  const material = materialOf(product, choice.variant) ?? "Material no especificado";
  // Most important first: a phone shows only the first badge.
  const badges = [
    discounted ? (
      <li key="d" className="badge-red">
        {badgeStyle === "search" ? `-${discountPercent(shown.price, shown.originalPrice)}%` : "OFERTA"}
      </li>
    ) : null,
    product.isNew ? (
      <li key="n" className="badge-ink">
        NUEVO
      </li>
    ) : null,
    product.isFeatured ? (
      <li key="f" className="badge-gold">
        DESTACADO
      </li>
    ) : null,
  ].filter(Boolean);

  return (
    <article className="card" data-testid="product-card">
      <div className="card-media">
        <ProductImage src={shown.image} sizes="card" eager={eager} />
        {badges.length > 0 ? (
          <ul className="card-badges" aria-label="Distintivos">
            {badges}
          </ul>
        ) : null}
      </div>
      <div className="card-body">
        {/* Fixed slots first (name: two lines, material: one), so within a grid row every price
            sits on the same line; the parts that vary (Ahorras, model, rating, stock) follow, and
            the add-to-cart row is pushed to the bottom so the buttons line up too. */}
        <Title className="card-title">
          <Link to={href} prefetch="intent" discover="none">
            {product.name}
          </Link>
        </Title>
        <p className="card-material">{material}</p>
        <Price price={shown.price} originalPrice={shown.originalPrice} />
        <InstallmentsLine charged={chargedPiecePrice(shown.price)} />
        {choice.models.length > 0 ? (
          hydrated ? (
            <div className="card-raised">
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
            <p className="card-models">
              <span className="sr-only">Modelos: </span>
              {choice.models.join(" · ")}
            </p>
          )
        ) : null}
        {product.rating ? <RatingSummary rating={product.rating} /> : null}
        <StockLine stock={shown.stock} />
        {addToCartSlot?.(selection)}
      </div>
    </article>
  );
}
