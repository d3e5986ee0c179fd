-- The search columns of products (0003) were STORED generated columns, which PostgreSQL recomputes
-- on EVERY update of a row, whatever the columns changed: each order's stock decrement ran the
-- search text and fuzzy-key functions over the product's title, tags and description (about 2 ms of
-- the order's 3 ms stock statement on PGlite). They become plain columns (values and indexes kept)
-- kept up to date by a trigger that fires only when the title, tags or description are written.
ALTER TABLE "products" ALTER COLUMN "search_doc" DROP EXPRESSION IF EXISTS;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "search_keys" DROP EXPRESSION IF EXISTS;--> statement-breakpoint
CREATE OR REPLACE FUNCTION set_product_search_columns() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_doc := public.f_product_search_doc(NEW.title, NEW.tags, NEW.description);
  NEW.search_keys := public.f_product_search_keys(NEW.title, NEW.tags);
  RETURN NEW;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS products_search_columns ON products;--> statement-breakpoint
CREATE TRIGGER products_search_columns BEFORE INSERT OR UPDATE OF title, tags, description, search_doc, search_keys ON products
FOR EACH ROW EXECUTE FUNCTION set_product_search_columns();
