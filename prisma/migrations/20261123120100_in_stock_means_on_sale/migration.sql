-- `in_stock` now means "on sale": false hides the product from the shop (catalogue, search, product
-- page, cart, checkout) without archiving it. Until now nothing read it and the seed derived it from the
-- stock, so a false value only ever meant "sold out" — which must not hide the piece. Every product
-- starts on sale; staff hide one with the product form's "En venta" box.
UPDATE "products" SET "in_stock" = true WHERE NOT "in_stock";
