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
    <div className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
      <span className={size === "lg" ? "text-2xl font-medium text-ink-900" : "text-base font-medium text-ink-900"}>
        {formatMoney(price)}
      </span>
      {discounted ? (
        <>
          <s className="text-sm text-ink-700" aria-label={`Precio original ${formatMoney(originalPrice)}`}>
            {formatMoney(originalPrice)}
          </s>
          {showSavings ? (
            <span className="w-full text-xs font-medium text-emerald-800">
              Ahorras {formatMoney(savings(price, originalPrice))}
            </span>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
