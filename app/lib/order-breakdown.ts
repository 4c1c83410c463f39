import { shownPrice, type TotalsRow } from "./checkout";
import { splitIvaIncluded } from "./cfdi/concepts";
import { VAT_LABEL } from "./constants";
import { invoiceLineDiscounts } from "./discounts";
import { ivaBreakdown, type IvaChargedOrder } from "./iva-charged";

/**
 * How a placed order's money is shown to its shopper (Mis Pedidos, the order e-mails), the same way
 * the checkout showed it before paying (docs/decisions/033):
 *
 * - prices shown with IVA (the default): each piece at its price with IVA, then "Subtotal (IVA
 *   incluido)", "Envío", "Total", and "Incluye IVA (16%)" as the part of it that is tax;
 * - prices before IVA (`PRICES_INCLUDE_IVA=0`): each piece before IVA, then Subtotal, Envío (antes de
 *   IVA), IVA (16%) and Total, as the spec draws it.
 *
 * Either way the IVA shown is that of everything charged, the shipping's included, as the CFDI has it
 * (app/lib/iva-charged.ts, docs/decisions/061); the checkout shows these same rows before paying.
 *
 * An order placed while the shop showed prices before IVA counted its IVA on the subtotal, which may
 * differ by a centavo from the IVA of each piece: it keeps its before-IVA breakdown, so the lines shown
 * always add up to the total charged.
 */

export type BreakdownOrder = IvaChargedOrder & {
  /** The discount code and what it took off in all, when the order used one (docs/decisions/058). */
  discountCode?: string | null;
  discountTotal?: number | null;
};

export type BreakdownRow = TotalsRow;

/** What the code took off the pieces, in the prices as shown (the rest of `discountTotal` came off shipping). */
function linesOff(order: BreakdownOrder): number {
  return order.items.reduce((sum, item) => sum + (item.discount ?? 0), 0);
}

/** The "Cupón CODIGO −$X" row, when the order used a code. */
function discountRows(order: BreakdownOrder, amount: number): BreakdownRow[] {
  if (!order.discountCode || !order.discountTotal) return [];
  return [{ label: `Cupón ${order.discountCode}`, amount: -amount, kind: "line" }];
}

/** Whether the order is shown with IVA included: the setting, and the order's IVA counted per piece. */
export function orderShowsIvaIncluded(order: BreakdownOrder, ivaIncluded: boolean): boolean {
  if (!ivaIncluded) return false;
  const pieces =
    order.items.reduce((sum, item) => sum + shownPrice(item.price, true) * item.quantity, 0) - linesOff(order);
  const wrap = order.giftWrapPrice === null ? 0 : shownPrice(order.giftWrapPrice, true);
  return pieces + wrap === order.subtotal + order.tax;
}

/** A line's amount as shown for the order: unit price (with IVA when `included`) × quantity. */
export function orderLineAmount(price: number, quantity: number, included: boolean): number {
  return shownPrice(price, included) * quantity;
}

/** How the shipping row reads when the breakdown is before IVA: its base, its IVA counted in the IVA row. */
export const SHIPPING_BEFORE_IVA_LABEL = "Envío (antes de IVA)";

/**
 * The rows under the order's lines; the "line" and "total" rows add up (Subtotal + Envío [+ IVA] = Total).
 * The IVA shown is the IVA of everything charged, shipping included, as the order's CFDI declares it
 * (`ivaBreakdown`, docs/decisions/061); before IVA, the shipping shows its base so the rows still add up.
 */
export function orderTotalsRows(order: BreakdownOrder, included: boolean): BreakdownRow[] {
  const iva = ivaBreakdown(order);
  // With a code: the subtotal and shipping before it, then "Cupón CODIGO −$X" (the rows still add up).
  const off = linesOff(order);
  const shippingOff = Math.max(0, (order.discountTotal ?? 0) - off);
  if (included) {
    return [
      { label: "Subtotal (IVA incluido)", amount: order.subtotal + order.tax + off, kind: "line" },
      ...discountRows(order, order.discountTotal ?? 0),
      { label: "Envío", amount: order.shipping + shippingOff, kind: "line" },
      { label: "Total", amount: order.total, kind: "total" },
      { label: `Incluye ${VAT_LABEL}`, amount: iva.iva, kind: "note" },
    ];
  }
  // Before IVA: the code's share of the pieces before IVA, and of the shipping its base.
  const offBase = invoiceLineDiscounts(order).reduce((sum, d) => sum + d.discount, 0);
  const shippingOffBase = shippingOff > 0 ? splitIvaIncluded(shippingOff).base : 0;
  return [
    { label: "Subtotal", amount: iva.goods.base + offBase, kind: "line" },
    ...discountRows(order, offBase + shippingOffBase),
    { label: SHIPPING_BEFORE_IVA_LABEL, amount: iva.shipping.base + shippingOffBase, kind: "line" },
    { label: VAT_LABEL, amount: iva.iva, kind: "line" },
    { label: "Total", amount: order.total, kind: "total" },
  ];
}
