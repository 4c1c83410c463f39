-- Search for Mexican shoppers (docs/decisions/016-search-for-mexican-shoppers.md).

-- AlterTable
ALTER TABLE "products" ADD COLUMN     "search_material" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "search_name" TEXT NOT NULL DEFAULT '';

-- CreateTable
CREATE TABLE "search_terms" (
    "term" TEXT NOT NULL,
    "spelling" TEXT NOT NULL,

    CONSTRAINT "search_terms_pkey" PRIMARY KEY ("term")
);

-- CreateIndex
CREATE INDEX "search_terms_term_trgm_idx" ON "search_terms" USING GIN ("term" gin_trgm_ops);

-- The search form of a text: joyeria_normalize (lower case, accent-free), every punctuation mark a
-- word of its own, one space between words and one at each end. So "% anill%" finds the words that
-- start with "anill" with a plain LIKE, which the trigram index answers, and the whole text a shopper
-- typed, put in the same form, is found wherever the old form found it.
CREATE FUNCTION "joyeria_search_form"(value TEXT) RETURNS TEXT
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ' ' || btrim(regexp_replace(regexp_replace("joyeria_normalize"(value),
    '([^a-z0-9[:space:]])', ' \1 ', 'g'), '[[:space:]]+', ' ', 'g')) || ' '
$$;

-- The words of a text for the search's vocabulary: each accent-free, lower-case word of three or more
-- letters and digits (with a letter), with one way the text spells it (an accented spelling first).
CREATE FUNCTION "joyeria_search_terms"(value TEXT) RETURNS TABLE ("term" TEXT, "spelling" TEXT)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT ON (words."term") words."term", words."spelling"
  FROM (SELECT w AS "spelling", "joyeria_normalize"(w) AS "term"
        FROM regexp_split_to_table(coalesce(value, ''), '[[:space:][:punct:]«»¿¡“”‘’…–—·]+') AS w) words
  WHERE length(words."term") >= 3 AND words."term" ~ '^[a-z0-9]*[a-z][a-z0-9]*$'
  ORDER BY words."term", lower(words."spelling") <> words."term" DESC, words."spelling"
$$;

-- A product's search columns, now with its variants' models, and its words in the vocabulary.
CREATE OR REPLACE FUNCTION "products_set_search_text"() RETURNS TRIGGER
LANGUAGE plpgsql AS $$
DECLARE
  category_name TEXT := (SELECT c."name" FROM "categories" c WHERE c."id" = NEW."category_id");
  models TEXT := (SELECT string_agg(DISTINCT v."model", ' ' ORDER BY v."model")
                  FROM "product_variants" v WHERE v."product_id" = NEW."id");
  whole TEXT := concat_ws(' ', NEW."name", NEW."material", NEW."description", category_name, models);
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

-- A product's text names its variants' models: adding, removing or renaming a model rewrites it
-- (through the products trigger, as a category rename does). Stock changes do not fire these.
CREATE FUNCTION "product_variants_refresh_search_text"() RETURNS TRIGGER
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "products" SET "category_id" = "category_id"
  WHERE "id" IN (SELECT DISTINCT c."product_id" FROM "changed" c WHERE c."model" IS NOT NULL);
  RETURN NULL;
END
$$;

CREATE TRIGGER "product_variants_search_text_insert"
AFTER INSERT ON "product_variants" REFERENCING NEW TABLE AS "changed"
FOR EACH STATEMENT EXECUTE FUNCTION "product_variants_refresh_search_text"();

CREATE TRIGGER "product_variants_search_text_delete"
AFTER DELETE ON "product_variants" REFERENCING OLD TABLE AS "changed"
FOR EACH STATEMENT EXECUTE FUNCTION "product_variants_refresh_search_text"();

CREATE FUNCTION "product_variant_model_changed"() RETURNS TRIGGER
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "products" SET "category_id" = "category_id" WHERE "id" IN (OLD."product_id", NEW."product_id");
  RETURN NULL;
END
$$;

CREATE TRIGGER "product_variants_search_text_update"
AFTER UPDATE OF "model", "product_id" ON "product_variants"
FOR EACH ROW WHEN (OLD."model" IS DISTINCT FROM NEW."model" OR OLD."product_id" <> NEW."product_id")
EXECUTE FUNCTION "product_variant_model_changed"();

-- Rewrite every product's search columns in the new form (and fill the vocabulary).
UPDATE "products" SET "category_id" = "category_id";
