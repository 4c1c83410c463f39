-- The order lifecycle in the database: what app/lib/order-status.ts allows is all a write may do.
-- The application applies the table in transitionOrder(); this is the last line of defence against a
-- writer that forgets it (a script, a future module, a hand-written fix in psql).
--
-- A trigger rather than CHECK constraints: Prisma 6.19's WebAssembly schema engine panics
-- ("RuntimeError: unreachable") when it reads a database with a CHECK constraint, which breaks
-- `prisma migrate diff` (the CI check that the schema and the migrations agree). Like a NOT VALID
-- constraint, the trigger judges every row written from now on, not the rows already there (an operator
-- lists those with the query in docs/operations.md).

-- The changes of ORDER_TRANSITIONS (tests/integration/order-lifecycle.test.ts checks both agree).
CREATE FUNCTION "joyeria_order_transition_allowed"(from_status "OrderStatus", to_status "OrderStatus")
RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT (from_status::text, to_status::text) IN (
    ('pendiente', 'procesando'), ('pendiente', 'cancelado'),
    ('procesando', 'enviado'), ('procesando', 'cancelado'), ('procesando', 'reembolsado'),
    ('enviado', 'entregado'), ('enviado', 'devuelto'), ('enviado', 'reembolsado'),
    ('entregado', 'devuelto'), ('entregado', 'reembolsado'),
    ('cancelado', 'procesando'), ('cancelado', 'reembolsado'),
    ('devuelto', 'reembolsado')
  )
$$;

CREATE FUNCTION "joyeria_check_order_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW."status" IS DISTINCT FROM OLD."status"
     AND NOT "joyeria_order_transition_allowed"(OLD."status", NEW."status") THEN
    RAISE EXCEPTION 'orders_status_transition: order % may not go from % to %', OLD."id", OLD."status", NEW."status"
      USING ERRCODE = 'check_violation';
  END IF;
  -- Only a paid order is in progress, shipped, delivered, returned or refunded.
  IF NEW."status" IN ('procesando', 'enviado', 'entregado', 'devuelto', 'reembolsado') AND NEW."paid_at" IS NULL THEN
    RAISE EXCEPTION 'orders_paid_status_check: order % cannot be % without a payment', NEW."id", NEW."status"
      USING ERRCODE = 'check_violation';
  END IF;
  -- A cancelled or returned order has given its pieces back; one on its way to the shopper holds them
  -- (a refunded one may do either: refunded before or after shipping).
  IF (NEW."status" IN ('cancelado', 'devuelto') AND NEW."stock_released_at" IS NULL)
     OR (NEW."status" IN ('pendiente', 'procesando', 'enviado', 'entregado') AND NEW."stock_released_at" IS NOT NULL) THEN
    RAISE EXCEPTION 'orders_stock_release_check: order % is % with stock_released_at %', NEW."id", NEW."status", NEW."stock_released_at"
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER "orders_lifecycle"
  BEFORE INSERT OR UPDATE ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "joyeria_check_order_row"();
