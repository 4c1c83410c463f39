import { z } from "zod";
import { shownPrice } from "./checkout";
/**
 * What each piece of an order cost the shopper, to the centavo, so refunds per piece add up to what
 * was paid: the pieces' share of the total (everything but shipping — IVA and any discount included)
 * is spread over every unit, and the gift wrap, in proportion to their prices, the centavos left by
 * rounding going to the largest remainders. A line's units are refunded in order, so refunding every
 * piece and the shipping, in any number of refunds, gives back exactly the total.
 */

export type RefundOrder = {
  total: number;
  shipping: number;
  giftWrapPrice: number | null;
  items: { id: number; quantity: number; price: number; discount?: number | null }[];
  /**
   * Whether the order's discount shares are in prices with IVA (the shop showed prices with IVA when it
   * was placed: `orderShowsIvaIncluded`); default true, the shop's default.
   */
  ivaIncluded?: boolean;
};

/**
 * A unit's weight: its price less its share of a discount code (docs/decisions/058). The share is stored
 * in the prices as the order showed them (with IVA, or before it), so it is taken as a fraction of the
 * line in those same prices; the shares add up to what was paid whatever the weights.
 */
function unitWeight(item: RefundOrder["items"][number], ivaIncluded: boolean): number {
  const off = item.discount ?? 0;
  if (off <= 0) return item.price;
  const gross = shownPrice(item.price, ivaIncluded) * item.quantity;
  return gross === 0 ? 0 : item.price * Math.max(0, 1 - off / gross);
}

/** What has been refunded (or is being refunded) already, or what staff choose now. */
export type RefundSelection = {
  /** Quantity per order item id. */
  items: Record<number, number>;
  shipping: boolean;
  giftWrap: boolean;
};

export type RefundLine = { orderItemId: number; quantity: number; amount: number };

export type RefundQuote = { amount: number; items: RefundLine[]; shipping: number; giftWrap: number };

type Shares = { units: Map<number, number[]>; giftWrap: number };

/** Every unit's share of the pieces' total (and the gift wrap's), to the centavo. */
export function unitShares(order: RefundOrder): Shares {
  const weights: { key: number | "wrap"; weight: number }[] = [];
  for (const item of order.items)
    for (let i = 0; i < item.quantity; i += 1)
      weights.push({ key: item.id, weight: unitWeight(item, order.ivaIncluded ?? true) });
  if (order.giftWrapPrice !== null && order.giftWrapPrice > 0)
    weights.push({ key: "wrap", weight: order.giftWrapPrice });
  const pool = Math.max(0, order.total - order.shipping);
  const totalWeight = weights.reduce((sum, unit) => sum + unit.weight, 0);
  const exact = weights.map((unit) => (totalWeight === 0 ? 0 : (pool * unit.weight) / totalWeight));
  const shares = exact.map(Math.floor);
  let left = pool - shares.reduce((sum, share) => sum + share, 0);
  const byRemainder = exact.map((value, index) => ({ index, remainder: value - Math.floor(value) }));
  byRemainder.sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  const units = new Map<number, number[]>();
  let giftWrap = 0;
  weights.forEach((unit, index) => {
    if (unit.key === "wrap") giftWrap = shares[index]!;
    else units.set(unit.key, [...(units.get(unit.key) ?? []), shares[index]!]);
  });
  return { units, giftWrap };
}

export type QuoteRefusal =
  /** Nothing chosen. */
  | "empty"
  /** A piece that is not in the order. */
  | "unknown_item"
  /** More of a piece (or the shipping, or the gift wrap) than is left to refund. */
  | "too_many";

/**
 * The amount of refunding `chosen`, given what `taken` (refunds pending or done) already gave back.
 */
export function quoteRefund(
  order: RefundOrder,
  taken: RefundSelection,
  chosen: RefundSelection,
): { ok: true; quote: RefundQuote } | { ok: false; reason: QuoteRefusal } {
  const shares = unitShares(order);
  const items: RefundLine[] = [];
  for (const [key, quantity] of Object.entries(chosen.items)) {
    if (quantity <= 0) continue;
    const id = Number(key);
    const units = shares.units.get(id);
    if (!units) return { ok: false, reason: "unknown_item" };
    const already = taken.items[id] ?? 0;
    if (already + quantity > units.length) return { ok: false, reason: "too_many" };
    const amount = units.slice(already, already + quantity).reduce((sum, share) => sum + share, 0);
    items.push({ orderItemId: id, quantity, amount });
  }
  if ((chosen.shipping && taken.shipping) || (chosen.giftWrap && (taken.giftWrap || shares.giftWrap === 0))) {
    return { ok: false, reason: "too_many" };
  }
  const shipping = chosen.shipping ? order.shipping : 0;
  const giftWrap = chosen.giftWrap ? shares.giftWrap : 0;
  const amount = items.reduce((sum, line) => sum + line.amount, 0) + shipping + giftWrap;
  if (amount <= 0 && items.length === 0) return { ok: false, reason: "empty" };
  return { ok: true, quote: { amount, items, shipping, giftWrap } };
}

/** Adds what refunds took: the quantities per piece, the shipping and the gift wrap. */
export function addTaken(
  taken: RefundSelection,
  refund: { items: RefundLine[]; shipping: number; giftWrap: number },
): RefundSelection {
  const items = { ...taken.items };
  for (const line of refund.items) items[line.orderItemId] = (items[line.orderItemId] ?? 0) + line.quantity;
  return { items, shipping: taken.shipping || refund.shipping > 0, giftWrap: taken.giftWrap || refund.giftWrap > 0 };
}

export const NOTHING_TAKEN: RefundSelection = { items: {}, shipping: false, giftWrap: false };

/** What a refund row stores of its pieces (JSON): the lines and the gift wrap's share. */
export type StoredRefundItems = { pieces: RefundLine[]; giftWrap: number };

const StoredRefundItemsSchema = z.object({
  pieces: z.array(z.object({ orderItemId: z.number().int(), quantity: z.number().int(), amount: z.number().int() })),
  giftWrap: z.number().int(),
});

/** A refund row's `items` column (the JSON the shop wrote), read back with its shape checked. */
export function storedRefundItems(json: unknown): StoredRefundItems {
  return StoredRefundItemsSchema.parse(json);
}
