import { bestInstallmentOffer, installmentOfferText } from "~/lib/installments";
import { useInstallmentPlans } from "./price-display";

/**
 * "Hasta 12 meses sin intereses de $1,208.34" for an amount as the shopper sees it (a shown price,
 * the cart's subtotal, the total to pay); nothing below the smallest plan's minimum.
 */
export function InstallmentsLine({
  amount,
  className = "",
  as: Tag = "p",
}: {
  amount: number;
  className?: string;
  /** "dd" inside a list of totals. */
  as?: "p" | "dd";
}) {
  const offer = bestInstallmentOffer(amount, useInstallmentPlans());
  if (!offer) return null;
  return (
    // Short markup: the line repeats on every card of a grid page (24 per page).
    <Tag className={`msi ${className}`.trim()}>{installmentOfferText(offer)}</Tag>
  );
}
