-- Sale events (issue 37, "Promotions", docs/decisions/057-sale-events.md): a percentage off selected
-- categories and/or pieces between two instants (stored UTC, entered in Mexico City time). The scope
-- tables hold plain ids (no foreign keys into products and categories: an event never blocks deleting
-- a piece, and the price function only ever joins them to what is on sale). An order line bought at an
-- event's price names the event (`sale_event_id`), which is what the event's revenue counts.
CREATE TABLE "sale_events" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "percent_off" INTEGER NOT NULL,
    "starts_at" TIMESTAMP(3) NOT NULL,
    "ends_at" TIMESTAMP(3) NOT NULL,
    "archived_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "sale_events_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "sale_events_archived_at_ends_at_idx" ON "sale_events"("archived_at", "ends_at");

CREATE TABLE "sale_event_categories" (
    "sale_event_id" INTEGER NOT NULL,
    "category_id" INTEGER NOT NULL,

    CONSTRAINT "sale_event_categories_pkey" PRIMARY KEY ("sale_event_id","category_id")
);

CREATE TABLE "sale_event_products" (
    "sale_event_id" INTEGER NOT NULL,
    "product_id" INTEGER NOT NULL,

    CONSTRAINT "sale_event_products_pkey" PRIMARY KEY ("sale_event_id","product_id")
);

ALTER TABLE "sale_event_categories" ADD CONSTRAINT "sale_event_categories_sale_event_id_fkey" FOREIGN KEY ("sale_event_id") REFERENCES "sale_events"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "sale_event_products" ADD CONSTRAINT "sale_event_products_sale_event_id_fkey" FOREIGN KEY ("sale_event_id") REFERENCES "sale_events"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "order_items" ADD COLUMN "sale_event_id" INTEGER;
CREATE INDEX "order_items_sale_event_id_idx" ON "order_items"("sale_event_id");
