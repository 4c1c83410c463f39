import type { CardVariant, ProductPage } from "~/lib/catalog";
import { formatDate } from "~/lib/dates";
import { summarizeRatings } from "~/lib/reviews";
import { type CategoryId, GRID_PAGE_SIZE, HOME_GRID_PAGE_SIZE, RELATED_PRODUCTS_LIMIT } from "~/lib/constants";
import type { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/utils/db.server";
import { cardVariants } from "~/lib/variants";
import { readCatalog } from "./catalog-cache.server";
import { eligibilityFromCounts, viewerReviewCounts } from "./review.server";

// Every function here answers in ONE database round trip: the schema enables `relationJoins`, so
// nested selects become LATERAL joins of the same statement (tests/integration/query-count.test.ts).
//
// Catalogue reads are served from the catalogue cache (./catalog-cache.server.ts): what a shopper sees
// may be a few seconds old on another instance. Adding to the cart and paying never read through it;
// they check price and stock in the database.

/**
 * What the shop sells: not archived (withdrawn for good, kept for the order history) and not hidden by
 * staff (the product form's "En venta" box, for a piece that is being photographed, repaired or
 * reserved for a client). Every catalogue read, the cart and checkout use it.
 */
export const ON_SALE = { archivedAt: null, inStock: true } as const satisfies Prisma.ProductWhereInput;

/**
 * A variant the shop offers: not archived (staff removed a model or size that appears in orders; the
 * orders keep it, the shop does not). Every read of variants for the shop, the cart and the panel's
 * editor uses it.
 */
export const ACTIVE_VARIANT = { archivedAt: null } as const satisfies Prisma.VariantWhereInput;

/** What a card shows of a variant (its own name is only on the product page). */
const variantCardSelect = {
  id: true,
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
  variants: { where: ACTIVE_VARIANT, select: variantCardSelect, orderBy: [{ sortOrder: "asc" }, { id: "asc" }] },
} as const satisfies Prisma.ProductSelect;

const newestFirst = [{ createdAt: "desc" }, { id: "desc" }] as const satisfies Prisma.ProductOrderByWithRelationInput[];

/**
 * The grid order, in SQL so a page is an indexed LIMIT/OFFSET at any catalogue size: new and featured
 * first, then new, then featured, then the rest (booleans sort true first descending), newest first
 * within each (the `products_grid_order_idx` indexes).
 */
const gridOrder = [
  { isNew: "desc" },
  { isFeatured: "desc" },
  { createdAt: "desc" },
  { id: "desc" },
] as const satisfies Prisma.ProductOrderByWithRelationInput[];

export type GridSection = {
  category: CategoryId;
  /** Category name, or null for "Todo" (the page gives it its own heading). */
  name: string | null;
  description: string | null;
};

/**
 * A page of the home grid: the category's heading data and its products in the grid order
 * (HOME_GRID_PAGE_SIZE for the whole catalogue — the plain home — GRID_PAGE_SIZE for a category),
 * plus whether a next page exists (one row more is read instead of counting the catalogue).
 * Unknown slugs and page bounds are the caller's concern (the route validates).
 */
export function getProductGrid(category: CategoryId = "all", page = 1) {
  return readCatalog(`grid:${category}:${page}`, () => loadGridPage(category, page), idsOfPage);
}

async function loadGridPage(category: CategoryId, page: number) {
  const size = gridPageSize(category);
  const window = { skip: (page - 1) * size, take: size + 1 };
  if (category === "all") {
    const rows = await prisma.product.findMany({
      where: ON_SALE,
      select: cardSelect,
      orderBy: gridOrder,
      ...window,
    });
    return {
      section: { category, name: null, description: null } satisfies GridSection,
      ...pageOf(rows, page, size),
    };
  }
  const row = await prisma.category.findUnique({
    where: { slug: category },
    select: {
      name: true,
      description: true,
      products: { where: ON_SALE, select: cardSelect, orderBy: gridOrder, ...window },
    },
  });
  return {
    section: { category, name: row?.name ?? null, description: row?.description ?? null } satisfies GridSection,
    ...pageOf(row?.products ?? [], page, size),
  };
}

/**
 * Rows read with one extra at the end: the page, and whether that extra row exists. Each card keeps
 * only the variants it can show.
 */
function pageOf<P extends { variants: CardVariant[] }>(rows: P[], page: number, size: number): ProductPage<P> {
  return { products: rows.slice(0, size).map(slimCard), page, hasNext: rows.length > size };
}

/** Cards per page of `category`'s grid: the plain home's (the whole catalogue) is shorter. */
function gridPageSize(category: CategoryId): number {
  return category === "all" ? HOME_GRID_PAGE_SIZE : GRID_PAGE_SIZE;
}

function idsOfPage(page: { products: { id: number }[] }): number[] {
  return page.products.map((p) => p.id);
}

function slimCard<P extends { variants: CardVariant[] }>(product: P): P {
  return { ...product, variants: cardVariants(product.variants) };
}

export type GridProduct = Awaited<ReturnType<typeof getProductGrid>>["products"][number];

/**
 * One product with everything its page shows: variants (with their images), images, category,
 * reviews newest first with their average and up to 8 related products of the same category (with
 * their ratings), in one statement. The same for every visitor, so it is cached; whether the viewer
 * may review it is `getViewerReviewEligibility`, read apart. An archived product is gone from the
 * shop: null, and its page is a 404 like a deleted one's.
 */
export function getProductDetail(id: number) {
  return readCatalog(
    `product:${id}`,
    () => loadProductDetail(id),
    (product) => (product ? [product.id, ...product.related.map((p) => p.id)] : [id]),
  );
}

async function loadProductDetail(id: number) {
  const product = await prisma.product.findUnique({
    where: { id, ...ON_SALE },
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
        where: ACTIVE_VARIANT,
        select: {
          ...variantCardSelect,
          name: true,
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
            where: { id: { not: id }, ...ON_SALE },
            select: { ...cardSelect, reviews: { select: { rating: true } } },
            orderBy: newestFirst,
            take: RELATED_PRODUCTS_LIMIT,
          },
        },
      },
    },
  });
  if (!product) return null;
  const { category, ...rest } = product;
  return {
    ...rest,
    category: { slug: category.slug, name: category.name },
    // The date as the page shows it, written here: formatting it in the browser would load the
    // locale's and the time zone's data on the phone's main thread at hydration (decision 065).
    reviews: product.reviews.map((r) => ({ ...r, dateLabel: formatDate(r.createdAt) })),
    rating: summarizeRatings(product.reviews.map((r) => r.rating)),
    related: category.products.map(({ reviews, ...card }) => ({
      ...slimCard(card),
      rating: summarizeRatings(reviews.map((r) => r.rating)),
    })),
  };
}

/**
 * Whether the viewer (a session filter from `sessionUserFilter`) may review the product: one
 * statement that reads the session's user, their paid orders with the product and their review of it.
 * Null without a viewer (logged out): the page then invites to log in. Never cached: it is personal.
 */
export async function getViewerReviewEligibility(id: number, viewer: Prisma.UserWhereInput | null) {
  if (!viewer) return null;
  const row = await prisma.product.findUnique({
    where: { id },
    select: { _count: { select: viewerReviewCounts(viewer) } },
  });
  return row ? eligibilityFromCounts(row._count) : null;
}

export type ProductDetail = NonNullable<Awaited<ReturnType<typeof getProductDetail>>>;

/**
 * The cards of the given products, in the order given (favourites, recently viewed: this browser's
 * lists), leaving out those no longer on sale. One statement; cached like every catalogue read.
 */
export function getProductCards(ids: readonly number[]) {
  return readCatalog(
    `cards:${ids.join(",")}`,
    async () => {
      const rows = await prisma.product.findMany({ where: { id: { in: [...ids] }, ...ON_SALE }, select: cardSelect });
      const byId = new Map(rows.map((row) => [row.id, slimCard(row)]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },
    () => [...ids],
  );
}

/** Ids and last change of every product, for the sitemap. */
export async function getSitemapProducts() {
  return prisma.product.findMany({
    where: ON_SALE,
    select: { id: true, updatedAt: true },
    orderBy: { id: "asc" },
  });
}
