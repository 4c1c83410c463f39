import { formatMoney, hasDiscount, savings } from "~/lib/money";

/** Price, struck-through original price and the "Ahorras" amount. */
export function Price({
  price,
  originalPrice,
  size = "md",
  showSavings = true,
}: {
  price: number;
  originalPrice: number | null;
  size?: "md" | "lg";
  showSavings?: boolean;
}) {
  const discounted = hasDiscount(price, originalPrice);
  return (
    <div className="price-row">
      <span className={size === "lg" ? "text-2xl font-medium text-ink-900" : "price"}>{formatMoney(price)}</span>
      {discounted ? (
        <>
          <s className="price-was" aria-label={`Precio original ${formatMoney(originalPrice)}`}>
            {formatMoney(originalPrice)}
          </s>
          {showSavings ? (
            <span className="price-save">Ahorras {formatMoney(savings(price, originalPrice))}</span>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
