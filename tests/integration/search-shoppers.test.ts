import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseSearchParams } from "~/lib/search";
import { catalogChanged } from "~/models/catalog-cache.server";
import { searchCatalog } from "~/models/search.server";
import { prisma } from "~/utils/db.server";
import { seed } from "../../prisma/seed";
import { resetDatabase } from "../db-utils";
import { SHOPPER_QUERIES } from "./search-shopper-queries";

/**
 * The shopper query table (./search-shopper-queries.ts) against the seed catalogue: what each query
 * must find and must not find, what comes first and which correction it offers; and the spec's rule
 * (the whole text inside name, material, description or category name) as the floor.
 */

beforeAll(async () => {
  await resetDatabase();
  await seed(prisma);
  catalogChanged("everything");
}, 120_000);

/** Every product a search finds, over all its pages, and what the first page says. */
async function searchAll(q: string, extra: Record<string, string> = {}) {
  const names: string[] = [];
  let first: Awaited<ReturnType<typeof searchCatalog>> | null = null;
  for (let page = 1; ; page += 1) {
    const found = await searchCatalog(parseSearchParams(new URLSearchParams({ q, pagina: String(page), ...extra })));
    first ??= found;
    names.push(...found.products.map((p) => p.name));
    if (!found.hasNext) break;
  }
  return { names, total: first!.total, suggestion: first!.suggestion, featured: first!.featured };
}

/** The products the spec's rule finds, computed here from the product columns as the old search did. */
async function foundBySpecRule(q: string): Promise<string[]> {
  const rows = await prisma.$queryRaw<{ name: string }[]>`
    SELECT p."name" FROM "products" p JOIN "categories" c ON c."id" = p."category_id"
    WHERE p."archived_at" IS NULL
      AND joyeria_normalize(concat_ws(' ', p."name", p."material", p."description", c."name"))
          LIKE '%' || joyeria_normalize(replace(replace(replace(${q}, '\\', '\\\\'), '%', '\\%'), '_', '\\_')) || '%'`;
  return rows.map((r) => r.name);
}

const counts: { q: string; before: number; after: number }[] = [];

describe("what shoppers type, on the seed catalogue", () => {
  it("has at least 40 queries, each with products it must find and must not find", () => {
    expect(SHOPPER_QUERIES.length).toBeGreaterThanOrEqual(40);
    for (const query of SHOPPER_QUERIES) {
      expect(query.finds.length, query.q).toBeGreaterThan(0);
      expect(query.notFinds.length, query.q).toBeGreaterThan(0);
    }
  });

  for (const query of SHOPPER_QUERIES) {
    it(`«${query.q}»`, async () => {
      const found = await searchAll(query.q);
      counts.push({ q: query.q, before: query.before, after: found.total });
      expect(found.names.length).toBe(found.total);
      expect(found.names).toEqual(expect.arrayContaining(query.finds));
      for (const name of query.notFinds) expect(found.names, `${query.q} must not find ${name}`).not.toContain(name);
      if (query.first) expect(found.names[0]).toBe(query.first);
      if (query.top) expect(found.names.slice(0, query.top.length).sort()).toEqual([...query.top].sort());
      expect(found.suggestion).toBe(query.suggests ?? null);
      // The floor: whatever the spec's rule finds is still found.
      expect(found.names).toEqual(expect.arrayContaining(await foundBySpecRule(query.q)));
    });
  }

  afterAll(() => {
    console.info(
      `Hits per query, before issue 19 and now:\n${counts.map((c) => `${c.q.padEnd(28)}${String(c.before).padStart(4)}${String(c.after).padStart(6)}`).join("\n")}`,
    );
  });
});
