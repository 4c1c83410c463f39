import { SHIPPING_FEE } from "~/lib/constants";
import {
  DISCOUNT_REASONS,
  type DiscountLine,
  type DiscountOutcome,
  type DiscountRule,
  evaluateDiscount,
  normalizeCode,
} from "~/lib/discounts";
import type { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { CheckoutError } from "./order.server";

/**
 * Discount codes on the server (issue 37, docs/decisions/058): reading a code and its uses, the code a
 * shopper applied (kept on their checkout draft until the order is placed), and taking one use in the
 * order's own transaction — a conditional UPDATE, so the count never passes the limit, also when two
 * shoppers race for the last use. The arithmetic is app/lib/discounts.ts.
 */

type Db = Prisma.TransactionClient | typeof prisma;

type CodeRow = {
  id: number;
  code: string;
  kind: DiscountRule["kind"];
  value: number;
  minimumPurchase: number;
  startsAt: Date | null;
  endsAt: Date | null;
  usageLimit: number | null;
  perShopperLimit: number | null;
  usedCount: number;
  productIds: number[];
  categoryIds: number[];
  archivedAt: Date | null;
};

export function ruleOf(row: CodeRow): DiscountRule {
  return {
    code: row.code,
    kind: row.kind,
    value: row.value,
    minimumPurchase: row.minimumPurchase,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    usageLimit: row.usageLimit,
    perShopperLimit: row.perShopperLimit,
    productIds: row.productIds,
    categoryIds: row.categoryIds,
    archived: row.archivedAt !== null,
  };
}

/** A code by name (any case), with how often it was used in all and by this shopper. */
async function readCode(db: Db, code: string, userId: string) {
  const row = await db.discountCode.findUnique({ where: { code: normalizeCode(code) } });
  if (!row) return { row: null, usage: { total: 0, byShopper: 0 } };
  const byShopper = await db.discountCodeUse.count({ where: { codeId: row.id, userId } });
  return { row, usage: { total: row.usedCount, byShopper } };
}

/** Whether `code` applies to these lines for this shopper now, and what it takes off. */
export async function evaluateCode(
  db: Db,
  code: string,
  userId: string,
  lines: readonly DiscountLine[],
  now = new Date(),
): Promise<DiscountOutcome & { codeId: number | null }> {
  const { row, usage } = await readCode(db, code, userId);
  const outcome = evaluateDiscount(row ? ruleOf(row) : null, usage, {
    lines,
    shipping: SHIPPING_FEE,
    ivaIncluded: getEnv().PRICES_INCLUDE_IVA,
    now,
  });
  return { ...outcome, codeId: row?.id ?? null };
}

/** The categories of the cart's products, for the codes limited to categories. */
export async function discountLinesOf(
  lines: ReadonlyArray<{ productId: number; unitPrice: number; quantity: number }>,
): Promise<DiscountLine[]> {
  const products = await prisma.product.findMany({
    where: { id: { in: [...new Set(lines.map((l) => l.productId))] } },
    select: { id: true, categoryId: true },
  });
  const category = new Map(products.map((p) => [p.id, p.categoryId]));
  return lines.map((l) => ({
    productId: l.productId,
    unitPrice: l.unitPrice,
    quantity: l.quantity,
    categoryId: category.get(l.productId) ?? 0,
  }));
}

/** The code the shopper applied (upper case), or null. */
export async function getAppliedCode(userId: string): Promise<string | null> {
  const draft = await prisma.checkoutDraft.findUnique({ where: { userId }, select: { discountCode: true } });
  return draft?.discountCode ?? null;
}

/** Keeps (or, with null, removes) the shopper's applied code on their checkout draft. */
export async function setAppliedCode(userId: string, code: string | null): Promise<void> {
  if (code === null) {
    await prisma.checkoutDraft.updateMany({ where: { userId }, data: { discountCode: null } });
    return;
  }
  await prisma.checkoutDraft.upsert({
    where: { userId },
    create: { userId, fields: {}, discountCode: code },
    update: { discountCode: code },
  });
}

/** The shopper's applied code read inside the order's transaction. */
export async function appliedCodeIn(tx: Prisma.TransactionClient, userId: string): Promise<string | null> {
  const draft = await tx.checkoutDraft.findUnique({ where: { userId }, select: { discountCode: true } });
  return draft?.discountCode ?? null;
}

/**
 * Takes one use of the code for the order, in the order's transaction: the count goes up only while it
 * is under its limit (one conditional UPDATE; the row stays locked until the order commits, so a second
 * order of the same shopper waits and then sees this use). Refuses with the reason when the last use went
 * to somebody else or the shopper has used theirs.
 */
export async function takeDiscountUse(
  tx: Prisma.TransactionClient,
  use: { codeId: number; orderId: number; userId: string; amount: number; perShopperLimit: number | null },
): Promise<void> {
  const taken = await tx.$executeRaw`
    UPDATE "discount_codes" SET "used_count" = "used_count" + 1, "updated_at" = now()
    WHERE "id" = ${use.codeId} AND "archived_at" IS NULL
      AND ("usage_limit" IS NULL OR "used_count" < "usage_limit")`;
  if (taken !== 1) throw new CheckoutError(DISCOUNT_REASONS.exhausted);
  if (use.perShopperLimit !== null) {
    const mine = await tx.discountCodeUse.count({ where: { codeId: use.codeId, userId: use.userId } });
    if (mine >= use.perShopperLimit) throw new CheckoutError(DISCOUNT_REASONS.alreadyUsed);
  }
  await tx.discountCodeUse.create({
    data: { codeId: use.codeId, orderId: use.orderId, userId: use.userId, amount: use.amount },
  });
}
