-- An order's invoice history (issue 34, docs/decisions/035 "Invoice history"): after a cancellation with
-- motive 02 the order may be invoiced again, and the shop substitutes an invoice itself (motive 01). The
-- order's unique invoice becomes a plain index; the database still keeps one live invoice per order:
-- any not cancelled, except the one being replaced (cancel_motive '01', set when its substitute's row is
-- created, before the substitute is stamped and the old one cancelled, as the SAT requires).
DROP INDEX "invoices_order_id_key";
CREATE INDEX "invoices_order_id_idx" ON "invoices"("order_id");

ALTER TABLE "invoices" ADD COLUMN "replaces_invoice_id" UUID;
CREATE UNIQUE INDEX "invoices_replaces_invoice_id_key" ON "invoices"("replaces_invoice_id");
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_replaces_invoice_id_fkey" FOREIGN KEY ("replaces_invoice_id") REFERENCES "invoices"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

CREATE UNIQUE INDEX "invoices_one_live_per_order" ON "invoices"("order_id")
  WHERE "status" <> 'cancelada' AND "cancel_motive" IS DISTINCT FROM '01';
