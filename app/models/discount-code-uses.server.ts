import type { Prisma } from "~/generated/prisma/client";

/**
 * Giving a discount code's use back (docs/decisions/058): an order released unpaid (expired, cancelled,
 * replaced by a new PAGAR) no longer counts toward the code's limits. Apart from
 * ./discount-codes.server.ts so the order lifecycle can call it without an import cycle.
 */

/** An order released unpaid gives its use back (in the release's transaction). */
export async function releaseDiscountUse(tx: Prisma.TransactionClient, orderId: number): Promise<void> {
  const use = await tx.discountCodeUse.findUnique({ where: { orderId }, select: { id: true, codeId: true } });
  if (!use) return;
  await tx.discountCodeUse.delete({ where: { id: use.id } });
  await tx.$executeRaw`
    UPDATE "discount_codes" SET "used_count" = GREATEST("used_count" - 1, 0), "updated_at" = now()
    WHERE "id" = ${use.codeId}`;
}
