import { SHIPPING_FEE } from "~/lib/constants";
import { type DiscountLine, discountedTotals, normalizeCode } from "~/lib/discounts";
import type { OrderTotals } from "~/lib/checkout";
import type { Prisma } from "~/generated/prisma/client";
import { appliedCodeIn, evaluateCode, takeDiscountUse } from "./discount-codes.server";
import { CheckoutError } from "./order.server";

/**
 * The discount code of an order being created (docs/decisions/058), in the order's transaction: the
 * shopper's applied code is evaluated again against the order's own lines and prices (whatever the
 * cart showed), a code that no longer applies refuses PAGAR with its reason (the shopper is never
 * charged an amount they were not shown), and `take` takes its use once the order exists.
 */
export async function discountForOrder(
  tx: Prisma.TransactionClient,
  userId: string,
  order: { lines: DiscountLine[]; giftWrapPrice: number | null; ivaIncluded: boolean; now: Date },
): Promise<{
  code: string | null;
  amount: number;
  lineDiscounts: number[];
  totals: OrderTotals;
  take?: (orderId: number) => Promise<void>;
}> {
  const undiscounted = order.lines.map((l) => ({ ...l, discount: 0 }));
  const code = await appliedCodeIn(tx, userId);
  if (code === null) {
    return {
      code: null,
      amount: 0,
      lineDiscounts: order.lines.map(() => 0),
      totals: discountedTotals(undiscounted, order.giftWrapPrice, SHIPPING_FEE, order.ivaIncluded),
    };
  }
  // The code's row is locked first and until the order commits (its use is taken under the same lock):
  // a staff edit of the code waits for this order, or this order reads the code as edited — never the
  // old rules with the new limit (./discount-code-edit.server.ts).
  await tx.$queryRaw`SELECT "id" FROM "discount_codes" WHERE "code" = ${normalizeCode(code)} FOR UPDATE`;
  const outcome = await evaluateCode(tx, code, userId, order.lines, order.now);
  if (!outcome.ok || outcome.codeId === null) throw new CheckoutError(outcome.ok ? "" : outcome.reason);
  const rule = await tx.discountCode.findUniqueOrThrow({
    where: { id: outcome.codeId },
    select: { perShopperLimit: true },
  });
  const lines = order.lines.map((l, i) => ({ ...l, discount: outcome.lineDiscounts[i]! }));
  const codeId = outcome.codeId;
  return {
    code: outcome.code,
    amount: outcome.discount,
    lineDiscounts: outcome.lineDiscounts,
    totals: discountedTotals(lines, order.giftWrapPrice, SHIPPING_FEE - outcome.shippingDiscount, order.ivaIncluded),
    take: (orderId) =>
      takeDiscountUse(tx, {
        codeId,
        orderId,
        userId,
        amount: outcome.discount,
        perShopperLimit: rule.perShopperLimit,
      }),
  };
}
