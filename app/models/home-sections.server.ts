import { Prisma } from "~/generated/prisma/client";
import type { RatingSummary } from "~/lib/reviews";
import type { OccasionId } from "~/lib/occasions";
import { summarizeRatings } from "~/lib/reviews";
import { prisma } from "~/utils/db.server";
import { readCatalog } from "./catalog-cache.server";
import type { SearchResult } from "./search.server";
import { cardColumns, onSale } from "./search-sql.server";

/**
 * The home page's rows (docs/decisions/055-occasion-tags.md): *Más vendidos*, the pieces on sale most
 * bought in paid orders that were kept (returned and refunded ones do not count), with their ratings;
 * and the season's gift edit, the pieces staff tagged with its occasion (featured and newest first).
 * One statement for both, through the catalogue cache.
 */

/** Cards per row: one row on a wide screen, a swipe on a phone. */
export const HOME_ROW = 4;

type Row = SearchResult & { ratings: number[] | null };
/** What a home row's card shows (lighter than a grid card: the home stays under 60 KB). */
export type HomeCard = {
  id: number;
  name: string;
  price: number;
  originalPrice: number | null;
  image: string;
  rating: RatingSummary | null;
};
type Sections = { bestSellers: HomeCard[]; gift: HomeCard[] };

export function getHomeSections(occasion: OccasionId) {
  return readCatalog(
    `home:${occasion}`,
    () => loadHomeSections(occasion),
    (s) => [...s.bestSellers, ...s.gift].map((p) => p.id),
  );
}

async function loadHomeSections(occasion: OccasionId): Promise<Sections> {
  const ratings = Prisma.sql`(SELECT array_agg(r."rating") FROM "reviews" r WHERE r."product_id" = p."id") AS "ratings"`;
  const [row] = await prisma.$queryRaw<{ best: Row[] | null; gift: Row[] | null }[]>`
    WITH "sold" AS (
      SELECT i."product_id", sum(i."quantity") AS "pieces", count(DISTINCT o."id") AS "orders"
      FROM "order_items" i JOIN "orders" o ON o."id" = i."order_id"
      WHERE o."status" IN ('procesando', 'enviado', 'entregado') AND i."product_id" IS NOT NULL
      GROUP BY i."product_id"
    ),
    "best" AS (
      SELECT ${cardColumns}, ${ratings}, row_number() OVER (ORDER BY s."orders" DESC, s."pieces" DESC, p."id") AS "position"
      FROM "sold" s JOIN "products" p ON p."id" = s."product_id"
      WHERE ${onSale("p")}
      ORDER BY "position" LIMIT ${HOME_ROW}
    ),
    "gift" AS (
      SELECT ${cardColumns}, ${ratings},
        row_number() OVER (ORDER BY p."is_featured" DESC, p."created_at" DESC, p."id" DESC) AS "position"
      FROM "products" p
      WHERE ${onSale("p")} AND p."occasions" @> ARRAY[${occasion}::text]
      ORDER BY "position" LIMIT ${HOME_ROW}
    )
    SELECT (SELECT json_agg(b ORDER BY b."position") FROM "best" b) AS "best",
      (SELECT json_agg(g ORDER BY g."position") FROM "gift" g) AS "gift"`;
  const cards = (rows: Row[] | null | undefined): HomeCard[] =>
    (rows ?? []).map((p) => ({
      id: p.id,
      name: p.name,
      price: p.price,
      originalPrice: p.originalPrice,
      image: p.image,
      rating: summarizeRatings(p.ratings ?? []),
    }));
  return { bestSellers: cards(row?.best), gift: cards(row?.gift) };
}
