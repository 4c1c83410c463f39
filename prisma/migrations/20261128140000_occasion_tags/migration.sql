-- Occasions and gift intents staff set on products (issue 37, docs/decisions/055-occasion-tags.md):
-- ids from app/lib/occasions.ts. The search finds a tagged piece by the occasion's words, so they
-- join the product's search text.
ALTER TABLE "products" ADD COLUMN "occasions" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[];

CREATE INDEX "products_occasions_idx" ON "products" USING GIN ("occasions");

-- The words a shopper types for each occasion (the labels of app/lib/occasions.ts and their other
-- names); an unknown id says nothing.
CREATE FUNCTION "joyeria_occasion_words"(ids TEXT[]) RETURNS TEXT
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT string_agg(CASE i
    WHEN 'regalo-para-mama' THEN 'regalo para mamá día de las madres'
    WHEN 'aniversario' THEN 'aniversario'
    WHEN 'compromiso' THEN 'compromiso'
    WHEN 'xv-anos' THEN 'XV años quince años quinceañera'
    WHEN 'bautizo' THEN 'bautizo bautismo'
    WHEN 'primera-comunion' THEN 'primera comunión'
    WHEN 'navidad' THEN 'regalo de navidad'
  END, ' ' ORDER BY i)
  FROM unnest(ids) AS i
$$;

CREATE OR REPLACE FUNCTION "products_set_search_text"() RETURNS TRIGGER
LANGUAGE plpgsql AS $$
DECLARE
  category_name TEXT := (SELECT c."name" FROM "categories" c WHERE c."id" = NEW."category_id");
  models TEXT := (SELECT string_agg(DISTINCT v."model", ' ' ORDER BY v."model")
                  FROM "product_variants" v WHERE v."product_id" = NEW."id");
  whole TEXT := concat_ws(' ', NEW."name", NEW."material", NEW."description", category_name, models,
                          "joyeria_occasion_words"(NEW."occasions"));
BEGIN
  NEW."search_text" := "joyeria_search_form"(whole);
  NEW."search_name" := "joyeria_search_form"(NEW."name");
  NEW."search_material" := "joyeria_search_form"(concat_ws(' ', NEW."material", models, category_name));
  -- In word order, so two writers never wait on each other's new words in opposite orders.
  INSERT INTO "search_terms" ("term", "spelling")
  SELECT t."term", t."spelling" FROM "joyeria_search_terms"(whole) t ORDER BY t."term"
  ON CONFLICT ("term") DO NOTHING;
  RETURN NEW;
END
$$;

DROP TRIGGER "products_search_text" ON "products";
CREATE TRIGGER "products_search_text"
BEFORE INSERT OR UPDATE OF "name", "material", "description", "category_id", "occasions" ON "products"
FOR EACH ROW EXECUTE FUNCTION "products_set_search_text"();
