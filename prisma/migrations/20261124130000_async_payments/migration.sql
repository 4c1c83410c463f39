-- Asynchronous payments (issue 23): how an order was paid (card, OXXO, SPEI) and, for an OXXO voucher
-- or a SPEI transfer waiting for its money, the reference, amount, deadline and the provider's page
-- (docs/decisions/021). The order stays pendiente meanwhile: no new status, no trigger change.

-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "payment_method" TEXT,
ADD COLUMN     "transfer_bank" TEXT,
ADD COLUMN     "transfer_clabe" TEXT,
ADD COLUMN     "voucher_amount" INTEGER,
ADD COLUMN     "voucher_expires_at" TIMESTAMP(3),
ADD COLUMN     "voucher_issued_at" TIMESTAMP(3),
ADD COLUMN     "voucher_reference" TEXT,
ADD COLUMN     "voucher_url" TEXT;

