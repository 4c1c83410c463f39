-- ¿Requieres factura? at checkout (issue 34, docs/decisions/050): the fiscal data given with the order,
-- issued once the payment is confirmed; and the card's funding the provider reported (FormaPago 28/04).
ALTER TABLE "orders" ADD COLUMN "card_funding" TEXT;

CREATE TABLE "checkout_invoice_requests" (
    "order_id" INTEGER NOT NULL,
    "rfc" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "regimen" TEXT NOT NULL,
    "zip" TEXT NOT NULL,
    "uso" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "checkout_invoice_requests_pkey" PRIMARY KEY ("order_id")
);

ALTER TABLE "checkout_invoice_requests" ADD CONSTRAINT "checkout_invoice_requests_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;
