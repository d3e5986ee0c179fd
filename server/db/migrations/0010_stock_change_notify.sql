-- Stock changes name their products (docs/decisions/023-http-caching.md, addendum "stock"): every
-- order takes stock, and a cancelled or expired one gives it back. Until now each of those sent
-- NOTIFY shop_changed 'products' (or 'product_variants'), and every instance emptied its whole
-- response cache, so a shop taking orders rendered every page afresh.
--
-- - An UPDATE that sets any column of products or product_variants but `quantity` still names the
--   table: a statement trigger on the other columns (`UPDATE OF`, a list that
--   server/lib/change-feed.test.ts keeps equal to every column but quantity).
-- - Every UPDATE also sends 'stock:' and the ids of the products whose quantity (or a variant's)
--   changed, e.g. 'stock:12,40', read from the statement's rows; an order's stock statement sets only
--   quantity, so it sends only that, and the cache drops only the answers that show those products (or
--   that choose their products by stock). Ids longer than a notification allows (8,000 bytes) name
--   the table. A statement that changes no quantity sends no stock signal.
--
-- Comparing whole rows (to_jsonb without quantity) instead of the column list cost ~0.3 ms per
-- 10-row stock statement on PostgreSQL; the column list costs nothing measurable.
CREATE OR REPLACE FUNCTION notify_stock_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text;
BEGIN
  IF TG_TABLE_NAME = 'product_variants' THEN
    SELECT string_agg(DISTINCT n.product_id::text, ',') INTO changed
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.quantity IS DISTINCT FROM o.quantity;
  ELSE
    SELECT string_agg(DISTINCT n.id::text, ',') INTO changed
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.quantity IS DISTINCT FROM o.quantity;
  END IF;
  IF changed IS NULL THEN
    RETURN NULL;
  END IF;
  IF length(changed) > 7000 THEN
    PERFORM pg_notify('shop_changed', TG_TABLE_NAME);
  ELSE
    PERFORM pg_notify('shop_changed', 'stock:' || changed);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS products_notify_shop_changed ON products;
--> statement-breakpoint
CREATE TRIGGER products_notify_shop_changed AFTER INSERT OR DELETE OR TRUNCATE ON products
FOR EACH STATEMENT EXECUTE FUNCTION notify_shop_changed();
--> statement-breakpoint
CREATE TRIGGER products_notify_shop_changed_update AFTER UPDATE OF
  id, title, slug, description, tags, price_grosze, promotional_price_grosze, vat_rate, is_hidden,
  is_new, is_sale, is_premium, is_layette, is_set, has_slides, slide_ids, slides_title,
  slides_description, processing_time, created_at, updated_at, search_doc, search_keys,
  list_price_grosze
ON products FOR EACH STATEMENT EXECUTE FUNCTION notify_shop_changed();
--> statement-breakpoint
CREATE TRIGGER products_notify_stock_changed AFTER UPDATE ON products
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION notify_stock_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS product_variants_notify_shop_changed ON product_variants;
--> statement-breakpoint
CREATE TRIGGER product_variants_notify_shop_changed AFTER INSERT OR DELETE OR TRUNCATE ON product_variants
FOR EACH STATEMENT EXECUTE FUNCTION notify_shop_changed();
--> statement-breakpoint
CREATE TRIGGER product_variants_notify_shop_changed_update AFTER UPDATE OF
  id, product_id, fields, variant_key, price_grosze, promotional_price_grosze, position
ON product_variants FOR EACH STATEMENT EXECUTE FUNCTION notify_shop_changed();
--> statement-breakpoint
CREATE TRIGGER product_variants_notify_stock_changed AFTER UPDATE ON product_variants
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION notify_stock_changed();
