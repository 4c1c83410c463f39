import { Prisma } from "~/generated/prisma/client";
import type { ProductPage } from "~/lib/catalog";
import { storedPriceFor } from "~/lib/checkout";
import type { CollectionFilters, CollectionSort, MetalId } from "~/lib/collection";
import { type CategoryId, GRID_PAGE_SIZE, SEARCH_PRICE_MAX } from "~/lib/constants";
import { cardVariants } from "~/lib/variants";
import { prisma } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { readCatalog } from "./catalog-cache.server";
import type { GridSection } from "./product.server";
import { saleSchedule } from "./sale-events.server";
import { discountShare, type SalePricing, salePricingSql } from "./sale-price-sql.server";
import type { SearchResult } from "./search.server";
import { cardColumns, onSale } from "./search-sql.server";

/**
 * A page of a collection (a category's grid, or the whole catalogue's, with the shopper's filters and
 * order) and how many pieces it holds in all, in one statement; the category's heading in one more.
 * Read through the catalogue cache like the plain grid. docs/decisions/054-collections-that-help-choose.md
 */

export type CollectionPage = ProductPage<SearchResult> & { section: GridSection; total: number };

// Whitelisted ORDER BY fragments: the shopper's `orden` only ever picks one of these keys. Prices are
// those of now, a running sale's included (./sale-price-sql.server.ts).
function orderBy(sort: CollectionSort, { price, original }: SalePricing): Prisma.Sql {
  switch (sort) {
    case "novedades":
      return Prisma.sql`p."is_new" DESC, p."is_featured" DESC, p."created_at" DESC, p."id" DESC`;
    case "nombre":
      return Prisma.sql`joyeria_normalize(p."name"), p."id"`;
    case "precio-asc":
      return Prisma.sql`${price} ASC, p."id"`;
    case "precio-desc":
      return Prisma.sql`${price} DESC, p."id"`;
    case "destacados":
      return Prisma.sql`p."is_featured" DESC, p."is_new" DESC, p."created_at" DESC, p."id"`;
    case "descuento":
      return Prisma.sql`${discountShare(price, original)} DESC, joyeria_normalize(p."name"), p."id"`;
  }
}

/** `m` (a material in its search form: " oro blanco 14k ") is of the metal: the rule of `metalsOf`. */
function ofMetal(metal: MetalId): Prisma.Sql {
  switch (metal) {
    case "oro-blanco":
      return Prisma.sql`m LIKE '% oro blanco %'`;
    case "oro-rosa":
      return Prisma.sql`m LIKE '% oro rosa %'`;
    case "plata":
      return Prisma.sql`m LIKE '% plata %'`;
    case "oro-amarillo":
      return Prisma.sql`(m LIKE '% oro amarillo %' OR (m LIKE '% oro %' AND m NOT LIKE '% oro blanco %'
        AND m NOT LIKE '% oro rosa %' AND m NOT LIKE '% plata %'))`;
  }
}

/** The shopper's filters on product `p` joined to its category `c`. */
function filtersSql(category: CategoryId, filters: CollectionFilters, { price }: SalePricing): Prisma.Sql {
  // The bounds are typed in the prices the shopper sees (with IVA when the shop shows it), as search's.
  const ivaIncluded = getEnv().PRICES_INCLUDE_IVA;
  const metal = filters.metal
    ? Prisma.sql`AND EXISTS (
        SELECT 1 FROM (
          SELECT joyeria_search_form(x."material") AS m FROM (
            SELECT p."material" UNION ALL
            SELECT v."material" FROM "product_variants" v WHERE v."product_id" = p."id" AND v."archived_at" IS NULL
          ) x("material")
        ) y
        WHERE ${ofMetal(filters.metal)})`
    : Prisma.empty;
  return Prisma.sql`${onSale("p")}
    AND (${category === "all"} OR c."slug" = ${category}::text)
    AND ${price} >= ${storedPriceFor(filters.min * 100, ivaIncluded)}
    AND (${filters.max >= SEARCH_PRICE_MAX} OR ${price} < ${storedPriceFor(filters.max * 100 + 1, ivaIncluded)})
    AND (${!filters.disponible} OR p."stock" > 0)
    AND (${filters.ocasion}::text IS NULL OR p."occasions" @> ARRAY[${filters.ocasion}::text])
    ${metal}`;
}

/** A page of the collection; past its last page, no products (the route answers 404). */
export async function getCollection(category: CategoryId, filters: CollectionFilters, page: number) {
  const pricing = salePricingSql(await saleSchedule(), Date.now());
  return readCatalog(
    `collection:${category}:${JSON.stringify(filters)}:${page}:${pricing.key}`,
    () => loadCollection(category, filters, page, pricing),
    (found) => found.products.map((p) => p.id),
  );
}

async function loadCollection(
  category: CategoryId,
  filters: CollectionFilters,
  page: number,
  pricing: SalePricing,
): Promise<CollectionPage> {
  type Row = SearchResult & { total: number };
  const [rows, heading] = await Promise.all([
    prisma.$queryRaw<Row[]>`
      SELECT ${cardColumns}, count(*) OVER ()::int AS "total"
      FROM "products" p JOIN "categories" c ON c."id" = p."category_id" ${pricing.join}
      WHERE ${filtersSql(category, filters, pricing)}
      ORDER BY ${orderBy(filters.orden, pricing)}
      LIMIT ${GRID_PAGE_SIZE} OFFSET ${(page - 1) * GRID_PAGE_SIZE}`,
    category === "all"
      ? null
      : prisma.category.findUnique({ where: { slug: category }, select: { name: true, description: true } }),
  ]);
  const total = rows[0]?.total ?? 0;
  return {
    section: { category, name: heading?.name ?? null, description: heading?.description ?? null },
    products: rows.map(({ total: _total, ...card }) => ({ ...card, variants: cardVariants(card.variants) })),
    page,
    hasNext: (page - 1) * GRID_PAGE_SIZE + rows.length < total,
    total,
  };
}
