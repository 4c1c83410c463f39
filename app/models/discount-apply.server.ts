import { SHIPPING_FEE } from "~/lib/constants";
import type { OrderTotals } from "~/lib/checkout";
import {
  CODE_PATTERN,
  type CouponAttempt,
  type CouponStatus,
  DISCOUNT_REASONS,
  discountedTotals,
  normalizeCode,
} from "~/lib/discounts";
import { prisma } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { hitRateLimit, rateLimitKey, tooManyAttemptsMessage } from "~/utils/rate-limit.server";
import { discountLinesOf, evaluateCode, getAppliedCode, setAppliedCode } from "./discount-codes.server";

/**
 * A shopper typing a discount code in the cart or the checkout (docs/decisions/058): every attempt,
 * right or wrong, counts against the shopper's and the address's limits (codes are not guessed by
 * brute force); a code that applies is kept on the shopper's checkout draft; the cart and the
 * checkout show it with what it takes off, or the reason it stopped applying.
 */

type Line = { productId: number; unitPrice: number; quantity: number };

export async function applyCoupon(
  userId: string,
  address: string | null,
  raw: string,
  lines: readonly Line[],
): Promise<CouponAttempt> {
  const code = normalizeCode(raw);
  if (code === "") return { ok: false, message: DISCOUNT_REASONS.empty };
  const hits = [hitRateLimit("discountShopper", rateLimitKey.discountShopper(userId))];
  if (address) hits.push(hitRateLimit("discountAddress", rateLimitKey.discountAddress(address)));
  const refused = (await Promise.all(hits)).find((hit) => !hit.allowed);
  if (refused) return { ok: false, message: tooManyAttemptsMessage(refused.retryAfterMs) };
  // A text no code can be is not looked up (an attacker's megabyte never reaches the index).
  if (!CODE_PATTERN.test(code)) return { ok: false, message: DISCOUNT_REASONS.notFound };
  const outcome = await evaluateCode(prisma, code, userId, await discountLinesOf(lines));
  if (!outcome.ok) return { ok: false, message: outcome.reason };
  await setAppliedCode(userId, outcome.code);
  return { ok: true, message: `Cupón ${outcome.code} aplicado` };
}

export async function removeCoupon(userId: string): Promise<CouponAttempt> {
  await setAppliedCode(userId, null);
  return { ok: true, message: "Cupón quitado" };
}

/**
 * The cart page's word on the code applied (read with the viewer, so a cart without one costs nothing
 * more): what it takes off the cart now, or why it stopped applying, and what the card would be charged
 * for the cart with it (its meses sin intereses divide that). Null without a code or pieces.
 */
export async function appliedCoupon(
  userId: string,
  code: string | null,
  lines: readonly Line[],
): Promise<{ status: CouponStatus; charged: number } | null> {
  if (code === null || lines.length === 0) return null;
  const { coupon, totals } = await totalsWithCode(userId, code, lines, null);
  return coupon ? { status: coupon, charged: totals.total } : null;
}

/**
 * The shopper's applied code against their cart now, with the totals it gives (`computeTotals` when
 * no code is applied or it does not apply): the same arithmetic as the order PAGAR creates.
 */
export async function couponTotals(
  userId: string,
  lines: readonly Line[],
  giftWrapPrice: number | null,
): Promise<{ coupon: CouponStatus | null; totals: OrderTotals; lineDiscounts: number[] }> {
  return totalsWithCode(userId, await getAppliedCode(userId), lines, giftWrapPrice);
}

async function totalsWithCode(
  userId: string,
  code: string | null,
  lines: readonly Line[],
  giftWrapPrice: number | null,
): Promise<{ coupon: CouponStatus | null; totals: OrderTotals; lineDiscounts: number[] }> {
  const ivaIncluded = getEnv().PRICES_INCLUDE_IVA;
  const plain = lines.map((l) => ({ ...l, discount: 0 }));
  if (code === null || lines.length === 0) {
    return {
      coupon: null,
      totals: discountedTotals(plain, giftWrapPrice, SHIPPING_FEE, ivaIncluded),
      lineDiscounts: lines.map(() => 0),
    };
  }
  const outcome = await evaluateCode(prisma, code, userId, await discountLinesOf(lines));
  if (!outcome.ok) {
    return {
      coupon: { code, amount: 0, reason: outcome.reason },
      totals: discountedTotals(plain, giftWrapPrice, SHIPPING_FEE, ivaIncluded),
      lineDiscounts: lines.map(() => 0),
    };
  }
  const discounted = lines.map((l, i) => ({ ...l, discount: outcome.lineDiscounts[i]! }));
  const totals = discountedTotals(discounted, giftWrapPrice, SHIPPING_FEE - outcome.shippingDiscount, ivaIncluded);
  return {
    coupon: { code, amount: outcome.discount, reason: null },
    totals: { ...totals, discount: { code, amount: outcome.discount, shipping: outcome.shippingDiscount } },
    lineDiscounts: outcome.lineDiscounts,
  };
}
