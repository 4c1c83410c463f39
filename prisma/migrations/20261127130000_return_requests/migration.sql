-- Returns and exchanges per piece, started by the shopper (docs/decisions/034-returns-and-exchanges-per-piece.md).
-- Expand only: two new tables and a nullable column the previous release never reads.

-- When the order was delivered: the return window counts from it (RETURN_DAYS business days).
ALTER TABLE "orders" ADD COLUMN "delivered_at" TIMESTAMP(3);

-- Orders delivered before this release: the moment the audit trail recorded the change to entregado.
UPDATE "orders" o SET "delivered_at" = (
  SELECT max(a."created_at") FROM "audit_log" a
  WHERE a."order_id" = o."id" AND a."after"->>'status' = 'entregado'
) WHERE o."status" = 'entregado';

-- CreateTable
CREATE TABLE "return_requests" (
    "id" SERIAL NOT NULL,
    "order_id" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'solicitada',
    "reason" TEXT NOT NULL,
    "staff_message" TEXT,
    "carrier" TEXT,
    "tracking_code" TEXT,
    "refund_request_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "decided_at" TIMESTAMP(3),
    "decided_by_email" TEXT,
    "received_at" TIMESTAMP(3),
    "shipped_at" TIMESTAMP(3),

    CONSTRAINT "return_requests_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "return_request_items" (
    "id" SERIAL NOT NULL,
    "return_request_id" INTEGER NOT NULL,
    "order_item_id" INTEGER NOT NULL,
    "quantity" INTEGER NOT NULL,
    "exchange_variant_id" INTEGER,
    "exchange_variant_name" TEXT,
    "sellable_quantity" INTEGER,

    CONSTRAINT "return_request_items_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "return_requests_order_id_idx" ON "return_requests"("order_id");

-- CreateIndex
CREATE INDEX "return_requests_status_created_at_idx" ON "return_requests"("status", "created_at" DESC);

-- CreateIndex
CREATE INDEX "return_request_items_return_request_id_idx" ON "return_request_items"("return_request_id");

-- CreateIndex
CREATE INDEX "return_request_items_order_item_id_idx" ON "return_request_items"("order_item_id");

-- AddForeignKey
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "return_request_items" ADD CONSTRAINT "return_request_items_return_request_id_fkey" FOREIGN KEY ("return_request_id") REFERENCES "return_requests"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "return_request_items" ADD CONSTRAINT "return_request_items_order_item_id_fkey" FOREIGN KEY ("order_item_id") REFERENCES "order_items"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "return_request_items" ADD CONSTRAINT "return_request_items_exchange_variant_id_fkey" FOREIGN KEY ("exchange_variant_id") REFERENCES "product_variants"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- The request's lifecycle (RETURN_REQUEST_TRANSITIONS in app/lib/return-requests.ts; a test checks both
-- agree). A trigger, not CHECK constraints: Prisma's wasm schema engine panics on those.
CREATE FUNCTION "joyeria_return_request_transition_allowed"(kind text, from_status text, to_status text)
RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT (from_status, to_status) IN (
    ('solicitada', 'aprobada'), ('solicitada', 'rechazada'),
    ('aprobada', 'recibida')
  ) OR (kind = 'devolucion' AND (from_status, to_status) IN (('recibida', 'reembolsada')))
    OR (kind = 'cambio' AND (from_status, to_status) IN (('recibida', 'cambio_enviado')))
$$;

CREATE FUNCTION "joyeria_check_return_request_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."kind" NOT IN ('devolucion', 'cambio') THEN
    RAISE EXCEPTION 'return_requests_kind_check: request % has kind %', NEW."id", NEW."kind" USING ERRCODE = 'check_violation';
  END IF;
  IF TG_OP = 'INSERT' AND NEW."status" <> 'solicitada' THEN
    RAISE EXCEPTION 'return_requests_status_transition: a request starts solicitada, not %', NEW."status"
      USING ERRCODE = 'check_violation';
  END IF;
  IF TG_OP = 'UPDATE' AND NEW."status" IS DISTINCT FROM OLD."status"
     AND NOT "joyeria_return_request_transition_allowed"(OLD."kind", OLD."status", NEW."status") THEN
    RAISE EXCEPTION 'return_requests_status_transition: request % (%) may not go from % to %', OLD."id", OLD."kind", OLD."status", NEW."status"
      USING ERRCODE = 'check_violation';
  END IF;
  IF TG_OP = 'UPDATE' AND NEW."kind" IS DISTINCT FROM OLD."kind" THEN
    RAISE EXCEPTION 'return_requests_kind_check: request % cannot change kind', OLD."id" USING ERRCODE = 'check_violation';
  END IF;
  -- An exchange leaves with its carrier.
  IF NEW."status" = 'cambio_enviado' AND NEW."carrier" IS NULL THEN
    RAISE EXCEPTION 'return_requests_shipment_check: request % shipped without a carrier', NEW."id" USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER "return_requests_lifecycle"
  BEFORE INSERT OR UPDATE ON "return_requests"
  FOR EACH ROW EXECUTE FUNCTION "joyeria_check_return_request_row"();
