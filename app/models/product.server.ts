import { type CardProduct, type CardVariant, sortForGrid } from "~/lib/catalog";
import { summarizeRatings } from "~/lib/reviews";
import { type CategoryId, RELATED_PRODUCTS_LIMIT, SEARCH_PRICE_MAX } from "~/lib/constants";
import { escapeLike, type SearchParams, type SearchSort } from "~/lib/search";
import { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/utils/db.server";
import { eligibilityFromCounts, viewerReviewCounts } from "./review.server";

// Every function here answers in ONE database round trip: the schema enables `relationJoins`, so
// nested selects become LATERAL joins of the same statement (tests/integration/query-count.test.ts).

const variantCardSelect = {
  id: true,
  name: true,
  model: true,
  size: true,
  price: true,
  originalPrice: true,
  stock: true,
  image: true,
  material: true,
} as const;

const cardSelect = {
  id: true,
  name: true,
  price: true,
  originalPrice: true,
  image: true,
  material: true,
  stock: true,
  isNew: true,
  isFeatured: true,
  variants: { select: variantCardSelect, orderBy: [{ sortOrder: "asc" }, { id: "asc" }] },
} as const satisfies Prisma.ProductSelect;

const newestFirst = [{ createdAt: "desc" }, { id: "desc" }] as const satisfies Prisma.ProductOrderByWithRelationInput[];

export type GridSection = {
  category: CategoryId;
  /** Category name, or null for "Todo" (the page gives it its own heading). */
  name: string | null;
  description: string | null;
};

/**
 * The home grid: the category's heading data and its products, newest first from the database,
 * then in the badge order. Unknown slugs are the caller's concern (the route validates).
 */
export async function getProductGrid(category: CategoryId = "all") {
  if (category === "all") {
    const products = await prisma.product.findMany({
      where: { archivedAt: null },
      select: cardSelect,
      orderBy: newestFirst,
    });
    return {
      section: { category, name: null, description: null } satisfies GridSection,
      products: sortForGrid(products),
    };
  }
  const row = await prisma.category.findUnique({
    where: { slug: category },
    select: {
      name: true,
      description: true,
      products: { where: { archivedAt: null }, select: cardSelect, orderBy: newestFirst },
    },
  });
  return {
    section: { category, name: row?.name ?? null, description: row?.description ?? null } satisfies GridSection,
    products: sortForGrid(row?.products ?? []),
  };
}

export type GridProduct = Awaited<ReturnType<typeof getProductGrid>>["products"][number];

/**
 * One product with everything its page shows: variants (with their images), images, category,
 * reviews newest first with their average, up to 8 related products of the same category (with
 * their ratings) and, given a `viewer` filter, whether the viewer may review it — in one statement.
 */
export async function getProductDetail(id: number, { viewer }: { viewer?: Prisma.UserWhereInput | null } = {}) {
  // An archived product is gone from the shop: its page is a 404 like a deleted one.
  const product = await prisma.product.findUnique({
    where: { id, archivedAt: null },
    select: {
      id: true,
      name: true,
      description: true,
      material: true,
      price: true,
      originalPrice: true,
      image: true,
      stock: true,
      isNew: true,
      isFeatured: true,
      updatedAt: true,
      images: { select: { url: true, alt: true }, orderBy: [{ sortOrder: "asc" }, { id: "asc" }] },
      variants: {
        select: {
          ...variantCardSelect,
          images: { select: { url: true, alt: true }, orderBy: [{ sortOrder: "asc" }, { id: "asc" }] },
        },
        orderBy: [{ sortOrder: "asc" }, { id: "asc" }],
      },
      reviews: {
        select: { id: true, userName: true, rating: true, comment: true, createdAt: true },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      },
      category: {
        select: {
          slug: true,
          name: true,
          products: {
            where: { id: { not: id }, archivedAt: null },
            select: { ...cardSelect, reviews: { select: { rating: true } } },
            orderBy: newestFirst,
            take: RELATED_PRODUCTS_LIMIT,
          },
        },
      },
      ...(viewer ? { _count: { select: viewerReviewCounts(viewer) } } : {}),
    },
  });
  if (!product) return null;
  const { category, _count, ...rest } = product as typeof product & {
    _count?: { reviews: number; orderItems: number };
  };
  return {
    ...rest,
    category: { slug: category.slug, name: category.name },
    rating: summarizeRatings(product.reviews.map((r) => r.rating)),
    related: category.products.map(({ reviews, ...card }) => ({
      ...card,
      rating: summarizeRatings(reviews.map((r) => r.rating)),
    })),
    /** Null without a viewer (logged out); the page then invites to log in. */
    reviewEligibility: _count ? eligibilityFromCounts(_count) : null,
  };
}

export type ProductDetail = NonNullable<Awaited<ReturnType<typeof getProductDetail>>>;

/** A search hit: exactly what a product card shows (the raw query returns that shape). */
export type SearchResult = CardProduct & { variants: CardVariant[] };

/** Most results a search returns (the overlay is a finding aid, not a second catalogue). */
const SEARCH_RESULT_LIMIT = 60;

// Whitelisted ORDER BY fragments: user input only ever picks one of these keys.
const SEARCH_ORDER: Record<SearchSort, Prisma.Sql> = {
  nombre: Prisma.sql`joyeria_normalize(p."name"), p."id"`,
  "precio-asc": Prisma.sql`p."price" ASC, p."id"`,
  "precio-desc": Prisma.sql`p."price" DESC, p."id"`,
  destacados: Prisma.sql`p."is_featured" DESC, p."is_new" DESC, p."created_at" DESC, p."id"`,
  descuento: Prisma.sql`CASE WHEN p."original_price" > p."price"
      THEN (p."original_price" - p."price")::float8 / p."original_price" ELSE 0 END DESC,
    joyeria_normalize(p."name"), p."id"`,
};

/**
 * Price bounds are inclusive; the top of the range (10 000 pesos) means "and above", so the
 * default filters never hide the finer pieces (docs/decisions/006-search-price-range.md).
 *
 * Accent- and case-insensitive search over name, material, description and category name (the
 * trigger-maintained, trigram-indexed `search_text`, decision 003), in one parameterised query.
 * Price bounds are pesos (inclusive); the database holds centavos. An empty term finds nothing.
 */
export async function searchProducts(params: SearchParams): Promise<SearchResult[]> {
  if (params.q === "") return [];
  const pattern = escapeLike(params.q);
  const rows = await prisma.$queryRaw<SearchResult[]>`
    SELECT p."id", p."name", p."price", p."original_price" AS "originalPrice", p."image", p."material",
           p."stock", p."is_new" AS "isNew", p."is_featured" AS "isFeatured",
           COALESCE((
             SELECT json_agg(json_build_object(
                      'id', v."id", 'name', v."name", 'model', v."model", 'size', v."size", 'price', v."price",
                      'originalPrice', v."original_price", 'stock', v."stock", 'image', v."image",
                      'material', v."material")
                    ORDER BY v."sort_order", v."id")
             FROM "product_variants" v WHERE v."product_id" = p."id"
           ), '[]'::json) AS "variants"
    FROM "products" p
    JOIN "categories" c ON c."id" = p."category_id"
    WHERE p."archived_at" IS NULL
      AND p."search_text" LIKE '%' || joyeria_normalize(${pattern}) || '%' ESCAPE '\\'
      AND (${params.categoria}::text IS NULL OR c."slug" = ${params.categoria}::text)
      AND p."price" >= ${params.min * 100}
      AND (${params.max >= SEARCH_PRICE_MAX} OR p."price" <= ${params.max * 100})
      AND (${!params.ofertas} OR p."original_price" > p."price")
    ORDER BY ${SEARCH_ORDER[params.orden]}
    LIMIT ${SEARCH_RESULT_LIMIT}`;
  return rows;
}

/** Ids and last change of every product, for the sitemap. */
export async function getSitemapProducts() {
  return prisma.product.findMany({
    where: { archivedAt: null },
    select: { id: true, updatedAt: true },
    orderBy: { id: "asc" },
  });
}
