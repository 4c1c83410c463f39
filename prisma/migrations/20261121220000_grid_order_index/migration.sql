-- CreateIndex
CREATE INDEX "products_grid_order_idx" ON "products"("is_new" DESC, "is_featured" DESC, "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "products_category_grid_order_idx" ON "products"("category_id", "is_new" DESC, "is_featured" DESC, "created_at" DESC, "id" DESC);
