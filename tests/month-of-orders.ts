import type { OrderStatus } from "~/generated/prisma/client";
import { prisma } from "~/utils/db.server";

/**
 * A month of orders written straight to the database, as checkout, payments and staff would have
 * left them (paid, shipped, delivered, cancelled, returned, refunded), spread over the 30 days before
 * `now` at shop hours in Mexico City, so the panel's home has something to chart. Deterministic: the
 * same arguments write the same orders. Returns their ids.
 */
export async function createMonthOfOrders({
  userId,
  products,
  now = new Date(),
  prefix = "LJ9",
}: {
  userId: string;
  /** Pieces to sell: a product, optionally one of its variants, and its price. */
  products: { productId: number; variantId?: number | null; name: string; price: number }[];
  now?: Date;
  /** Order numbers start with it (several months in one database need different ones). */
  prefix?: string;
}): Promise<number[]> {
  const user = await prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true } });
  const statuses: OrderStatus[] = [
    "entregado",
    "enviado",
    "procesando",
    "entregado",
    "cancelado",
    "entregado",
    "devuelto",
    "reembolsado",
    "enviado",
  ];
  const ids: number[] = [];
  let n = 0;
  for (let daysAgo = 29; daysAgo >= 0; daysAgo--) {
    const perDay = (daysAgo * 7 + 3) % 4;
    for (let k = 0; k < perDay; k++) {
      n += 1;
      // 10:00 to 18:00 in Mexico City (UTC−6), never after `now`.
      const at = new Date(now.getTime() - daysAgo * 86_400_000);
      at.setUTCHours(16 + ((n * 3) % 9), (n * 17) % 60, 0, 0);
      if (at > now) at.setTime(now.getTime() - (k + 1) * 60_000);
      const status = statuses[n % statuses.length]!;
      const lines = [products[n % products.length]!, ...(n % 3 === 0 ? [products[(n + 1) % products.length]!] : [])];
      const items = lines.map((p, i) => ({
        productId: p.productId,
        variantId: p.variantId ?? null,
        quantity: 1 + ((n + i) % 2),
        price: p.price,
        productName: p.name,
      }));
      const subtotal = items.reduce((sum, item) => sum + item.price * item.quantity, 0);
      const tax = Math.round(subtotal * 0.16);
      const order = await prisma.order.create({
        data: {
          number: `${prefix}${String(n).padStart(5, "0")}`,
          userId,
          email: user.email,
          status,
          subtotal,
          shipping: 15_00,
          tax,
          total: subtotal + 15_00 + tax,
          createdAt: at,
          paidAt: status === "cancelado" ? null : at,
          stockReleasedAt: status === "cancelado" || status === "devuelto" ? at : null,
          ...(status === "enviado" || status === "entregado"
            ? { carrier: "estafeta", trackingCode: `80552415${n}` }
            : {}),
          items: { create: items },
        },
        select: { id: true },
      });
      if (status === "devuelto") {
        await prisma.return.create({ data: { orderId: order.id, reason: "Talla equivocada", returnedAt: at } });
      }
      ids.push(order.id);
    }
  }
  return ids;
}

/**
 * Sales and paid orders per Mexico City day, straight from the orders table: what the panel's chart
 * must draw (paid orders not cancelled, returned or refunded), for tests to check it against.
 */
export async function salesBySql(): Promise<Map<string, { sales: number; orders: number }>> {
  const rows = await prisma.$queryRaw<{ day: string; sales: bigint; orders: bigint }[]>`
    SELECT to_char(("paid_at" AT TIME ZONE 'UTC' AT TIME ZONE 'America/Mexico_City')::date, 'YYYY-MM-DD') AS "day",
           SUM("total") AS "sales", COUNT(*) AS "orders"
    FROM "orders"
    WHERE "status" IN ('procesando', 'enviado', 'entregado') AND "paid_at" IS NOT NULL
    GROUP BY 1`;
  return new Map(rows.map((r) => [r.day, { sales: Number(r.sales), orders: Number(r.orders) }]));
}
