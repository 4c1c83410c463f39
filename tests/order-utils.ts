import type { OrderStatus } from "~/generated/prisma/client";
import { prisma } from "~/utils/db.server";

let orderCounter = 0;

/**
 * An order of `userId` holding one piece of each product, written straight to the database (the
 * tests of reviews need purchases before the checkout exists). Paid unless `paid: false`.
 */
export async function createOrder({
  userId,
  productIds,
  status = "entregado",
  paid = true,
}: {
  userId: string;
  productIds: number[];
  status?: OrderStatus;
  paid?: boolean;
}) {
  orderCounter += 1;
  const user = await prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true } });
  const products = await prisma.product.findMany({
    where: { id: { in: productIds } },
    select: { id: true, name: true, price: true },
  });
  const subtotal = products.reduce((sum, p) => sum + p.price, 0);
  return prisma.order.create({
    data: {
      number: `LJ${String(Date.now()).slice(-6)}${process.pid % 1000}${orderCounter}`,
      userId,
      email: user.email,
      status,
      subtotal,
      shipping: 15_00,
      tax: Math.round(subtotal * 0.16),
      total: subtotal + 15_00 + Math.round(subtotal * 0.16),
      paidAt: paid ? new Date() : null,
      // As the lifecycle leaves them (the database checks it): a cancelled or returned order gave its stock back.
      stockReleasedAt: status === "cancelado" || status === "devuelto" ? new Date() : null,
      items: {
        create: products.map((p) => ({ productId: p.id, quantity: 1, price: p.price, productName: p.name })),
      },
    },
    select: { id: true, total: true },
  });
}
