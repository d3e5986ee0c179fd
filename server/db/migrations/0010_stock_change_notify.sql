-- Stock changes name their products (docs/decisions/023-http-caching.md, addendum "stock"): every
-- order takes stock, and a cancelled or expired one gives it back. Until now each of those sent
-- NOTIFY shop_changed 'products' (or 'product_variants'), and every instance emptied its whole
-- response cache, so a shop taking orders rendered every page afresh. An UPDATE of products or
-- product_variants that changes nothing but `quantity` now sends 'stock:' and the ids of the
-- products whose quantity (or a variant's) changed, e.g. 'stock:12,40'; the cache then drops only the
-- answers that show one of them (or that choose their products by stock). Any other change still
-- names the table. The statement's rows decide, whoever wrote them: a staff edit that also sets the
-- quantity names the table. Ids longer than a notification allows (8,000 bytes) name the table.
CREATE OR REPLACE FUNCTION notify_stock_or_shop_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- the column holding the product's id: 'id' on products, 'product_id' on product_variants
  product_column text := TG_ARGV[0];
  changed text;
BEGIN
  IF EXISTS (
    SELECT 1 FROM new_rows n LEFT JOIN old_rows o ON o.id = n.id
    WHERE o.id IS NULL OR (to_jsonb(n) - 'quantity') IS DISTINCT FROM (to_jsonb(o) - 'quantity')
  ) THEN
    PERFORM pg_notify('shop_changed', TG_TABLE_NAME);
    RETURN NULL;
  END IF;
  SELECT string_agg(DISTINCT to_jsonb(n) ->> product_column, ',') INTO changed
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE n.quantity IS DISTINCT FROM o.quantity;
  IF changed IS NULL THEN
    -- no row changed: nothing the storefront shows did either
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
CREATE TRIGGER products_notify_stock_or_shop_changed AFTER UPDATE ON products
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION notify_stock_or_shop_changed('id');
--> statement-breakpoint
DROP TRIGGER IF EXISTS product_variants_notify_shop_changed ON product_variants;
--> statement-breakpoint
CREATE TRIGGER product_variants_notify_shop_changed AFTER INSERT OR DELETE OR TRUNCATE ON product_variants
FOR EACH STATEMENT EXECUTE FUNCTION notify_shop_changed();
--> statement-breakpoint
CREATE TRIGGER product_variants_notify_stock_or_shop_changed AFTER UPDATE ON product_variants
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION notify_stock_or_shop_changed('product_id');
