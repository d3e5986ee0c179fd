DROP INDEX "product_categories_category_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "list_price_grosze" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "products_visible_updated_idx" ON "products" USING btree ("is_hidden","updated_at","id");--> statement-breakpoint
CREATE INDEX "products_visible_list_price_idx" ON "products" USING btree ("is_hidden","list_price_grosze","id");--> statement-breakpoint
CREATE INDEX "products_new_idx" ON "products" USING btree ("updated_at","id") WHERE is_hidden = false and is_new;--> statement-breakpoint
CREATE INDEX "products_sale_idx" ON "products" USING btree ("updated_at","id") WHERE is_hidden = false and is_sale;--> statement-breakpoint
CREATE INDEX "products_premium_idx" ON "products" USING btree ("updated_at","id") WHERE is_hidden = false and is_premium;--> statement-breakpoint
CREATE INDEX "products_layette_idx" ON "products" USING btree ("updated_at","id") WHERE is_hidden = false and is_layette;--> statement-breakpoint
CREATE INDEX "products_set_idx" ON "products" USING btree ("updated_at","id") WHERE is_hidden = false and is_set;--> statement-breakpoint
CREATE INDEX "product_categories_category_idx" ON "product_categories" USING btree ("category_id","product_id");--> statement-breakpoint
-- The stored list price (docs/decisions/022-list-indexes.md): what the product list filters and
-- sorts by — the cheapest variant's effective price, else the product's own (domain/pricing
-- productThumbnail; effective_price_grosze from 0004). Kept right by the triggers below, whatever
-- code path writes prices or variants, so that products_visible_list_price_idx can serve the list.
CREATE OR REPLACE FUNCTION product_list_price_grosze(product integer, price integer, promotional integer)
RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    (SELECT min(effective_price_grosze(v.price_grosze, v.promotional_price_grosze))
     FROM product_variants v WHERE v.product_id = product),
    effective_price_grosze(price, promotional))
$$;
--> statement-breakpoint
-- A product's own price changes (or anything writes the column): recompute it before the write. A
-- new product has no variants yet (they reference it): its own effective price.
CREATE OR REPLACE FUNCTION set_product_list_price() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.list_price_grosze := effective_price_grosze(NEW.price_grosze, NEW.promotional_price_grosze);
  ELSE
    NEW.list_price_grosze := product_list_price_grosze(NEW.id, NEW.price_grosze, NEW.promotional_price_grosze);
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- Variants added or removed: recompute their products' once per statement (a bulk insert of
-- thousands of variants is one UPDATE); the product row is written only when the value changes.
CREATE OR REPLACE FUNCTION refresh_list_prices_of_changed_variants() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products p SET list_price_grosze = product_list_price_grosze(p.id, p.price_grosze, p.promotional_price_grosze)
  WHERE p.id IN (SELECT DISTINCT product_id FROM changed)
    AND p.list_price_grosze IS DISTINCT FROM product_list_price_grosze(p.id, p.price_grosze, p.promotional_price_grosze);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A variant repriced or moved to another product: recompute both products' (per row, and only for
-- those columns: an order's stock change never gets here).
CREATE OR REPLACE FUNCTION refresh_list_price_of_variant() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products p SET list_price_grosze = product_list_price_grosze(p.id, p.price_grosze, p.promotional_price_grosze)
  WHERE p.id IN (OLD.product_id, NEW.product_id)
    AND p.list_price_grosze IS DISTINCT FROM product_list_price_grosze(p.id, p.price_grosze, p.promotional_price_grosze);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_list_price BEFORE INSERT OR UPDATE OF price_grosze, promotional_price_grosze, list_price_grosze ON products
FOR EACH ROW EXECUTE FUNCTION set_product_list_price();
--> statement-breakpoint
CREATE TRIGGER product_variants_list_price_insert AFTER INSERT ON product_variants
REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION refresh_list_prices_of_changed_variants();
--> statement-breakpoint
CREATE TRIGGER product_variants_list_price_delete AFTER DELETE ON product_variants
REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION refresh_list_prices_of_changed_variants();
--> statement-breakpoint
CREATE TRIGGER product_variants_list_price_update AFTER UPDATE OF price_grosze, promotional_price_grosze, product_id ON product_variants
FOR EACH ROW EXECUTE FUNCTION refresh_list_price_of_variant();
--> statement-breakpoint
-- Existing products (the BEFORE trigger computes the value).
UPDATE products SET list_price_grosze = product_list_price_grosze(id, price_grosze, promotional_price_grosze);
