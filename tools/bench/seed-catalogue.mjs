// The benchmark's catalogue: the shop's seed (52 pieces, accounts, reviews) plus `extra` products
// made from it in SQL, so a page is measured against the catalogue size a real shop has. Two in three
// new products get 3 models × 3 sizes; some are new, featured or discounted, as in the real seed.
// They reuse the seed's pictures, so every page serves real images and their WebP copies.
import pg from "pg";

export async function seedBenchCatalogue(url, extra) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("BEGIN");
    const { rows } = await client.query('SELECT max("id")::int AS last FROM "products"');
    const last = rows[0].last ?? 0;
    await client.query(
      `WITH t AS (SELECT row_number() OVER (ORDER BY "id") - 1 AS k, * FROM "products"),
            n AS (SELECT count(*) AS c FROM t)
       INSERT INTO "products" ("name", "description", "material", "price", "original_price", "image",
         "category_id", "stock", "in_stock", "is_new", "is_featured", "created_at", "updated_at")
       SELECT t."name" || ' ' || g, t."description", t."material", t."price" + (g % 7) * 5000,
              CASE WHEN g % 5 = 0 THEN t."price" + (g % 7) * 5000 + 100000 ELSE NULL END,
              t."image", t."category_id", (g * 7) % 45, (g * 7) % 45 > 0, g % 13 = 0, g % 17 = 0,
              now() - make_interval(hours => g), now()
       FROM generate_series(1, $1::int) AS g CROSS JOIN n JOIN t ON t.k = g % n.c`,
      [extra],
    );
    await client.query(
      `INSERT INTO "product_variants" ("product_id", "name", "model", "size", "price", "stock", "sort_order")
       SELECT p."id", m.model || ' ' || s.size, m.model, s.size, p."price" + m.k * 20000, (p."id" + s.k) % 6, m.k * 10 + s.k
       FROM "products" p
       CROSS JOIN (VALUES (0, 'Oro amarillo'), (1, 'Oro blanco'), (2, 'Oro rosa')) AS m(k, model)
       CROSS JOIN (VALUES (0, '6'), (1, '7'), (2, '8')) AS s(k, size)
       WHERE p."id" > $1 AND p."id" % 3 <> 0`,
      [last],
    );
    await client.query("COMMIT");
    // What a running shop's autovacuum does after a bulk load: planner statistics, and the trigram
    // index's pending list merged (until then every search reads that list whole and PostgreSQL
    // prefers scanning the table).
    await client.query('VACUUM ANALYZE "products", "product_variants", "search_terms"');
    const count = await client.query(
      'SELECT (SELECT count(*) FROM "products")::int AS products, (SELECT count(*) FROM "product_variants")::int AS variants',
    );
    return count.rows[0];
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}
