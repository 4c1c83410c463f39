import { Prisma } from "~/generated/prisma/client";
import { DASHBOARD_DAYS, LOW_STOCK_ALERT } from "~/lib/constants";
import { SHOP_TIME_ZONE } from "~/lib/dates";
import { prisma } from "~/utils/db.server";

/**
 * The panel's home: the shop's last 30 days in one SQL statement (every number is computed by
 * PostgreSQL, on the indexes of paid_at, status and returned_at), so the page costs one round trip
 * whatever the size of the shop.
 *
 * - A sale is an order paid that day (Mexico City time) that is still a sale: in preparation,
 *   shipped or delivered. Cancelled, returned and refunded orders are not sales.
 * - Waiting to ship: paid orders in preparation (procesando), oldest first.
 * - Low stock: variants on sale with LOW_STOCK_ALERT pieces or fewer, and products without variants
 *   likewise (archived and hidden ones left out).
 * - Top pieces: units sold in the 30 days, by product.
 * - Returns: processed this calendar month.
 */

const SALE_STATUSES = Prisma.sql`('procesando', 'enviado', 'entregado')`;

export type DashboardDay = { day: string; sales: number; orders: number };
export type DashboardWaiting = { number: string; paidAt: string; total: number; email: string };
export type DashboardLowStock = {
  productId: number;
  productName: string;
  variantName: string | null;
  stock: number;
};
export type DashboardTop = { productId: number | null; productName: string; units: number; sales: number };
export type DashboardReturn = { number: string; returnedAt: string; reason: string; total: number };

export type Dashboard = {
  days: DashboardDay[];
  waiting: { count: number; oldest: DashboardWaiting[] };
  lowStock: { count: number; items: DashboardLowStock[] };
  top: DashboardTop[];
  returns: { count: number; items: DashboardReturn[] };
};

type Row = {
  days: DashboardDay[];
  waiting_count: number;
  waiting: DashboardWaiting[] | null;
  low_stock_count: number;
  low_stock: DashboardLowStock[] | null;
  top: DashboardTop[] | null;
  returns_count: number;
  returns: DashboardReturn[] | null;
};

/** The dashboard as of `now` (the last DASHBOARD_DAYS days, today included). */
export async function getDashboard(now = new Date()): Promise<Dashboard> {
  const tz = SHOP_TIME_ZONE;
  const [row] = await prisma.$queryRaw<Row[]>`
    WITH "window" AS (
      SELECT (${now.toISOString()}::timestamptz AT TIME ZONE ${tz})::date AS "today"
    ),
    "sales" AS (
      SELECT (o."paid_at" AT TIME ZONE 'UTC' AT TIME ZONE ${tz})::date AS "day", o."id", o."total"
      FROM "orders" o, "window" w
      WHERE o."status"::text IN ${SALE_STATUSES}
        AND o."paid_at" >= ((w."today" - ${DASHBOARD_DAYS - 1}::int)::timestamp AT TIME ZONE ${tz}) AT TIME ZONE 'UTC'
        AND o."paid_at" < ((w."today" + 1)::timestamp AT TIME ZONE ${tz}) AT TIME ZONE 'UTC'
    )
    SELECT
      (SELECT json_agg(json_build_object(
                'day', to_char(d."day", 'YYYY-MM-DD'),
                'sales', COALESCE((SELECT SUM(s."total") FROM "sales" s WHERE s."day" = d."day"), 0),
                'orders', (SELECT COUNT(*) FROM "sales" s WHERE s."day" = d."day"))
              ORDER BY d."day")
       FROM "window" w,
            generate_series(w."today" - ${DASHBOARD_DAYS - 1}::int, w."today", interval '1 day') AS d("day")
      ) AS "days",
      (SELECT COUNT(*)::int FROM "orders" WHERE "status" = 'procesando') AS "waiting_count",
      (SELECT json_agg(json_build_object('number', o."number", 'paidAt', ${isoUtc(Prisma.sql`o."paid_at"`)}, 'total', o."total", 'email', o."email")
              ORDER BY o."paid_at", o."id")
       FROM (SELECT * FROM "orders" WHERE "status" = 'procesando' ORDER BY "paid_at", "id" LIMIT 8) o
      ) AS "waiting",
      (SELECT COUNT(*)::int FROM (${lowStockSql()}) l) AS "low_stock_count",
      (SELECT json_agg(l ORDER BY l."stock", l."productName", l."variantName")
       FROM (SELECT * FROM (${lowStockSql()}) l ORDER BY l."stock", l."productName", l."variantName" LIMIT 12) l
      ) AS "low_stock",
      (SELECT json_agg(t ORDER BY t."units" DESC, t."sales" DESC, t."productName")
       FROM (
         SELECT i."product_id" AS "productId", MIN(i."product_name") AS "productName",
                SUM(i."quantity")::int AS "units", SUM(i."quantity" * i."price")::bigint AS "sales"
         FROM "order_items" i JOIN "sales" s ON s."id" = i."order_id"
         GROUP BY i."product_id", CASE WHEN i."product_id" IS NULL THEN i."product_name" END
         ORDER BY "units" DESC, "sales" DESC, "productName"
         LIMIT 10
       ) t
      ) AS "top",
      (SELECT COUNT(*)::int FROM "returns" r, "window" w
       WHERE r."returned_at" >= (date_trunc('month', w."today")::timestamp AT TIME ZONE ${tz}) AT TIME ZONE 'UTC'
      ) AS "returns_count",
      (SELECT json_agg(json_build_object('number', x."number", 'returnedAt', ${isoUtc(Prisma.sql`x."returned_at"`)}, 'reason', x."reason", 'total', x."total")
              ORDER BY x."returned_at" DESC)
       FROM (
         SELECT o."number", r."returned_at", r."reason", o."total"
         FROM "returns" r JOIN "orders" o ON o."id" = r."order_id", "window" w
         WHERE r."returned_at" >= (date_trunc('month', w."today")::timestamp AT TIME ZONE ${tz}) AT TIME ZONE 'UTC'
         ORDER BY r."returned_at" DESC LIMIT 8
       ) x
      ) AS "returns"`;
  return {
    days: row!.days.map((d) => ({ day: d.day, sales: Number(d.sales), orders: Number(d.orders) })),
    waiting: { count: row!.waiting_count, oldest: row!.waiting ?? [] },
    lowStock: { count: row!.low_stock_count, items: row!.low_stock ?? [] },
    top: (row!.top ?? []).map((t) => ({ ...t, sales: Number(t.sales) })),
    returns: { count: row!.returns_count, items: row!.returns ?? [] },
  };
}

/** Pieces on sale running out: variants, and products without variants, at LOW_STOCK_ALERT or fewer. */
function lowStockSql() {
  return Prisma.sql`
    SELECT p."id" AS "productId", p."name" AS "productName", v."name" AS "variantName", v."stock"
    FROM "product_variants" v JOIN "products" p ON p."id" = v."product_id"
    WHERE v."archived_at" IS NULL AND p."archived_at" IS NULL AND p."in_stock" AND v."stock" <= ${LOW_STOCK_ALERT}
    UNION ALL
    SELECT p."id", p."name", NULL, p."stock"
    FROM "products" p
    WHERE p."archived_at" IS NULL AND p."in_stock" AND p."stock" <= ${LOW_STOCK_ALERT}
      AND NOT "joyeria_has_variants"(p."id")`;
}

/** A timestamp column (UTC, without zone) as ISO text that JavaScript reads as UTC. */
function isoUtc(column: Prisma.Sql) {
  return Prisma.sql`to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
