-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "carrier" TEXT;

-- AlterTable
ALTER TABLE "product_variants" ADD COLUMN     "archived_at" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "uploaded_files" (
    "path" TEXT NOT NULL,
    "content_type" TEXT NOT NULL,
    "bytes" BYTEA NOT NULL,
    "size" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "uploaded_files_pkey" PRIMARY KEY ("path")
);

-- CreateIndex
CREATE INDEX "uploaded_files_created_at_idx" ON "uploaded_files"("created_at");

-- CreateIndex
CREATE INDEX "orders_paid_at_idx" ON "orders"("paid_at");


-- One stock truth for a product with variants: the sum of its variants' stock (archived ones left out).
-- Every read of products.stock (cards, AGOTADO, JSON-LD, the panel, exports, the dashboard) then agrees
-- without knowing about variants. A trigger on the variants keeps the sum; a trigger on the products
-- refuses any other value, so a writer that forgets (a script, a hand-written fix) cannot make the two
-- disagree again. Writers that move stock lock the product rows before their variants (the lock order
-- of app/models/order-lifecycle.server.ts), since the first trigger updates the product's row.
CREATE FUNCTION "joyeria_variant_stock_sum"(product INTEGER) RETURNS INTEGER
LANGUAGE sql STABLE AS $$
  SELECT COALESCE(SUM("stock"), 0)::integer FROM "product_variants"
  WHERE "product_id" = product AND "archived_at" IS NULL
$$;

CREATE FUNCTION "joyeria_has_variants"(product INTEGER) RETURNS BOOLEAN
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM "product_variants" WHERE "product_id" = product AND "archived_at" IS NULL)
$$;

CREATE FUNCTION "joyeria_sync_product_stock"() RETURNS TRIGGER
LANGUAGE plpgsql AS $$
DECLARE
  product INTEGER;
BEGIN
  FOR product IN
    SELECT DISTINCT p FROM unnest(ARRAY[
      CASE WHEN TG_OP <> 'INSERT' THEN OLD."product_id" END,
      CASE WHEN TG_OP <> 'DELETE' THEN NEW."product_id" END
    ]) AS p WHERE p IS NOT NULL
  LOOP
    UPDATE "products" SET "stock" = "joyeria_variant_stock_sum"(product)
    WHERE "id" = product AND "stock" IS DISTINCT FROM "joyeria_variant_stock_sum"(product);
  END LOOP;
  RETURN NULL;
END
$$;

CREATE TRIGGER "product_variants_stock_sum"
AFTER INSERT OR DELETE OR UPDATE OF "stock", "archived_at", "product_id" ON "product_variants"
FOR EACH ROW EXECUTE FUNCTION "joyeria_sync_product_stock"();

CREATE FUNCTION "joyeria_check_product_stock"() RETURNS TRIGGER
LANGUAGE plpgsql AS $$
BEGIN
  IF "joyeria_has_variants"(NEW."id") AND NEW."stock" <> "joyeria_variant_stock_sum"(NEW."id") THEN
    RAISE EXCEPTION 'products_stock_is_variant_sum: product % has variants; its stock is their sum (%), not %',
      NEW."id", "joyeria_variant_stock_sum"(NEW."id"), NEW."stock"
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER "products_stock_is_variant_sum"
BEFORE UPDATE OF "stock" ON "products"
FOR EACH ROW WHEN (NEW."stock" IS DISTINCT FROM OLD."stock")
EXECUTE FUNCTION "joyeria_check_product_stock"();

-- Products whose own number drifted from their variants' (sales took pieces from the variants only).
UPDATE "products" p SET "stock" = "joyeria_variant_stock_sum"(p."id")
WHERE "joyeria_has_variants"(p."id") AND p."stock" <> "joyeria_variant_stock_sum"(p."id");
