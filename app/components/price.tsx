import { formatMoney, hasDiscount, savings } from "~/lib/money";
import { useShownPrice } from "./price-display";

/**
 * Price, struck-through original price and the "Ahorras" amount, from stored (before-IVA) prices:
 * shown with IVA when the shop shows prices with IVA included.
 */
export function Price({
  price: storedPrice,
  originalPrice: storedOriginal,
  size = "md",
  showSavings = true,
}: {
  price: number;
  originalPrice: number | null;
  size?: "md" | "lg";
  showSavings?: boolean;
}) {
  const shown = useShownPrice();
  const price = shown(storedPrice);
  const originalPrice = storedOriginal === null ? null : shown(storedOriginal);
  const discounted = hasDiscount(price, originalPrice);
  return (
    <div className="price-row">
      <span className={size === "lg" ? "text-2xl font-medium text-ink-900" : "price"}>{formatMoney(price)}</span>
      {discounted ? (
        <>
          {/* Read aloud as "Precio original $…" (an aria-label is not allowed on <s>). */}
          <s className="price-was">
            <span className="sr-only">Precio original </span>
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
