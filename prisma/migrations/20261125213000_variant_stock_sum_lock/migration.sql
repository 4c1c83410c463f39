-- The variants' stock sum under concurrent writers (PostgreSQL; PGlite has one connection).
-- Before: the sum was computed with the UPDATE's snapshot, taken before the statement waited for the
-- product's row lock. Two transactions adding (or changing) variants of one product at the same time
-- then wrote a sum that missed the other's variant, and the check trigger on products refused it at
-- once ("products_stock_is_variant_sum ... its stock is their sum (6), not 4"): no wrong number was
-- ever stored, but the second writer failed. Now the product's row is locked first, in a statement of
-- its own, so the UPDATE that follows takes its snapshot after the other writer committed and sums
-- every committed variant. The lock is the same row lock the UPDATE took before (FOR NO KEY UPDATE:
-- the foreign key check of each new variant holds FOR KEY SHARE on the product, which it does not
-- conflict with; FOR UPDATE would deadlock two inserting writers), at the same moment, so the lock
-- order of app/models/order-lifecycle.server.ts (products before variants) is unchanged.
CREATE OR REPLACE FUNCTION "joyeria_sync_product_stock"() RETURNS TRIGGER
LANGUAGE plpgsql AS $$
DECLARE
  product INTEGER;
BEGIN
  FOR product IN
    SELECT DISTINCT p FROM unnest(ARRAY[
      CASE WHEN TG_OP <> 'INSERT' THEN OLD."product_id" END,
      CASE WHEN TG_OP <> 'DELETE' THEN NEW."product_id" END
    ]) AS p WHERE p IS NOT NULL ORDER BY p
  LOOP
    PERFORM 1 FROM "products" WHERE "id" = product FOR NO KEY UPDATE;
    UPDATE "products" SET "stock" = "joyeria_variant_stock_sum"(product)
    WHERE "id" = product AND "stock" IS DISTINCT FROM "joyeria_variant_stock_sum"(product);
  END LOOP;
  RETURN NULL;
END
$$;
