-- CFDI cancellation through the PAC (issue 34, docs/decisions/035): an invoice whose order was refunded
-- is marked "cancelando" with the SAT motive in the refund's transaction, then cancelled at the PAC
-- (retried by staff when the PAC fails) and becomes "cancelada" with the SAT's acuse.
ALTER TABLE "invoices" ADD COLUMN "cancel_motive" TEXT;
ALTER TABLE "invoices" ADD COLUMN "cancel_substitute" TEXT;
ALTER TABLE "invoices" ADD COLUMN "cancel_requested_at" TIMESTAMP(3);
ALTER TABLE "invoices" ADD COLUMN "cancelled_at" TIMESTAMP(3);
ALTER TABLE "invoices" ADD COLUMN "cancel_acuse" TEXT;
ALTER TABLE "invoices" ADD COLUMN "cancel_error" TEXT;
