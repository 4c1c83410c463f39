import { Prisma } from "~/generated/prisma/client";
import type { CardProduct, CardVariant, ProductPage } from "~/lib/catalog";
import { storedPriceFor } from "~/lib/checkout";
import { GRID_PAGE_SIZE, SEARCH_PRICE_MAX } from "~/lib/constants";
import type { SearchParams, SearchSort } from "~/lib/search";
import { type AnalyzedSearch, analyzeSearch, rewriteSearch, type SearchClause } from "~/lib/search-query";
import { cardVariants } from "~/lib/variants";
import { prisma } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { readCatalog } from "./catalog-cache.server";
import {
  anyFix,
  cardColumns,
  fixableGroups,
  fixedColumn,
  fixesCte,
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

/**
 * A page of search results for the shopper's parameters; an empty text finds nothing (and costs
 * nothing). Price bounds are pesos (inclusive; the top of the range means "and above", decision 006).
 */
export function searchCatalog(params: SearchParams): Promise<SearchPage> {
  if (params.q === "") {
    return Promise.resolve({
      products: [],
      page: params.pagina,
      hasNext: false,
      total: 0,
      suggestion: null,
      featured: [],
    });
  }
  return readCatalog(
    `search:${JSON.stringify(params)}`,
    () => loadSearchPage(params),
    (found) => [...found.products, ...found.featured].map((p) => p.id),
  );
}

type Row = SearchResult & { total: number; fixed: { i: number; spelling: string }[] | null };

// Whitelisted ORDER BY fragments: user input only ever picks one of these keys.
const ORDER: Record<SearchSort, Prisma.Sql> = {
  relevancia: Prisma.sql`p."level", p."tier", p."is_new" DESC, p."is_featured" DESC, p."created_at" DESC, p."id" DESC`,
  nombre: Prisma.sql`joyeria_normalize(p."name"), p."id"`,
  "precio-asc": Prisma.sql`p."price" ASC, p."id"`,
  "precio-desc": Prisma.sql`p."price" DESC, p."id"`,
  destacados: Prisma.sql`p."is_featured" DESC, p."is_new" DESC, p."created_at" DESC, p."id"`,
  descuento: Prisma.sql`CASE WHEN p."original_price" > p."price"
      THEN (p."original_price" - p."price")::float8 / p."original_price" ELSE 0 END DESC,
    joyeria_normalize(p."name"), p."id"`,
};

/** The shopper's filters on product `p` joined to its category `c`. */
function filters(params: SearchParams): Prisma.Sql {
  // The bounds are typed in the prices the shopper sees (with IVA when the shop shows it).
  const ivaIncluded = getEnv().PRICES_INCLUDE_IVA;
  return Prisma.sql`p."archived_at" IS NULL
    AND (${params.categoria}::text IS NULL OR c."slug" = ${params.categoria}::text)
    AND p."price" >= ${storedPriceFor(params.min * 100, ivaIncluded)}
    AND (${params.max >= SEARCH_PRICE_MAX} OR p."price" < ${storedPriceFor(params.max * 100 + 1, ivaIncluded)})
    AND (${!params.ofertas} OR p."original_price" > p."price")`;
}

async function loadSearchPage(params: SearchParams): Promise<SearchPage> {
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
        SELECT p.*, 1 AS "level"
        FROM "products" p JOIN "categories" c ON c."id" = p."category_id"
        WHERE ${anyFix} AND ${filters(params)}
          AND ${wordsMatch(text, analyzed.clauses, fixable, "corrected")} AND NOT ${found}`;
  const rows = await prisma.$queryRaw<Row[]>`
    ${fixesCte(fixable)}
    "hits" AS (
      SELECT p.*, 0 AS "level"
      FROM "products" p JOIN "categories" c ON c."id" = p."category_id"
      WHERE ${filters(params)} AND ${found}
      ${corrected}
    ),
    "page" AS (
      SELECT p.*, count(*) OVER ()::int AS "total", row_number() OVER (ORDER BY ${ORDER[params.orden]}) AS "position"
      FROM (
        SELECT p.*, LEAST(${wordsTier(analyzed.clauses, fixable)}, CASE
          WHEN p."search_name" LIKE ${whole} THEN 0 WHEN p."search_material" LIKE ${whole} THEN 1 ELSE 2 END) AS "tier"
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
  if (params.pagina > 1)
    return { products: [], page: params.pagina, hasNext: false, total: 0, suggestion: null, featured: [] };
  return { products: [], page: 1, hasNext: false, total: 0, ...(await loadEmptyAnswer(params, analyzed)) };
}

/** Token index → corrected spelling, from the fixes the query reported. */
function spellingsOf(analyzed: AnalyzedSearch, fixed: Row["fixed"]): Map<number, string> {
  const fixable = fixableGroups(analyzed.clauses);
  return new Map((fixed ?? []).map(({ i, spelling }) => [fixable[i - 1]!.correction!.token, spelling]));
}

/**
 * What an empty search shows instead, in one statement: the nearest text that finds something (the
 * query without one of its words, the last first; else one of its words alone, the first first,
 * with corrections), and a few featured pieces.
 */
async function loadEmptyAnswer(params: SearchParams, analyzed: AnalyzedSearch) {
  const { clauses } = analyzed;
  const candidates: SearchClause[][] =
    clauses.length < 2
      ? []
      : [
          ...clauses.map((_, drop) => clauses.filter((__, i) => i !== drop)).reverse(),
          ...(clauses.length > 2 ? clauses.map((c) => [c]) : []),
        ];
  const fixable = fixableGroups(clauses);
  const some = (keep: SearchClause[], mode: "own" | "corrected") =>
    Prisma.sql`EXISTS (SELECT 1 FROM "products" p JOIN "categories" c ON c."id" = p."category_id"
      WHERE ${filters(params)} AND ${wordsMatch(Prisma.sql`p."search_text"`, keep, fixable, mode)})`;
  const found = candidates.map(
    (keep, i) => Prisma.sql`WHEN ${some(keep, "own")} OR (${anyFix} AND ${some(keep, "corrected")}) THEN ${i}::int`,
  );
  type EmptyRow = {
    candidate: number | null;
    featured: (SearchResult & { position: number })[] | null;
    fixed: Row["fixed"];
  };
  const [row] = await prisma.$queryRaw<EmptyRow[]>`
    ${fixesCte(fixable)}
    "featured" AS (
      SELECT ${cardColumns}, row_number() OVER (ORDER BY p."is_new" DESC, p."created_at" DESC, p."id" DESC) AS "position"
      FROM "products" p
      WHERE p."archived_at" IS NULL AND p."is_featured"
      ORDER BY "position"
      LIMIT ${FEATURED_WHEN_EMPTY}
    )
    SELECT ${found.length > 0 ? Prisma.sql`CASE ${Prisma.join(found, " ")} END` : Prisma.sql`NULL::int`} AS "candidate",
      (SELECT json_agg(f ORDER BY f."position") FROM "featured" f) AS "featured", ${fixedColumn}`;
  const keep = row?.candidate === null || row?.candidate === undefined ? null : candidates[row.candidate]!;
  if (keep) return { suggestion: rewriteSearch(analyzed, keep, spellingsOf(analyzed, row!.fixed)), featured: [] };
  return {
    suggestion: null,
    featured: (row?.featured ?? []).map(({ position: _position, ...p }) => ({
      ...p,
      variants: cardVariants(p.variants),
    })),
  };
}
