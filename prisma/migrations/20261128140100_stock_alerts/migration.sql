-- Back-in-stock alerts (issue 37, docs/decisions/056-back-in-stock-alerts.md): a shopper's "Avísame
-- cuando vuelva" on a sold-out piece (variant_id NULL) or size. One waiting request per piece or size
-- and address (`target` is "p:<product id>" or "v:<variant id>"); `notified_at` is set in the same
-- transaction that queues its one e-mail.
CREATE TABLE "stock_alerts" (
    "id" SERIAL NOT NULL,
    "product_id" INTEGER NOT NULL,
    "variant_id" INTEGER,
    "target" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "user_id" UUID,
    "token" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "notified_at" TIMESTAMP(3),

    CONSTRAINT "stock_alerts_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "stock_alerts_token_key" ON "stock_alerts"("token");
CREATE UNIQUE INDEX "stock_alerts_target_email_key" ON "stock_alerts"("target", "email");
CREATE INDEX "stock_alerts_product_id_notified_at_idx" ON "stock_alerts"("product_id", "notified_at");
CREATE INDEX "stock_alerts_notified_at_created_at_idx" ON "stock_alerts"("notified_at", "created_at");

ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_variant_id_fkey" FOREIGN KEY ("variant_id") REFERENCES "product_variants"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
