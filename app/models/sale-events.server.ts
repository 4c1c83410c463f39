import type { Prisma } from "~/generated/prisma/client";
import { bestEvent, cartAtSalePrices, type SaleSchedule, type SaleWindow } from "~/lib/sale-prices";
import { createTtlCache, type TtlCache } from "~/utils/cache.server";
import { prisma } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { noteSaleInstants } from "~/utils/sale-boundary.server";

/**
 * The sale schedule (docs/decisions/057-sale-events.md): the events not archived and not yet over, each
 * with the pieces it covers (its categories expanded), read in one statement and kept like a catalogue
 * read — forgotten by every change to everything (catalog-cache.server.ts: a staff write of an event, a
 * new product, a category change), here and on the other instances. Which event runs is decided by the
 * clock at each use (app/lib/sale-prices.ts), so a start or an end needs no write and no cache expiry;
 * the pages rendered from it are capped at the next start or end (app/utils/sale-boundary.server.ts).
 *
 * The order reads the running events from the database instead (`runningSales`), as it reads prices
 * and stock.
 */

let cache: TtlCache<SaleSchedule> | undefined;

function scheduleCache(): TtlCache<SaleSchedule> {
  cache ??= createTtlCache<SaleSchedule>({ ttlMs: getEnv().CATALOG_CACHE_TTL_MS, maxEntries: 1 });
  return cache;
}

type Client = Prisma.TransactionClient | typeof prisma;

type ScheduleRow = {
  id: number;
  name: string;
  percentOff: number;
  startsAt: Date;
  endsAt: Date;
  productIds: number[] | null;
};

/**
 * The events of `where` (SQL on `e`) with the ids of their pieces: those named, and those of the
 * categories named. One statement.
 */
async function readEvents(client: Client, now: Date, productIds: readonly number[] | null): Promise<SaleSchedule> {
  const rows = await client.$queryRaw<ScheduleRow[]>`
    SELECT e."id", e."name", e."percent_off" AS "percentOff", e."starts_at" AS "startsAt", e."ends_at" AS "endsAt",
      ARRAY(
        SELECT sp."product_id" FROM "sale_event_products" sp
        WHERE sp."sale_event_id" = e."id" AND (${productIds === null} OR sp."product_id" = ANY(${productIds ?? []}::int[]))
        UNION
        SELECT p."id" FROM "sale_event_categories" sc JOIN "products" p ON p."category_id" = sc."category_id"
        WHERE sc."sale_event_id" = e."id" AND (${productIds === null} OR p."id" = ANY(${productIds ?? []}::int[]))
      ) AS "productIds"
    FROM "sale_events" e
    WHERE e."archived_at" IS NULL AND e."ends_at" > ${now}
      AND (${productIds === null} OR e."starts_at" <= ${now})
    ORDER BY e."id"`;
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    percentOff: row.percentOff,
    startsAt: row.startsAt.getTime(),
    endsAt: row.endsAt.getTime(),
    productIds: new Set(row.productIds ?? []),
  }));
}

/** The schedule for catalogue reads (cached); its starts and ends are reported for the page caches. */
export async function saleSchedule(): Promise<SaleSchedule> {
  const schedule = await scheduleCache().get("schedule", () => readEvents(prisma, new Date(), null));
  noteSaleInstants(schedule.flatMap((event) => [event.startsAt, event.endsAt]));
  return schedule;
}

/** Forgets the cached schedule (a change to everything, here or on another instance). */
export function forgetSaleSchedule(): void {
  cache?.clear();
}

/**
 * A cart at the prices of the events running now (the cart page, the drawer, the checkout's summary),
 * from the same schedule as the catalogue so the cart shows what the cards showed; an empty cart
 * reads nothing. The order itself reads the events from the database (`runningSales`).
 */
export async function cartWithSales<C extends Parameters<typeof cartAtSalePrices>[0]>(cart: C): Promise<C> {
  if (cart.lines.length === 0) return cart;
  return cartAtSalePrices(cart, await saleSchedule(), Date.now());
}

/**
 * The event that sets each of these pieces' price at `now`, read from the database (the cart, the
 * order in its transaction): a map from product id to its winning event; pieces on no sale are absent.
 */
export async function runningSales(
  productIds: readonly number[],
  now: Date = new Date(),
  client: Client = prisma,
): Promise<Map<number, SaleWindow>> {
  const found = new Map<number, SaleWindow>();
  if (productIds.length === 0) return found;
  const schedule = await readEvents(client, now, productIds);
  if (schedule.length === 0) return found;
  for (const id of new Set(productIds)) {
    const event = bestEvent(schedule, id, now.getTime());
    if (event) found.set(id, event);
  }
  return found;
}
