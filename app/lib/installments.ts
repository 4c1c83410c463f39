import { computeTotals, shownPrice } from "./checkout";
import { formatMoney } from "./money";

/**
 * Meses sin intereses: card payments the shopper's bank splits into equal monthly charges without
 * interest. The shop is paid the whole amount at once; these helpers only tell the shopper what a
 * plan would cost them each month.
 */

/** A plan the shop offers: a number of months, from a minimum amount in centavos. */
export type InstallmentPlan = { months: number; minimum: number };

/** The best offer for an amount: the longest plan it qualifies for and its monthly charge in centavos. */
export type InstallmentOffer = { months: number; monthly: number };

/** The plans Stripe offers in Mexico, with its default minimums (3 → $300 … 24 → $2,400 MXN). */
export const INSTALLMENT_MONTHS = [3, 6, 9, 12, 18, 24] as const;

/** What the shop offers when MSI_PLANS is not set: 3, 6, 9 and 12 months with Stripe's minimums. */
export const DEFAULT_INSTALLMENT_PLANS: readonly InstallmentPlan[] = [
  { months: 3, minimum: 300_00 },
  { months: 6, minimum: 600_00 },
  { months: 9, minimum: 900_00 },
  { months: 12, minimum: 1_200_00 },
];

/**
 * Reads the MSI_PLANS setting: `months:minimum` pairs in pesos, comma-separated
 * (`3:300,6:600,9:900,12:1200`); an empty text offers no plan. Returns the plans sorted by months,
 * or the reason the text is not valid.
 */
export function parseInstallmentPlans(
  text: string,
): { ok: true; plans: InstallmentPlan[] } | { ok: false; message: string } {
  const parts = text
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  const plans: InstallmentPlan[] = [];
  for (const part of parts) {
    const match = /^(\d{1,2})\s*:\s*(\d{1,7}(?:\.\d{1,2})?)$/.exec(part);
    if (!match) return { ok: false, message: `"${part}" is not months:minimum (e.g. 12:1200)` };
    const months = Number(match[1]);
    if (!(INSTALLMENT_MONTHS as readonly number[]).includes(months)) {
      return { ok: false, message: `${months} months is not a plan Stripe offers (${INSTALLMENT_MONTHS.join(", ")})` };
    }
    if (plans.some((p) => p.months === months)) return { ok: false, message: `${months} months appears twice` };
    plans.push({ months, minimum: Math.round(Number(match[2]) * 100) });
  }
  return { ok: true, plans: plans.sort((a, b) => a.months - b.months) };
}

/**
 * The longest plan whose minimum the amount reaches, and its monthly charge rounded up to the
 * centavo: the figure a shopper reads never promises less than the bank will charge (months ×
 * monthly ≥ amount; a bank that splits $14,500 in 12 charges $1,208.34 at least once). Null below
 * the smallest minimum, or when no plan is offered.
 */
export function bestInstallmentOffer(amount: number, plans: readonly InstallmentPlan[]): InstallmentOffer | null {
  let best: InstallmentPlan | null = null;
  for (const plan of plans) {
    if (plan.minimum <= amount && amount > 0 && (!best || plan.months > best.months)) best = plan;
  }
  return best ? { months: best.months, monthly: Math.ceil(amount / best.months) } : null;
}

/**
 * What the card will be charged for one piece at a stored (before-IVA) price: the price with its IVA,
 * whatever the shop's display setting (shipping is added per order, at checkout). The product page's
 * and the cards' meses sin intereses are figured on it.
 */
export function chargedPiecePrice(price: number): number {
  return shownPrice(price, true);
}

/**
 * What the card will be charged for the cart as it is: the pieces, their IVA (counted as the order
 * will count it under the display setting) and shipping; the gift packaging, chosen at checkout, is not
 * in it. The cart's meses sin intereses are figured on it.
 */
export function chargedCartTotal(
  lines: ReadonlyArray<{ unitPrice: number; quantity: number }>,
  ivaIncluded: boolean,
): number {
  return lines.length === 0 ? 0 : computeTotals(lines, { ivaIncluded }).total;
}

/** "Hasta 12 meses sin intereses de $1,208.34". */
export function installmentOfferText(offer: InstallmentOffer): string {
  return `Hasta ${offer.months} meses sin intereses de ${formatMoney(offer.monthly)}`;
}

/** How an order's plan reads for staff and in e-mails: "12 meses sin intereses"; null for a single payment. */
export function installmentPlanText(months: number | null | undefined): string | null {
  return months ? `${months} meses sin intereses` : null;
}

/** The short form staff read in the orders list: "12 MSI"; null for a single payment. */
export function installmentPlanShort(months: number | null | undefined): string | null {
  return months ? `${months} MSI` : null;
}
