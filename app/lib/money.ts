import { groupThousands } from "./numbers";

/**
 * Money is always an integer number of centavos (1 MXN = 100 centavos).
 * Format only at the edge, with es-MX conventions: `$1,234.50`.
 */

/**
 * Formats centavos as Mexican pesos, e.g. 123450 → "$1,234.50". A negative amount (a discount's row)
 * takes the minus sign, "−$116.00", as the coupon box writes it, not the hyphen Intl puts there.
 *
 * Written out rather than through `Intl.NumberFormat("es-MX", { style: "currency" })`, which writes
 * the same text (a property test holds them equal): a page's first Intl formatter makes the browser
 * load its locale data, 15–30 ms of main thread on a phone at hydration (decision 065).
 */
export function formatMoney(centavos: number): string {
  const whole = Math.round(Math.abs(centavos));
  const text = `$${groupThousands(Math.floor(whole / 100))}.${String(whole % 100).padStart(2, "0")}`;
  return centavos < 0 && whole > 0 ? `\u2212${text}` : text;
}

/** "$89.99", or "Sin costo" for a line that costs nothing (free gift packaging). */
export function priceOrFree(centavos: number): string {
  return centavos === 0 ? "Sin costo" : formatMoney(centavos);
}

/** Converts pesos (possibly with decimals) to integer centavos, rounding half away from zero. */
export function pesosToCentavos(pesos: number): number {
  return Math.sign(pesos) * Math.round(Math.abs(pesos) * 100);
}

/** A discount exists when the original price is above the price. */
export function hasDiscount(price: number, originalPrice: number | null | undefined): originalPrice is number {
  return typeof originalPrice === "number" && originalPrice > price;
}

/** Rounded (original − price) / original, in percent; 0 without a discount. */
export function discountPercent(price: number, originalPrice: number | null | undefined): number {
  if (!hasDiscount(price, originalPrice)) return 0;
  return Math.round(((originalPrice - price) / originalPrice) * 100);
}

/** What the shopper saves per unit, in centavos ("Ahorras"). */
export function savings(price: number, originalPrice: number | null | undefined): number {
  return hasDiscount(price, originalPrice) ? originalPrice - price : 0;
}
