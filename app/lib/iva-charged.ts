import { buildConcepts, splitIvaIncluded } from "./cfdi/concepts";
import { invoiceLineDiscounts } from "./discounts";

/**
 * The IVA of everything an order charges — its lines, the gift packaging and the shipping — computed
 * as its CFDI computes it (docs/decisions/061): the concepts of `buildConcepts`, IVA 16 % per concept
 * with CFDI 4.0's rounding, so the IVA the shopper is told (checkout, Mis Pedidos, e-mails), the one
 * staff see (order page, CSV export) and the invoice's TotalImpuestosTrasladados agree to the centavo.
 * Prices and shipping are IVA-inclusive as charged: the shipping fee carries its IVA inside it.
 *
 * Lines are taken as stored (unit price before IVA, quantity, and the line's discount before IVA when
 * it has one), so a discount on a line flows into the IVA the same way it flows into the CFDI.
 */

export type IvaChargedOrder = {
  subtotal: number;
  shipping: number;
  tax: number;
  total: number;
  giftWrapPrice: number | null;
  items: ReadonlyArray<{ price: number; quantity: number; discount?: number | null }>;
};

export type IvaBreakdown = {
  /** The pieces and the gift packaging: before IVA (after their discounts) and their IVA. */
  goods: { base: number; iva: number };
  /** The shipping fee split into its base and the IVA inside it. */
  shipping: { base: number; iva: number };
  /** IVA of everything charged: the CFDI's total traslados. */
  iva: number;
};

/** The order's IVA, as its CFDI declares it; base + IVA of goods and shipping add up to its total. */
export function ivaBreakdown(order: IvaChargedOrder): IvaBreakdown {
  const shipping = order.shipping > 0 ? splitIvaIncluded(order.shipping) : { base: 0, iva: 0 };
  let goods: { base: number; iva: number };
  const discounts = invoiceLineDiscounts(order);
  try {
    const cfdi = buildConcepts({
      // A discount code's shares are stored in shown prices: the CFDI's before IVA (docs/decisions/058).
      lines: order.items.map((item, i) => ({
        description: "",
        unitPrice: item.price,
        quantity: item.quantity,
        ...discounts[i]!,
      })),
      giftWrapPrice: order.giftWrapPrice,
      subtotal: order.subtotal,
      shipping: order.shipping,
      tax: order.tax,
      total: order.total,
    });
    const pieces = cfdi.concepts.filter((c) => c.kind !== "shipping");
    goods = { base: pieces.reduce((sum, c) => sum + c.base, 0), iva: pieces.reduce((sum, c) => sum + c.iva, 0) };
  } catch {
    // An order whose stored figures do not add up has no CFDI either: its lines' IVA as stored.
    goods = { base: order.total - order.shipping - order.tax, iva: order.tax };
  }
  return { goods, shipping, iva: goods.iva + shipping.iva };
}

/** Just the IVA of everything charged (see `ivaBreakdown`). */
export function ivaCharged(order: IvaChargedOrder): number {
  return ivaBreakdown(order).iva;
}
