import { prisma } from "~/utils/db.server";

/** Number of pieces in the user's cart, for the header badge. */
export async function getCartCount(userId: string): Promise<number> {
  const result = await prisma.cartItem.aggregate({ where: { userId }, _sum: { quantity: true } });
  return result._sum.quantity ?? 0;
}
