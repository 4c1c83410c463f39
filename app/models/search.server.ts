import { Prisma } from "~/generated/prisma/client";
import type { CardProduct, CardVariant, ProductPage } from "~/lib/catalog";
import { storedPriceFor } from "~/lib/checkout";
import { GRID_PAGE_SIZE, SEARCH_PRICE_MAX } from "~/lib/constants";
import type { SearchParams, SearchSort } from "~/lib/search";
import {
  type AnalyzedSearch,
  analyzeSearch,
  rewriteSearch,
  type SearchClause,
  type SearchGroup,
} from "~/lib/search-query";
import { notSoldIn } from "~/lib/not-sold";
import { cardVariants } from "~/lib/variants";
import { prisma } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { readCatalog } from "./catalog-cache.server";
import { saleSchedule } from "./sale-events.server";
import { discountShare, type SalePricing, salePricingSql } from "./sale-price-sql.server";
import {
  anyFix,
  cardColumns,
  clauseMatch,
  fixableGroups,
  fixedColumn,
  fixesCte,
  type MatchMode,
  onSale,
  wholeTextPattern,
  wordsMatch,
  wordsTier,
} from "./search-sql.server";

// The shop's search (docs/decisions/016-search-for-mexican-shoppers.md): a results page is ONE
// statement (its count included); an empty first page costs one more, for the suggestion and the
// featured pieces shown instead. Both are read through the catalogue cache, tagged with the products
// they show.

/** A search hit: exactly what a product card shows. */
export type SearchResult = CardProduct & { variants: CardVariant[] };

export type SearchPage = ProductPage<SearchResult> & {
  /** Products found in all, over every page. */
  total: number;
  /**
   * "¿Quisiste decir …?": the text with its misspelt words corrected when the results come from
   * corrections, or, when nothing was found, the nearest text that finds something. Null: none.
   */
  suggestion: string | null;
  /** When nothing was found: a few featured pieces to show instead. */
  featured: SearchResult[];
};

/** How many featured pieces an empty search shows (one row of the results grid). */
export const FEATURED_WHEN_EMPTY = 4;

/** The most words an empty search may have for the nearest search that finds something to be sought. */
const SUGGESTION_WORDS = 4;

/**
 * A page of search results for the shopper's parameters; an empty text finds nothing (and costs
 * nothing). Price bounds are pesos (inclusive; the top of the range means "and above", decision 006).
 */
export async function searchCatalog(params: SearchParams): Promise<SearchPage> {
  if (params.q === "") return nothing(params.pagina);
  const pricing = salePricingSql(await saleSchedule(), Date.now());
  // Something the shop does not sell: no "correction" into some piece, the featured pieces instead.
  if (notSoldIn(params.q)) {
    if (params.pagina > 1) return nothing(params.pagina);
    return readCatalog(
      "search:not-sold",
      async () => ({ ...nothing(1), ...(await loadEmptyAnswer(params, analyzeSearch(""), pricing)) }),
      (found) => found.featured.map((p) => p.id),
    );
  }
  return readCatalog(
    `search:${JSON.stringify(params)}:${pricing.key}`,
    () => loadSearchPage(params, pricing),
    (found) => [...found.products, ...found.featured].map((p) => p.id),
  );
}

/** A page with no products, and nothing to say about it. */
function nothing(page: number): SearchPage {
  return { products: [], page, hasNext: false, total: 0, suggestion: null, featured: [] };
}

type Row = SearchResult & { total: number; fixed: { i: number; spelling: string }[] | null };

// The hits' prices of now (a running sale's included), which the orders compare.
const HIT_PRICE = Prisma.sql`p."now_price"`;
const HIT_ORIGINAL = Prisma.sql`p."now_original"`;

// Whitelisted ORDER BY fragments over the hits: user input only ever picks one of these keys.
const ORDER: Record<SearchSort, Prisma.Sql> = {
  relevancia: Prisma.sql`p."level", p."tier", p."is_new" DESC, p."is_featured" DESC, p."created_at" DESC, p."id" DESC`,
  nombre: Prisma.sql`joyeria_normalize(p."name"), p."id"`,
  "precio-asc": Prisma.sql`${HIT_PRICE} ASC, p."id"`,
  "precio-desc": Prisma.sql`${HIT_PRICE} DESC, p."id"`,
  destacados: Prisma.sql`p."is_featured" DESC, p."is_new" DESC, p."created_at" DESC, p."id"`,
  descuento: Prisma.sql`${discountShare(HIT_PRICE, HIT_ORIGINAL)} DESC, joyeria_normalize(p."name"), p."id"`,
};

/**
 * The shopper's filters on product `p` joined to its category `c` and to `pricing.join`: prices are
 * those of now, a running sale's included (./sale-price-sql.server.ts).
 */
function filters(params: SearchParams, { price, original }: SalePricing): Prisma.Sql {
  // The bounds are typed in the prices the shopper sees (with IVA when the shop shows it).
  const ivaIncluded = getEnv().PRICES_INCLUDE_IVA;
  return Prisma.sql`${onSale("p")}
    AND (${params.categoria}::text IS NULL OR c."slug" = ${params.categoria}::text)
    AND ${price} >= ${storedPriceFor(params.min * 100, ivaIncluded)}
    AND (${params.max >= SEARCH_PRICE_MAX} OR ${price} < ${storedPriceFor(params.max * 100 + 1, ivaIncluded)})
    AND (${!params.ofertas} OR ${original} > ${price})`;
}

async function loadSearchPage(params: SearchParams, pricing: SalePricing): Promise<SearchPage> {
  const analyzed = analyzeSearch(params.q);
  const fixable = fixableGroups(analyzed.clauses);
  const whole = wholeTextPattern(params.q);
  const text = Prisma.sql`p."search_text"`;
  const found = Prisma.sql`(p."search_text" LIKE ${whole} OR ${wordsMatch(text, analyzed.clauses, fixable, "own")})`;
  // Matches through corrections come after, ranked lower (level 1); that branch runs only when some
  // word of the query was corrected (a one-time filter).
  const corrected =
    fixable.length === 0
      ? Prisma.empty
      : Prisma.sql`UNION ALL
        SELECT p.*, ${pricing.price} AS "now_price", ${pricing.original} AS "now_original", 1 AS "level"
        FROM "products" p JOIN "categories" c ON c."id" = p."category_id" ${pricing.join}
        WHERE ${anyFix} AND ${filters(params, pricing)}
          AND ${wordsMatch(text, analyzed.clauses, fixable, "corrected")} AND NOT ${found}`;
  // Where the words (or the whole text) match: only the relevance order needs it.
  const tier = Prisma.sql`LEAST(${wordsTier(analyzed.clauses, fixable)}, CASE
    WHEN p."search_name" LIKE ${whole} THEN 0 WHEN p."search_material" LIKE ${whole} THEN 1 ELSE 2 END)`;
  const rows = await prisma.$queryRaw<Row[]>`
    ${fixesCte(fixable)}
    "hits" AS (
      SELECT p.*, ${pricing.price} AS "now_price", ${pricing.original} AS "now_original", 0 AS "level"
      FROM "products" p JOIN "categories" c ON c."id" = p."category_id" ${pricing.join}
      WHERE ${filters(params, pricing)} AND ${found}
      ${corrected}
    ),
    "page" AS (
      SELECT p.*, count(*) OVER ()::int AS "total", row_number() OVER (ORDER BY ${ORDER[params.orden]}) AS "position"
      FROM (
        SELECT p.*, ${params.orden === "relevancia" ? tier : Prisma.sql`0`} AS "tier"
        FROM "hits" p
      ) p
      ORDER BY "position"
      LIMIT ${GRID_PAGE_SIZE} OFFSET ${(params.pagina - 1) * GRID_PAGE_SIZE}
    )
    SELECT ${cardColumns}, p."total", ${fixedColumn}
    FROM "page" p
    ORDER BY p."position"`;

  const total = rows[0]?.total ?? 0;
  const products = rows.map(({ total: _total, fixed: _fixed, ...card }) => ({
    ...card,
    variants: cardVariants(card.variants),
  }));
  if (rows.length > 0) {
    const spellings = spellingsOf(analyzed, rows[0]!.fixed);
    return {
      products,
      page: params.pagina,
      hasNext: (params.pagina - 1) * GRID_PAGE_SIZE + rows.length < total,
      total,
      suggestion: spellings.size > 0 ? rewriteSearch(analyzed, analyzed.clauses, spellings) : null,
      featured: [],
    };
  }
  // Past the last page of a search that found something: nothing to suggest.
  if (params.pagina > 1) return nothing(params.pagina);
  return { ...nothing(1), ...(await loadEmptyAnswer(params, analyzed, pricing)) };
}

/** Token index → corrected spelling, from the fixes the query reported. */
function spellingsOf(analyzed: AnalyzedSearch, fixed: Row["fixed"]): Map<number, string> {
  const fixable = fixableGroups(analyzed.clauses);
  return new Map((fixed ?? []).map(({ i, spelling }) => [fixable[i - 1]!.correction!.token, spelling]));
}

/**
 * What an empty search shows instead, in one statement: the nearest text that finds something (the
 * most of its words, corrected, dropping later words first) and a few featured pieces. One pass over
 * the products that match some word records which words each matches (a bit per clause); the
 * candidates are then checked here.
 */
async function loadEmptyAnswer(params: SearchParams, analyzed: AnalyzedSearch, pricing: SalePricing) {
  const { clauses } = analyzed;
  const fixable = fixableGroups(clauses);
  // Each word weighed costs its patterns on every product's text: a text of more than
  // SUGGESTION_WORDS words (no shopper's) gets the categories and featured pieces.
  const weighed = clauses.length <= SUGGESTION_WORDS ? clauses : [];
  const masks = weighed.length < 2 ? Prisma.sql`NULL::int[]` : clauseMasks(params, weighed, fixable, pricing);
  type EmptyRow = {
    masks: number[] | null;
    featured: (SearchResult & { position: number })[] | null;
    fixed: Row["fixed"];
  };
  const [row] = await prisma.$queryRaw<EmptyRow[]>`
    ${fixesCte(fixable)}
    "featured" AS (
      SELECT ${cardColumns}, row_number() OVER (ORDER BY p."is_new" DESC, p."created_at" DESC, p."id" DESC) AS "position"
      FROM "products" p
      WHERE ${onSale("p")} AND p."is_featured"
      ORDER BY "position"
      LIMIT ${FEATURED_WHEN_EMPTY}
    )
    SELECT ${masks} AS "masks", (SELECT json_agg(f ORDER BY f."position") FROM "featured" f) AS "featured", ${fixedColumn}`;

  const found = row?.masks ?? [];
  const keep = nearestSubsets(weighed.length).find((c) => found.some((m) => c.every((i) => (m & (2 ** i)) !== 0)));
  if (keep) {
    const kept = keep.map((i) => weighed[i]!);
    return { suggestion: rewriteSearch(analyzed, kept, spellingsOf(analyzed, row!.fixed)), featured: [] };
  }
  const featured = (row?.featured ?? []).map(({ position: _position, ...p }) => ({
    ...p,
    variants: cardVariants(p.variants),
  }));
  return { suggestion: null, featured };
}

/**
 * The distinct sets of clauses (a bit per clause) that products matching some clause match, with the
 * shopper's filters: one pass, by the words' own patterns (the trigram index can answer) and, when a
 * word was corrected, by the corrected ones.
 */
function clauseMasks(
  params: SearchParams,
  clauses: readonly SearchClause[],
  fixable: readonly SearchGroup[],
  pricing: SalePricing,
) {
  const text = Prisma.sql`p."search_text"`;
  const some = (mode: MatchMode) =>
    Prisma.join(
      clauses.map((c) => clauseMatch(text, c, fixable, mode)),
      " OR ",
    );
  const mask = Prisma.join(
    clauses.map(
      (c, i) => Prisma.sql`CASE WHEN ${clauseMatch(text, c, fixable, "either")} THEN ${2 ** i}::int ELSE 0 END`,
    ),
    " + ",
  );
  return Prisma.sql`(SELECT array_agg(DISTINCT m."mask") FROM (
    SELECT ${mask} AS "mask" FROM "products" p JOIN "categories" c ON c."id" = p."category_id" ${pricing.join}
    WHERE ${filters(params, pricing)} AND (${some("own")})
    UNION ALL
    SELECT ${mask} FROM "products" p JOIN "categories" c ON c."id" = p."category_id" ${pricing.join}
    WHERE ${anyFix} AND ${filters(params, pricing)} AND (${some("corrected")})
  ) m)`;
}

/**
 * The proper non-empty subsets of `n` clauses, nearest first: the most clauses, then the earliest
 * (the shopper's first words usually say what the piece is): for 3, [0,1] [0,2] [1,2] [0] [1] [2].
 */
function nearestSubsets(n: number): number[][] {
  const subsets: number[][] = [];
  for (let bits = 1; bits < 2 ** n - 1; bits += 1) {
    subsets.push([...Array(n).keys()].filter((i) => (bits & (2 ** i)) !== 0));
  }
  const earlier = (a: number[], b: number[]) => a.findIndex((x, i) => x !== b[i]);
  return subsets.sort((a, b) => {
    if (a.length !== b.length) return b.length - a.length;
    const at = earlier(a, b);
    return at < 0 ? 0 : a[at]! - b[at]!;
  });
}
