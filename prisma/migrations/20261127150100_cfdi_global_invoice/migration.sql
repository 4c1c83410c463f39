-- Factura global (issue 34, docs/decisions/035): one CFDI to PUBLICO EN GENERAL per period (unique
-- period_key), covering the paid orders not invoiced to a person; an order belongs to one global invoice
-- at most (order_id is the key of global_invoice_orders).
CREATE TABLE "global_invoices" (
    "id" UUID NOT NULL,
    "period_key" TEXT NOT NULL,
    "periodicidad" TEXT NOT NULL,
    "meses" TEXT NOT NULL,
    "year" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "series" TEXT NOT NULL,
    "folio" SERIAL NOT NULL,
    "uuid" TEXT,
    "subtotal" INTEGER NOT NULL,
    "tax" INTEGER NOT NULL,
    "total" INTEGER NOT NULL,
    "xml" TEXT,
    "stamped_at" TIMESTAMP(3),
    "error_message" TEXT,
    "claimed_until" TIMESTAMP(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "requested_by_email" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "global_invoices_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "global_invoices_period_key_key" ON "global_invoices"("period_key");
CREATE UNIQUE INDEX "global_invoices_folio_key" ON "global_invoices"("folio");
CREATE UNIQUE INDEX "global_invoices_uuid_key" ON "global_invoices"("uuid");

CREATE TABLE "global_invoice_orders" (
    "order_id" INTEGER NOT NULL,
    "global_invoice_id" UUID NOT NULL,

    CONSTRAINT "global_invoice_orders_pkey" PRIMARY KEY ("order_id")
);

CREATE INDEX "global_invoice_orders_global_invoice_id_idx" ON "global_invoice_orders"("global_invoice_id");

ALTER TABLE "global_invoice_orders" ADD CONSTRAINT "global_invoice_orders_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "global_invoice_orders" ADD CONSTRAINT "global_invoice_orders_global_invoice_id_fkey" FOREIGN KEY ("global_invoice_id") REFERENCES "global_invoices"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
