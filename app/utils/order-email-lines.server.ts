import { GIFT_WRAP_LABEL } from "~/lib/checkout";
import {
  type BreakdownOrder,
  type BreakdownRow,
  orderLineAmount,
  orderShowsIvaIncluded,
  orderTotalsRows,
} from "~/lib/order-breakdown";
import { getEnv } from "./env.server";

/**
 * The money of an order e-mail, as the checkout showed it (docs/decisions/033): each piece with its
 * IVA when the shop shows prices with IVA (the default), and the totals that go with it.
 */

type EmailMoneyOrder = Omit<BreakdownOrder, "items"> & {
  items: ReadonlyArray<{ productName: string; variantName: string | null; quantity: number; price: number }>;
};

const included = (order: BreakdownOrder) => orderShowsIvaIncluded(order, getEnv().PRICES_INCLUDE_IVA);

function itemLabel(item: EmailMoneyOrder["items"][number]): string {
  return item.variantName ? `${item.productName} (${item.variantName})` : item.productName;
}

/** What the order charged, line by line: the pieces, then the gift packaging when chosen. */
export function chargedLines(order: EmailMoneyOrder): { label: string; amount: number }[] {
  const inc = included(order);
  return [
    ...order.items.map((item) => ({
      label: `${itemLabel(item)} × ${item.quantity}`,
      amount: orderLineAmount(item.price, item.quantity, inc),
    })),
    ...(order.giftWrapPrice === null
      ? []
      : [{ label: GIFT_WRAP_LABEL, amount: orderLineAmount(order.giftWrapPrice, 1, inc) }]),
  ];
}

/** Subtotal (IVA incluido) / Envío / Total / Incluye IVA, or Subtotal / Envío / IVA / Total. */
export function emailTotalsRows(order: BreakdownOrder): BreakdownRow[] {
  return orderTotalsRows(order, included(order));
}
