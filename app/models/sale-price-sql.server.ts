import { Prisma } from "~/generated/prisma/client";
import { isRunning, type SaleSchedule } from "~/lib/sale-prices";

/**
 * The sale prices of `now` in SQL, for the filters and orders that compare prices (a collection's and a
 * search's price range, "Precio" and "Mayor descuento" orders, "ofertas"): a shopper who filters rings
 * under $10,000 during Buen Fin gets those whose sale price is under it, in the order the cards show.
 *
 * The percentage per piece comes from the same schedule and rule as the cards' prices
 * (app/lib/sale-prices.ts: the biggest percentage of the events running now), passed as two arrays, so
 * the SQL and the page can never disagree; the price is `salePrice`'s rounding in integer arithmetic.
 * With no event running the fragments are the plain columns and no join is added.
 */
export type SalePricing = {
  /** Part of a cached read's key: the events running (a start or an end changes what is found). */
  key: string;
  /** `LEFT JOIN … "sale_now"` on product row `p`, or nothing. */
  join: Prisma.Sql;
  /** The piece's price now, before IVA (centavos). */
  price: Prisma.Sql;
  /** The struck price now: the original staff set, or during a sale the higher of it and the regular price. */
  original: Prisma.Sql;
};

export function salePricingSql(schedule: SaleSchedule, now: number): SalePricing {
  const running = schedule.filter((event) => isRunning(event, now));
  const percentOf = new Map<number, number>();
  for (const event of running) {
    for (const id of event.productIds) percentOf.set(id, Math.max(percentOf.get(id) ?? 0, event.percentOff));
  }
  if (percentOf.size === 0) {
    return { key: "", join: Prisma.empty, price: Prisma.sql`p."price"`, original: Prisma.sql`p."original_price"` };
  }
  const ids = [...percentOf.keys()];
  return {
    key: running.map((event) => event.id).join(","),
    join: Prisma.sql`LEFT JOIN unnest(${ids}::int[], ${ids.map((id) => percentOf.get(id)!)}::int[])
      AS "sale_now"("product_id", "percent") ON "sale_now"."product_id" = p."id"`,
    price: Prisma.sql`(CASE WHEN "sale_now"."percent" IS NULL THEN p."price"
      ELSE ((p."price"::bigint * (100 - "sale_now"."percent") + 50) / 100)::int END)`,
    original: Prisma.sql`(CASE WHEN "sale_now"."percent" IS NULL THEN p."original_price"
      ELSE GREATEST(COALESCE(p."original_price", 0), p."price") END)`,
  };
}

/** "Mayor descuento": the biggest share off first, for a price and struck price as above. */
export function discountShare(price: Prisma.Sql, original: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`CASE WHEN ${original} > ${price} THEN (${original} - ${price})::float8 / ${original} ELSE 0 END`;
}
