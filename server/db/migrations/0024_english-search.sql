-- Search in English finds English titles and descriptions (issue 30, docs/decisions/078): the
-- search columns (0003, kept by the trigger of 0009) take the English title beside the Polish one in
-- the document's title part and the typo keys, and the English description beside the Polish one,
-- so the ranking (title, tags, description) works the same for either language's words.
CREATE OR REPLACE FUNCTION set_product_search_columns() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_doc := public.f_product_search_doc(NEW.title || ' ' || NEW.title_en, NEW.tags,
    NEW.description || ' ' || NEW.description_en);
  NEW.search_keys := public.f_product_search_keys(NEW.title || ' ' || NEW.title_en, NEW.tags);
  RETURN NEW;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS products_search_columns ON products;--> statement-breakpoint
CREATE TRIGGER products_search_columns BEFORE INSERT OR UPDATE OF title, tags, description, title_en, description_en, search_doc, search_keys ON products
FOR EACH ROW EXECUTE FUNCTION set_product_search_columns();--> statement-breakpoint
-- products that already have English texts get them into their search columns (the trigger fires)
UPDATE products SET search_doc = NULL WHERE title_en <> '' OR description_en <> '';
