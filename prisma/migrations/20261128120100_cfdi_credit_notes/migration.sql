-- CFDI de egreso (nota de crédito) for a partial refund of an invoiced order (issue 34,
-- docs/decisions/050): one per refund, related to the order's invoice or its factura global.
CREATE TABLE "credit_notes" (
    "id" UUID NOT NULL,
    "refund_id" INTEGER NOT NULL,
    "order_id" INTEGER NOT NULL,
    "invoice_id" UUID,
    "global_invoice_id" UUID,
    "related_uuid" TEXT NOT NULL,
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
    "subtotal" INTEGER NOT NULL,
    "tax" INTEGER NOT NULL,
    "total" INTEGER NOT NULL,
    "xml" TEXT,
    "stamped_at" TIMESTAMP(3),
    "error_message" TEXT,
    "claimed_until" TIMESTAMP(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "credit_notes_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "credit_notes_refund_id_key" ON "credit_notes"("refund_id");
CREATE UNIQUE INDEX "credit_notes_folio_key" ON "credit_notes"("folio");
CREATE UNIQUE INDEX "credit_notes_uuid_key" ON "credit_notes"("uuid");
CREATE INDEX "credit_notes_order_id_idx" ON "credit_notes"("order_id");
