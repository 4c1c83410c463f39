-- The SAT product key (c_ClaveProdServ) each category's pieces are invoiced with (issue 34,
-- docs/decisions/061-sat-keys-per-category-and-the-iva-shown.md). Staff edit it in /admin/categorias;
-- a CFDI takes it from the piece's category when it is stamped. The default is the class of fine
-- jewellery; the shop's four categories get the product-level keys of that class.
ALTER TABLE "categories" ADD COLUMN "sat_product_key" TEXT NOT NULL DEFAULT '54101500';

UPDATE "categories" SET "sat_product_key" = CASE "slug"
  WHEN 'bracelets' THEN '54101501'
  WHEN 'necklaces' THEN '54101502'
  WHEN 'rings' THEN '54101503'
  WHEN 'earrings' THEN '54101504'
  ELSE "sat_product_key"
END;
