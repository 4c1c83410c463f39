import { type CheckoutTotals, shownPrice } from "~/lib/checkout";
import { orderShowsIvaIncluded, orderTotalsRows } from "~/lib/order-breakdown";
import type { PaymentMethod } from "~/lib/payment-methods";
import type { SavedAddress } from "~/lib/saved-address";
import type { FiscalProfileView } from "~/invoicing/fiscal-profiles.server";
import { getEnv, getShopPolicies } from "~/utils/env.server";
import { type CartLine, getCart } from "./cart.server";
import type { CouponStatus } from "~/lib/discounts";
import { couponTotals } from "./discount-apply.server";

/** A line of the checkout's side summary, at the price the shopper sees. */
export type SummaryLine = Pick<CartLine, "lineKey" | "name" | "variantName" | "material" | "image" | "quantity"> & {
  lineTotal: number;
};

export type CheckoutSummary = {
  lines: SummaryLine[];
  totals: CheckoutTotals;
  /** The gift packaging's price as the shopper sees it (with IVA when prices include it). */
  giftWrapPrice: number;
  /** The discount code the shopper applied, with what it takes off or why not (docs/decisions/058). */
  coupon: CouponStatus | null;
  /** The ways to pay the shop offers (PAYMENT_METHODS); the order's total decides which apply. */
  paymentMethods: PaymentMethod[];
};

/**
 * What the checkout shows of the user's cart: each line at its shown price and the order's totals,
 * with the gift packaging when `giftWrap` (its price is the shop's setting). The same arithmetic as
 * the order that PAGAR creates (`createOrderForCheckout`), so the summary is what will be charged.
 */
export async function getCheckoutSummary(userId: string, { giftWrap = false } = {}): Promise<CheckoutSummary> {
  const cart = await getCart(userId);
  const ivaIncluded = getEnv().PRICES_INCLUDE_IVA;
  const { giftWrapPrice } = getShopPolicies();
  const wrap = giftWrap ? giftWrapPrice : null;
  const { coupon, totals, lineDiscounts } = await couponTotals(userId, cart.lines, wrap);
  // The rows an order shows (Mis Pedidos, e-mails): the IVA of everything charged, as the CFDI has it;
  // with the code's "Cupón CODIGO −$X" (docs/decisions/058).
  const order = {
    ...totals,
    giftWrapPrice: wrap,
    items: cart.lines.map((l, i) => ({ price: l.unitPrice, quantity: l.quantity, discount: lineDiscounts[i] ?? 0 })),
    discountCode: totals.discount?.code ?? null,
    discountTotal: totals.discount?.amount ?? null,
  };
  return {
    lines: cart.lines.map((l) => ({
      lineKey: l.lineKey,
      name: l.name,
      variantName: l.variantName,
      material: l.material,
      image: l.image,
      quantity: l.quantity,
      lineTotal: shownPrice(l.unitPrice, ivaIncluded) * l.quantity,
    })),
    totals: { ...totals, rows: orderTotalsRows(order, orderShowsIvaIncluded(order, ivaIncluded)) },
    coupon,
    giftWrapPrice: shownPrice(giftWrapPrice, ivaIncluded),
    paymentMethods: getEnv().PAYMENT_METHODS,
  };
}

/** The checkout page's data for a cart that can be bought. */
export type CheckoutPage = CheckoutSummary & {
  email: string;
  /** The addresses of the shopper's earlier orders, newest first, and the one the form starts with. */
  addresses: SavedAddress[];
  chosenAddressId: number | null;
  /** What the shopper typed last (app/models/checkout-draft.server.ts), the form's start when set. */
  draft?: Partial<Record<string, string>> | null;
  /** ¿Requieres factura?: the shopper's saved fiscal profiles, or null when invoicing is off. */
  invoicing?: { profiles: FiscalProfileView[] } | null;
};
