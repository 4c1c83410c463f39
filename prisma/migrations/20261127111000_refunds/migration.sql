-- Refunds through the payment provider, per piece (docs/decisions/032-refunds-through-the-provider.md).
-- Expand only: a new table the previous release never reads.

-- CreateTable
CREATE TABLE "refunds" (
    "id" SERIAL NOT NULL,
    "order_id" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "method" TEXT NOT NULL,
    "amount" INTEGER NOT NULL,
    "items" JSONB NOT NULL,
    "shipping" INTEGER NOT NULL DEFAULT 0,
    "reason" TEXT NOT NULL,
    "provider_refund_id" TEXT,
    "failure_reason" TEXT,
    "reference" TEXT,
    "clabe" TEXT,
    "requested_by_id" UUID,
    "requested_by_email" TEXT NOT NULL,
    "confirmed_by_id" UUID,
    "confirmed_by_email" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "settled_at" TIMESTAMP(3),

    CONSTRAINT "refunds_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "refunds_provider_refund_id_key" ON "refunds"("provider_refund_id");

-- CreateIndex
CREATE INDEX "refunds_order_id_idx" ON "refunds"("order_id");

-- AddForeignKey
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;
