import { Prisma } from "~/generated/prisma/client";
import type { SearchClause, SearchGroup } from "~/lib/search-query";

/**
 * The SQL pieces of a search (docs/decisions/016-search-for-mexican-shoppers.md), shared by the
 * results query and the suggestion query of ./search.server.ts. Only patterns and words from the
 * analysed query reach SQL, always as parameters; the structure comes from the analysis.
 *
 * A product matches when it contains the whole text, or its words match (`wordsMatch(…, "own")`, the
 * groups' own patterns written in as constants, so PostgreSQL plans them with the trigram index), or,
 * when some word was corrected, the corrected words match (`wordsMatch(…, "corrected")`, patterns
 * from the fixes CTE: parameters the planner cannot see, so that branch runs only when needed).
 */

/** The misspellable groups of the clauses, numbered from 1 in the order the fixes CTE lists them. */
export function fixableGroups(clauses: readonly SearchClause[]): SearchGroup[] {
  return clauses.flatMap((c) => c.options.flat()).filter((g) => g.correction !== null);
}

/**
 * Product row `alias` is on sale: the SQL form of `ON_SALE` (./product.server.ts), not archived and
 * not hidden by staff ("En venta"). Every row a search finds, suggests or features passes it.
 */
export const onSale = (alias: "p" | "x") =>
  Prisma.sql`${Prisma.raw(`"${alias}"`)}."archived_at" IS NULL AND ${Prisma.raw(`"${alias}"`)}."in_stock"`;

/** Some product on sale whose text is `like` (one pattern or `ANY (array)`). */
const anyProduct = (like: Prisma.Sql) =>
  Prisma.sql`EXISTS (SELECT 1 FROM "products" x WHERE ${onSale("x")} AND x."search_text" LIKE ${like})`;

/**
 * `WITH "fixes" AS (…),` for the misspellable groups. When no product has the word (`exact`, with the
 * patterns as constants so the trigram index answers), its correction: the reviewed list's closest
 * word when a product has that, else the closest word of the catalogue's vocabulary (`search_terms`,
 * trigram similarity at least 0.3) that a product still has. Per group: `patterns`, the correction's
 * (NULL: none), its `spelling`, and `final`, the patterns the group matches with once some word of the
 * query was corrected (NULL when none was).
 */
export function fixesCte(fixable: readonly SearchGroup[]): Prisma.Sql {
  if (fixable.length === 0) {
    return Prisma.sql`WITH "fixes" AS (SELECT NULL::int AS "i", NULL::text[] AS "patterns", NULL::text AS "spelling",
      NULL::text[] AS "final" WHERE false),`;
  }
  const rows = fixable.map((g, i) => {
    const { word, fallback } = g.correction!;
    const fallbackFound = fallback ? anyProduct(Prisma.sql`ANY (${fallback.patterns}::text[])`) : Prisma.sql`false`;
    return Prisma.sql`(${i + 1}, ${g.patterns}::text[], ${anyProduct(Prisma.sql`ANY (${g.patterns}::text[])`)},
      ${fallbackFound}, ${fallback?.patterns ?? null}::text[], ${fallback?.spelling ?? null}::text, ${word}::text)`;
  });
  return Prisma.sql`
    WITH "corrections" AS MATERIALIZED (
      SELECT t."i", t."own", f."patterns", f."spelling"
      FROM (VALUES ${Prisma.join(rows)}) AS t("i", "own", "exact", "fallbackFound", "fallback", "fallbackSpelling", "word")
      LEFT JOIN LATERAL (
        (SELECT t."fallback", t."fallbackSpelling" WHERE NOT t."exact" AND t."fallbackFound")
        UNION ALL
        (SELECT ARRAY['% ' || s."term" || '%'], s."spelling"
         FROM "search_terms" s
         WHERE NOT t."exact" AND s."term" % t."word" AND ${anyProduct(Prisma.sql`'% ' || s."term" || ' %'`)}
         ORDER BY similarity(s."term", t."word") DESC, s."term"
         LIMIT 1)
        LIMIT 1
      ) f("patterns", "spelling") ON true
    ),
    "fixes" AS MATERIALIZED (
      SELECT c."i", c."patterns", c."spelling",
        CASE WHEN bool_or(c."patterns" IS NOT NULL) OVER () THEN COALESCE(c."patterns", c."own") END AS "final"
      FROM "corrections" c
    ),`;
}

/** Whether some word of the query was corrected (an uncorrelated subquery: computed once). */
export const anyFix = Prisma.sql`(SELECT coalesce(bool_or(f."patterns" IS NOT NULL), false) FROM "fixes" f)`;

/** The patterns array of misspellable group `group` from the fixes CTE (`patterns` or `final`). */
function fixColumn(column: "patterns" | "final", group: SearchGroup, fixable: readonly SearchGroup[]) {
  return Prisma.sql`(SELECT f.${Prisma.raw(`"${column}"`)} FROM "fixes" f WHERE f."i" = ${fixable.indexOf(group) + 1})::text[]`;
}

/**
 * How a clause's groups match: with their own patterns (`"own"`, constants the planner sees), with
 * the patterns they have once some word was corrected (`"corrected"`: the misspellable groups'
 * `final` patterns), or either way (`"either"`: own patterns or the correction's; for what the
 * products found show, never to find them).
 */
export type MatchMode = "own" | "corrected" | "either";

function groupMatch(column: Prisma.Sql, group: SearchGroup, fixable: readonly SearchGroup[], mode: MatchMode) {
  const own = Prisma.sql`${column} LIKE ANY (${group.patterns}::text[])`;
  if (mode === "own" || !fixable.includes(group)) return own;
  if (mode === "corrected") return Prisma.sql`${column} LIKE ANY (${fixColumn("final", group, fixable)})`;
  return Prisma.sql`(${own} OR ${column} LIKE ANY (${fixColumn("patterns", group, fixable)}))`;
}

/** A product's `column` matches a clause: one of its options, with all the option's groups. */
export function clauseMatch(
  column: Prisma.Sql,
  clause: SearchClause,
  fixable: readonly SearchGroup[],
  mode: MatchMode,
): Prisma.Sql {
  const option = (groups: SearchGroup[]) =>
    Prisma.sql`(${Prisma.join(
      groups.map((g) => groupMatch(column, g, fixable, mode)),
      " AND ",
    )})`;
  return Prisma.sql`(${Prisma.join(clause.options.map(option), " OR ")})`;
}

/** A product's text matches every clause (`false` for no clause: the whole text then decides alone). */
export function wordsMatch(
  column: Prisma.Sql,
  clauses: readonly SearchClause[],
  fixable: readonly SearchGroup[],
  mode: MatchMode,
): Prisma.Sql {
  if (clauses.length === 0) return Prisma.sql`false`;
  return Prisma.join(
    clauses.map((c) => clauseMatch(column, c, fixable, mode)),
    " AND ",
  );
}

/**
 * Where the words match, for the relevance order: 0 all in the name, 1 in the name or its material
 * (with the models' and the category's names), 2 somewhere in the description. A phrase counts by
 * its best option. Only ever computed for products that matched.
 */
export function wordsTier(clauses: readonly SearchClause[], fixable: readonly SearchGroup[]): Prisma.Sql {
  if (clauses.length === 0) return Prisma.sql`2`;
  const group = (g: SearchGroup) => Prisma.sql`CASE
    WHEN ${groupMatch(Prisma.sql`p."search_name"`, g, fixable, "either")} THEN 0
    WHEN ${groupMatch(Prisma.sql`p."search_material"`, g, fixable, "either")} THEN 1 ELSE 2 END`;
  const worst = (parts: Prisma.Sql[]) => (parts.length === 1 ? parts[0]! : Prisma.sql`GREATEST(${Prisma.join(parts)})`);
  const best = (parts: Prisma.Sql[]) => (parts.length === 1 ? parts[0]! : Prisma.sql`LEAST(${Prisma.join(parts)})`);
  return worst(clauses.map((c) => best(c.options.map((o) => worst(o.map(group))))));
}

/**
 * The spec's rule, kept as the floor: the whole text as typed (trimmed, accents and case aside) inside
 * the product's text. A LIKE pattern built in SQL with the same function that wrote the text.
 */
export function wholeTextPattern(q: string): Prisma.Sql {
  return Prisma.sql`('%' || replace(replace(replace(btrim("joyeria_search_form"(${q}::text)),
    '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%')`;
}

/** The card fields of a product row `p`, with its variants as a card shows them (JSON). */
export const cardColumns = Prisma.sql`p."id", p."name", p."price", p."original_price" AS "originalPrice", p."image",
  p."material", p."stock", p."is_new" AS "isNew", p."is_featured" AS "isFeatured",
  COALESCE((
    SELECT json_agg(json_build_object(
             'id', v."id", 'model', v."model", 'size', v."size", 'price', v."price",
             'originalPrice', v."original_price", 'stock', v."stock", 'image', v."image",
             'material', v."material")
           ORDER BY v."sort_order", v."id")
    FROM "product_variants" v WHERE v."product_id" = p."id" AND v."archived_at" IS NULL
  ), '[]'::json) AS "variants"`;

/** The corrections the fixes CTE made, as JSON `[{ i, spelling }]` (null when none). */
export const fixedColumn = Prisma.sql`(SELECT json_agg(json_build_object('i', f."i", 'spelling', f."spelling"))
  FROM "fixes" f WHERE f."patterns" IS NOT NULL) AS "fixed"`;
