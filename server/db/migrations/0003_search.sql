-- Polish-aware product search (server/areas/catalog/catalog.search.ts, domain/search.ts).
-- unaccent() is only STABLE (its dictionary could change), so it cannot appear in an index or a
-- generated column; this wrapper names the dictionary explicitly and is declared IMMUTABLE.
CREATE OR REPLACE FUNCTION public.f_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
--> statement-breakpoint
-- Search text: HTML tags and entities dropped, no diacritics (ł -> l), lower case, every run of
-- characters other than a-z and 0-9 turned into one space, with a space at both ends so that
-- "the start of a word" is LIKE '% word%'. domain/search.ts normalizeSearchText does the same.
CREATE OR REPLACE FUNCTION public.f_search_text(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT ' ' || btrim(regexp_replace(lower(public.f_unaccent(regexp_replace($1, '<[^>]*>|&[#a-zA-Z0-9]+;', ' ', 'g'))), '[^a-z0-9]+', ' ', 'g')) || ' ' $$;
--> statement-breakpoint
-- The search document of a product: ' title words |' || ' tag words |' || ' description words '.
-- The two '|' let a pattern tell the fields apart: '% kocyk%|%|%' is a title match.
CREATE OR REPLACE FUNCTION public.f_product_search_doc(title text, tags text[], description text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.f_search_text(title) || '|' || public.f_search_text(array_to_string(tags, ' ')) || '|' || public.f_search_text(description) $$;
--> statement-breakpoint
-- A normalised word without its Polish inflection ending, keeping at least 4 letters; words
-- with digits unchanged. Must equal domain/search.ts stemPolish (a test compares them).
CREATE OR REPLACE FUNCTION public.f_search_stem(word text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT CASE
    WHEN word ~ '[0-9]' THEN word
    WHEN length(word) >= 8 AND right(word, 4) = 'owie' THEN left(word, -4)
    WHEN length(word) >= 7 AND right(word, 3) IN ('ami', 'ach', 'owi', 'ego', 'emu', 'ymi', 'imi', 'ych', 'ich', 'iem', 'iej') THEN left(word, -3)
    WHEN length(word) >= 6 AND right(word, 2) IN ('om', 'ow', 'em', 'ie', 'ej', 'ym', 'im') THEN left(word, -2)
    WHEN length(word) >= 5 AND right(word, 1) IN ('a', 'e', 'i', 'y', 'u', 'o') THEN left(word, -1)
    ELSE word
  END $$;
--> statement-breakpoint
-- Typo keys of a text's words: each stem of 4+ letters without digits, and that stem without any
-- one of its letters, each behind a field prefix. A query word one edit away shares a key
-- (domain/search.ts fuzzyKeys).
CREATE OR REPLACE FUNCTION public.f_search_fuzzy_keys(prefix text, source text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
    SELECT coalesce(array_agg(DISTINCT prefix || keys.key), '{}'::text[])
    FROM (
      SELECT public.f_search_stem(word) AS stem
      FROM regexp_split_to_table(btrim(public.f_search_text(source)), ' +') AS word
    ) AS words
    CROSS JOIN LATERAL (
      SELECT words.stem
      UNION ALL
      SELECT overlay(words.stem PLACING '' FROM position FOR 1) FROM generate_series(1, length(words.stem)) AS position
    ) AS keys(key)
    WHERE length(words.stem) >= 4 AND words.stem !~ '[0-9]'
  $$;
--> statement-breakpoint
-- The typo keys of a product: its title's ('t:') and its tags' ('g:').
CREATE OR REPLACE FUNCTION public.f_product_search_keys(title text, tags text[]) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.f_search_fuzzy_keys('t:', title) || public.f_search_fuzzy_keys('g:', array_to_string(tags, ' ')) $$;
--> statement-breakpoint
-- Stored (computed on write, never by queries), and not declared in schema.ts: Drizzle neither
-- reads nor writes them, only the search SQL uses them.
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "search_doc" text GENERATED ALWAYS AS (public.f_product_search_doc("title", "tags", "description")) STORED;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "search_keys" text[] GENERATED ALWAYS AS (public.f_product_search_keys("title", "tags")) STORED;
--> statement-breakpoint
-- Trigram index: serves search_doc LIKE '% stem%' for every query word.
CREATE INDEX IF NOT EXISTS "products_search_doc_idx" ON "products" USING gin ("search_doc" gin_trgm_ops);
--> statement-breakpoint
-- Typo keys: serves search_keys && ARRAY[query keys].
CREATE INDEX IF NOT EXISTS "products_search_keys_idx" ON "products" USING gin ("search_keys");
--> statement-breakpoint
-- Listing by title sorts on the same plain text (case and diacritics ignored, byte order).
CREATE INDEX IF NOT EXISTS "products_title_sort_idx" ON "products" USING btree ((lower(public.f_unaccent("title")) COLLATE "C"), "id");
