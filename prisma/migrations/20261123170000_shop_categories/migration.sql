-- The four categories of the shop's navigation (app/lib/constants.ts CATEGORY_NAV) are reference data:
-- a new database has them, so staff can add products from the first login (the product form needs a
-- category). Names and descriptions as in the seed; rows that exist (by slug) are left as they are.
INSERT INTO "categories" ("slug", "name", "description", "sort_order")
SELECT v.slug, v.name, v.description, v.sort_order
FROM (VALUES
  ('rings', 'Anillos', 'Solitarios, argollas y anillos de compromiso para cada promesa.', 1),
  ('necklaces', 'Collares', 'Dijes, cadenas y perlas que iluminan el escote.', 2),
  ('bracelets', 'Pulseras', 'Tenis, esclavas y pulseras de dijes para llevar a diario.', 3),
  ('earrings', 'Pendientes', 'Broqueles, arracadas y aretes de gota para enmarcar el rostro.', 4)
) AS v(slug, name, description, sort_order)
WHERE NOT EXISTS (SELECT 1 FROM "categories" c WHERE c."slug" = v.slug)
ORDER BY v.sort_order;
