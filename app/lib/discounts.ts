import { type OrderTotals, shownPrice, vatOf } from "./checkout";
import { formatMoney } from "./money";

/**
 * Discount codes (cupones, issue 37; docs/decisions/058): whether a code applies to a cart, how much it
 * takes off and how that is allocated to the cart's lines, so that IVA, refunds, the CFDI, the MSI
 * minimums and the amount charged all read the same discounted lines. Pure: the server feeds it the
 * code's row, its use counts and the server's cart.
 *
 * Amounts are in the prices as the shop shows them: with IVA when the shop shows prices with IVA
 * (PRICES_INCLUDE_IVA, the default), before IVA otherwise. So a fixed $200 code takes exactly $200.00
 * off what the shopper saw, and its minimum is compared with the subtotal the shopper saw.
 */

export type DiscountKind = "percentage" | "fixed" | "free_shipping";
export const DISCOUNT_KINDS: readonly DiscountKind[] = ["percentage", "fixed", "free_shipping"];

export type DiscountRule = {
  code: string;
  kind: DiscountKind;
  /** Percentage: 1–100. Fixed: centavos. Free shipping: unused (0). */
  value: number;
  /** Centavos the covered pieces must add up to (0: no minimum). */
  minimumPurchase: number;
  startsAt: Date | null;
  endsAt: Date | null;
  /** Orders that may use the code in all (null: unlimited). */
  usageLimit: number | null;
  /** Orders one shopper may use it on (null: unlimited). */
  perShopperLimit: number | null;
  /** The pieces and categories it covers; both empty: the whole cart. */
  productIds: readonly number[];
  categoryIds: readonly number[];
  archived: boolean;
};

export type DiscountUsage = { total: number; byShopper: number };

export type DiscountLine = { unitPrice: number; quantity: number; productId: number; categoryId: number };

/** The Spanish reasons a code does not apply, word for word on the cart and the checkout. */
export const DISCOUNT_REASONS = {
  notFound: "Este cupón no existe",
  notStarted: "Este cupón todavía no está vigente",
  expired: "Este cupón ya venció",
  exhausted: "Este cupón ya se agotó",
  alreadyUsed: "Ya usaste este cupón",
  notApplicable: "Este cupón no aplica a estas piezas",
  empty: "Ingresa un cupón",
  oneCode: "Solo se puede usar un cupón por pedido",
} as const;

/** "Te faltan $X para usar este cupón" — what the covered pieces lack to reach the code's minimum. */
export function minimumMissingMessage(missing: number): string {
  return `Te faltan ${formatMoney(missing)} para usar este cupón`;
}

export type DiscountOutcome =
  | { ok: false; reason: string }
  | {
      ok: true;
      code: string;
      /** What the code takes off in all (lines and shipping): the "Cupón CODIGO −$X" line. */
      discount: number;
      /** Per cart line, in the order given: what the code takes off that line (never above it). */
      lineDiscounts: number[];
      /** What it takes off shipping (free shipping codes). */
      shippingDiscount: number;
    };

/** A line's amount as the shopper sees it: its shown unit price × quantity. */
export function lineAmount(line: { unitPrice: number; quantity: number }, ivaIncluded: boolean): number {
  return shownPrice(line.unitPrice, ivaIncluded) * line.quantity;
}

/** A code as stored and typed: trimmed, upper case, letters, digits, "-" and "_" only. */
export function normalizeCode(raw: string): string {
  return raw.trim().toUpperCase();
}

export const CODE_PATTERN = /^[A-Z0-9_-]{3,32}$/;

/** Whether the line is one the code covers. */
export function coversLine(rule: Pick<DiscountRule, "productIds" | "categoryIds">, line: DiscountLine): boolean {
  if (rule.productIds.length === 0 && rule.categoryIds.length === 0) return true;
  return rule.productIds.includes(line.productId) || rule.categoryIds.includes(line.categoryId);
}

/**
 * Whether `rule` applies to the cart `lines` now, given its uses, and what it takes off. `rule` is null
 * when no code by that name exists. Checks in the order a shopper can act on: existence, dates, uses,
 * coverage, minimum.
 */
export function evaluateDiscount(
  rule: DiscountRule | null,
  usage: DiscountUsage,
  cart: { lines: readonly DiscountLine[]; shipping: number; ivaIncluded: boolean; now: Date },
): DiscountOutcome {
  if (!rule || rule.archived) return { ok: false, reason: DISCOUNT_REASONS.notFound };
  const now = cart.now.getTime();
  if (rule.startsAt && now < rule.startsAt.getTime()) return { ok: false, reason: DISCOUNT_REASONS.notStarted };
  if (rule.endsAt && now >= rule.endsAt.getTime()) return { ok: false, reason: DISCOUNT_REASONS.expired };
  if (rule.usageLimit !== null && usage.total >= rule.usageLimit) {
    return { ok: false, reason: DISCOUNT_REASONS.exhausted };
  }
  if (rule.perShopperLimit !== null && usage.byShopper >= rule.perShopperLimit) {
    return { ok: false, reason: DISCOUNT_REASONS.alreadyUsed };
  }
  const amounts = cart.lines.map((line) => (coversLine(rule, line) ? lineAmount(line, cart.ivaIncluded) : 0));
  const covered = amounts.reduce((sum, a) => sum + a, 0);
  if (covered === 0) return { ok: false, reason: DISCOUNT_REASONS.notApplicable };
  if (covered < rule.minimumPurchase)
    return { ok: false, reason: minimumMissingMessage(rule.minimumPurchase - covered) };

  if (rule.kind === "free_shipping") {
    const shippingDiscount = Math.max(0, cart.shipping);
    return {
      ok: true,
      code: rule.code,
      discount: shippingDiscount,
      lineDiscounts: amounts.map(() => 0),
      shippingDiscount,
    };
  }
  const wanted =
    rule.kind === "percentage"
      ? Math.floor((covered * clamp(rule.value, 0, 100) + 50) / 100)
      : Math.max(0, Math.floor(rule.value));
  const discount = Math.min(wanted, covered);
  return { ok: true, code: rule.code, discount, lineDiscounts: allocate(discount, amounts), shippingDiscount: 0 };
}

function clamp(n: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, n));
}

/**
 * Splits `total` (≤ the sum of `weights`) in proportion to non-negative integer `weights` by the
 * largest-remainder method: integer parts that add up to `total` exactly, none above its weight.
 * Ties in the remainder go to the earlier line.
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (sum === 0 || total <= 0) return weights.map(() => 0);
  const amount = Math.min(total, sum);
  // Integer arithmetic: amount × w fits in a double exactly for any shop-sized cart (< 2^53).
  const parts = weights.map((w) => Math.floor((amount * w) / sum));
  const remainders = weights.map((w, i) => ({ i, r: (amount * w) % sum }));
  let left = amount - parts.reduce((s, p) => s + p, 0);
  remainders.sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i, r } of remainders) {
    if (left === 0) break;
    if (r === 0) continue;
    parts[i]! += 1;
    left -= 1;
  }
  return parts;
}

/** The before-IVA part of an IVA-inclusive amount, rounded half up; the rest is its IVA. */
export function baseOfShown(shown: number): number {
  return Math.floor((shown * 100 + 58) / 116);
}

export type DiscountedLine = { unitPrice: number; quantity: number; discount: number };

/**
 * A discounted line's cost (its shown amount less its discount, prices with IVA) split into its part
 * before IVA and its IVA. The part before IVA never exceeds the line's amount before IVA (pieces whose
 * IVA rounded up can make ÷ 1.16 land above it), so the CFDI's Descuento is never negative.
 */
export function discountedLineSplit(line: DiscountedLine): { base: number; tax: number } {
  const shown = lineAmount(line, true) - line.discount;
  const base = Math.min(baseOfShown(shown), line.unitPrice * line.quantity);
  return { base, tax: shown - base };
}

/**
 * The order's totals with the code's per-line discounts (`computeTotals` when there are none):
 *
 * - prices with IVA: an untouched line keeps its IVA taken per piece; a discounted line's IVA is the IVA
 *   contained in what it costs now (its shown amount minus its discount), so the lines the shopper sees
 *   still add up to the total charged;
 * - prices before IVA: the subtotal is the lines minus their discounts and IVA is 16 % of it.
 *
 * `shipping` is what shipping costs after the code. The gift packaging (`giftWrapPrice`) is never
 * discounted.
 */
export function discountedTotals(
  lines: readonly DiscountedLine[],
  giftWrapPrice: number | null,
  shipping: number,
  ivaIncluded: boolean,
): OrderTotals {
  const all = giftWrapPrice === null ? lines : [...lines, { unitPrice: giftWrapPrice, quantity: 1, discount: 0 }];
  let subtotal = 0;
  let tax = 0;
  if (ivaIncluded) {
    for (const line of all) {
      if (line.discount === 0) {
        subtotal += line.unitPrice * line.quantity;
        tax += vatOf(line.unitPrice) * line.quantity;
      } else {
        const split = discountedLineSplit(line);
        subtotal += split.base;
        tax += split.tax;
      }
    }
  } else {
    subtotal = all.reduce((sum, line) => sum + line.unitPrice * line.quantity - line.discount, 0);
    tax = vatOf(subtotal);
  }
  return { subtotal, shipping, tax, total: subtotal + shipping + tax };
}

/** "Cupón CODIGO" — the label of the discount's line wherever the order's money is shown. */
export function discountLabel(code: string): string {
  return `Cupón ${code}`;
}

/** The id of the code's field on the cart and the checkout (its answer is shown next to it). */
export const COUPON_FIELD = "cupon";
/** Where the code's form may send the shopper back to. */
export const COUPON_RETURN_PATHS = ["/cart", "/checkout"] as const;

/** The shopper's applied code as the cart and the checkout show it. */
export type CouponStatus = {
  code: string;
  /** What it takes off now (0 when it does not apply). */
  amount: number;
  /** Why it does not apply now (the cart changed, it ended…), or null. */
  reason: string | null;
};

/** The answer to typing (or removing) a code. */
export type CouponAttempt = { ok: boolean; message: string };

/**
 * Each line's discount before IVA for the CFDI's `Descuento`, and, when the order counted its IVA per
 * line (prices shown with IVA), the line's IVA as charged. The stored share is in the prices the shopper
 * saw: with IVA, the before-IVA discount is the line's amount before IVA less the before-IVA part of what
 * it cost (whose IVA is the rest); before IVA it is the share itself. Which one the order was is read
 * from its own figures (the interpretation whose lines add up to its subtotal and IVA).
 */
export function invoiceLineDiscounts(order: {
  subtotal: number;
  tax: number;
  giftWrapPrice: number | null;
  items: ReadonlyArray<{ price: number; quantity: number; discount?: number | null }>;
}): Array<{ discount: number; iva?: number }> {
  const plain = order.items.map((item) => ({ discount: item.discount ?? 0 }));
  if (plain.every((d) => d.discount === 0)) return plain;
  const withIva = order.items.map((item) => {
    const off = item.discount ?? 0;
    if (off === 0) return { discount: 0, iva: vatOf(item.price) * item.quantity, base: item.price * item.quantity };
    const { base, tax } = discountedLineSplit({ unitPrice: item.price, quantity: item.quantity, discount: off });
    return { discount: item.price * item.quantity - base, iva: tax, base };
  });
  const wrap = order.giftWrapPrice ?? 0;
  const subtotal = withIva.reduce((sum, l) => sum + l.base, 0) + wrap;
  const tax = withIva.reduce((sum, l) => sum + l.iva, 0) + vatOf(wrap);
  if (subtotal !== order.subtotal || tax !== order.tax) return plain;
  return withIva.map((l, i) => (order.items[i]!.discount ? { discount: l.discount, iva: l.iva } : { discount: 0 }));
}
