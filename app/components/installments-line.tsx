import { bestInstallmentOffer, installmentOfferText } from "~/lib/installments";
import { useInstallmentPlans } from "./price-display";

/**
 * "Hasta 12 meses sin intereses de $1,401.67" for an amount the card will really be charged (a piece
 * with its IVA: `chargedPiecePrice`; the cart: `chargedCartTotal`; the order's total), never a price
 * before IVA, whatever the display setting; nothing below the smallest plan's minimum.
 */
export function InstallmentsLine({
  charged,
  className = "",
  as: Tag = "p",
}: {
  /** Centavos the card will be charged. */
  charged: number;
  className?: string;
  /** "dd" inside a list of totals. */
  as?: "p" | "dd";
}) {
  const offer = bestInstallmentOffer(charged, useInstallmentPlans());
  if (!offer) return null;
  return (
    // Short markup: the line repeats on every card of a grid page (24 per page).
    <Tag className={`msi ${className}`.trim()}>{installmentOfferText(offer)}</Tag>
  );
}
