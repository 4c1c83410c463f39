-- Discount codes (cupones, issue 37, docs/decisions/058-discount-codes.md). A code is stored upper case;
-- `used_count` is raised by one conditional UPDATE in the order's own transaction (never above
-- `usage_limit`), and each order that took a use has one row in discount_code_uses (given back when its
-- reservation is released unpaid). Scope: product and category ids (both empty: the whole cart).
CREATE TYPE "DiscountKind" AS ENUM ('percentage', 'fixed', 'free_shipping');

CREATE TABLE "discount_codes" (
    "id" SERIAL NOT NULL,
    "code" TEXT NOT NULL,
    "kind" "DiscountKind" NOT NULL,
    "value" INTEGER NOT NULL DEFAULT 0,
    "minimum_purchase" INTEGER NOT NULL DEFAULT 0,
    "starts_at" TIMESTAMP(3),
    "ends_at" TIMESTAMP(3),
    "usage_limit" INTEGER,
    "per_shopper_limit" INTEGER,
    "used_count" INTEGER NOT NULL DEFAULT 0,
    "product_ids" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "category_ids" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "archived_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "discount_codes_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "discount_codes_code_key" ON "discount_codes"("code");

CREATE TABLE "discount_code_uses" (
    "id" SERIAL NOT NULL,
    "code_id" INTEGER NOT NULL,
    "order_id" INTEGER NOT NULL,
    "user_id" UUID NOT NULL,
    "amount" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "discount_code_uses_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "discount_code_uses_order_id_key" ON "discount_code_uses"("order_id");
CREATE INDEX "discount_code_uses_code_id_user_id_idx" ON "discount_code_uses"("code_id", "user_id");

ALTER TABLE "discount_code_uses" ADD CONSTRAINT "discount_code_uses_code_id_fkey" FOREIGN KEY ("code_id") REFERENCES "discount_codes"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "discount_code_uses" ADD CONSTRAINT "discount_code_uses_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "orders" ADD COLUMN "discount_code" TEXT;
ALTER TABLE "orders" ADD COLUMN "discount_total" INTEGER;
ALTER TABLE "order_items" ADD COLUMN "discount" INTEGER;

-- The code a shopper applied in the cart or the checkout, kept with their checkout draft until the order
-- is placed.
ALTER TABLE "checkout_drafts" ADD COLUMN "discount_code" TEXT;
