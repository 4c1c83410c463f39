-- CFDI 4.0 invoices (issue 34, docs/decisions/035): shoppers' fiscal profiles, one invoice per order
-- (claimed before the PAC is called: exactly once), and attachments on outbox e-mails.
-- Expand only: new tables and a nullable column the previous release never reads.

-- AlterTable
ALTER TABLE "email_outbox" ADD COLUMN     "attachments" JSONB;

-- CreateTable
CREATE TABLE "fiscal_profiles" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "rfc" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "regimen" TEXT NOT NULL,
    "zip" TEXT NOT NULL,
    "uso" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "fiscal_profiles_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "invoices" (
    "id" UUID NOT NULL,
    "order_id" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "series" TEXT NOT NULL,
    "folio" SERIAL NOT NULL,
    "uuid" TEXT,
    "rfc" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "regimen" TEXT NOT NULL,
    "zip" TEXT NOT NULL,
    "uso" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "forma_pago" TEXT NOT NULL,
    "metodo_pago" TEXT NOT NULL,
    "subtotal" INTEGER NOT NULL,
    "discount" INTEGER NOT NULL,
    "tax" INTEGER NOT NULL,
    "total" INTEGER NOT NULL,
    "xml" TEXT,
    "stamped_at" TIMESTAMP(3),
    "error_code" TEXT,
    "error_message" TEXT,
    "claimed_until" TIMESTAMP(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "invoices_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "fiscal_profiles_user_id_rfc_key" ON "fiscal_profiles"("user_id", "rfc");

-- CreateIndex
CREATE UNIQUE INDEX "invoices_order_id_key" ON "invoices"("order_id");

-- CreateIndex
CREATE UNIQUE INDEX "invoices_folio_key" ON "invoices"("folio");

-- CreateIndex
CREATE UNIQUE INDEX "invoices_uuid_key" ON "invoices"("uuid");

-- CreateIndex
CREATE INDEX "invoices_status_created_at_idx" ON "invoices"("status", "created_at" DESC);

-- AddForeignKey
ALTER TABLE "fiscal_profiles" ADD CONSTRAINT "fiscal_profiles_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

