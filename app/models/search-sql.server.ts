import { Prisma } from "~/generated/prisma/client";
import type { SearchClause, SearchGroup } from "~/lib/search-query";

/**
 * The SQL pieces of a search (docs/decisions/016-search-for-mexican-shoppers.md), shared by the
 * results query and the suggestion query of ./search.server.ts. Only patterns and words from the
 * analysed query reach SQL, always as parameters; the structure comes from the analysis.
 *
 * A group's own patterns are written into the query as constants, so PostgreSQL plans each one with
 * the trigram index. A word that may be misspelt also gets `"fixes"` (a CTE computed once): when no
 * product has the word, its correction's patterns, else NULL (which matches nothing).
 */

/** The misspellable groups of the clauses, numbered from 1 in the order the fixes CTE lists them. */
export function fixableGroups(clauses: readonly SearchClause[]): SearchGroup[] {
  return clauses.flatMap((c) => c.options.flat()).filter((g) => g.correction !== null);
}

/** Some product of the catalogue (not archived) whose text is `like` (one pattern or `ANY (array)`). */
const anyProduct = (like: Prisma.Sql) =>
  Prisma.sql`EXISTS (SELECT 1 FROM "products" x WHERE x."archived_at" IS NULL AND x."search_text" LIKE ${like})`;

/**
 * `WITH "fixes" AS (…),` for the misspellable groups: when no product has the word (`exact`, with the
 * patterns as constants so the trigram index answers), its correction: the reviewed list's closest
 * word when a product has that, else the closest word of the catalogue's vocabulary (`search_terms`,
 * trigram similarity at least 0.3) that a product still has. NULL patterns: no correction.
 */
export function fixesCte(fixable: readonly SearchGroup[]): Prisma.Sql {
  if (fixable.length === 0) {
    return Prisma.sql`WITH "fixes" AS (SELECT NULL::int AS "i", NULL::text[] AS "patterns", NULL::text AS "spelling" WHERE false),`;
  }
  const rows = fixable.map((g, i) => {
    const { word, fallback } = g.correction!;
    const fallbackFound = fallback ? anyProduct(Prisma.sql`ANY (${fallback.patterns}::text[])`) : Prisma.sql`false`;
    return Prisma.sql`(${i + 1}, ${anyProduct(Prisma.sql`ANY (${g.patterns}::text[])`)}, ${fallbackFound},
      ${fallback?.patterns ?? null}::text[], ${fallback?.spelling ?? null}::text, ${word}::text)`;
  });
  return Prisma.sql`
    WITH "fixes" AS MATERIALIZED (
      SELECT t."i", f."patterns", f."spelling"
      FROM (VALUES ${Prisma.join(rows)}) AS t("i", "exact", "fallbackFound", "fallback", "fallbackSpelling", "word")
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
    ),`;
}

/** Whether `column` matches a group: its own patterns, or its correction's. */
function groupMatches(column: Prisma.Sql, group: SearchGroup, fixable: readonly SearchGroup[]): Prisma.Sql {
  const own = Prisma.sql`${column} LIKE ANY (${group.patterns}::text[])`;
  const fix = fixable.indexOf(group);
  if (fix < 0) return own;
  return Prisma.sql`(${own} OR ${column} LIKE ANY ((SELECT f."patterns" FROM "fixes" f WHERE f."i" = ${fix + 1})::text[]))`;
}

/** A product's words match every clause (`true` for no clause: the whole text then decides alone). */
export function clausesMatch(
  column: Prisma.Sql,
  clauses: readonly SearchClause[],
  fixable: readonly SearchGroup[],
): Prisma.Sql {
  if (clauses.length === 0) return Prisma.sql`false`;
  const clause = (c: SearchClause) =>
    Prisma.sql`(${Prisma.join(
      c.options.map(
        (o) =>
          Prisma.sql`(${Prisma.join(
            o.map((g) => groupMatches(column, g, fixable)),
            " AND ",
          )})`,
      ),
      " OR ",
    )})`;
  return Prisma.join(clauses.map(clause), " AND ");
}

/**
 * Where the words match, for the relevance order: 0 all in the name, 1 in the name or its material
 * (with the models' and the category's names), 2 somewhere in the description. A phrase counts by
 * its best option. Only ever computed for products that matched.
 */
export function wordsTier(clauses: readonly SearchClause[], fixable: readonly SearchGroup[]): Prisma.Sql {
  if (clauses.length === 0) return Prisma.sql`2`;
  const group = (g: SearchGroup) => Prisma.sql`CASE
    WHEN ${groupMatches(Prisma.sql`p."search_name"`, g, fixable)} THEN 0
    WHEN ${groupMatches(Prisma.sql`p."search_material"`, g, fixable)} THEN 1 ELSE 2 END`;
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
    FROM "product_variants" v WHERE v."product_id" = p."id"
  ), '[]'::json) AS "variants"`;

/** The corrections the fixes CTE made, as JSON `[{ i, spelling }]` (null when none). */
export const fixedColumn = Prisma.sql`(SELECT json_agg(json_build_object('i', f."i", 'spelling', f."spelling"))
  FROM "fixes" f WHERE f."patterns" IS NOT NULL) AS "fixed"`;
