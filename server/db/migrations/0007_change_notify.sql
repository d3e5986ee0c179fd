-- Change notifications for the in-process response cache (docs/decisions/023-http-caching.md):
-- a statement that changes a table whose rows the storefront pages or the public catalog/content
-- API show sends NOTIFY shop_changed with the table's name. NOTIFY is transactional (delivered at
-- commit, once per transaction and payload) and reaches every instance that LISTENs
-- (server/lib/change-feed.ts); each clears its cache. Statement-level triggers: one notification per
-- statement whatever the number of rows, TRUNCATE included. Not here on purpose: orders, product
-- views and the other tables the storefront shows only as time-windowed figures (social proof), which
-- the cache's TTL bounds; accounts, carts, coupons and checkout, which are never cached.
CREATE OR REPLACE FUNCTION notify_shop_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('shop_changed', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER categories_notify_shop_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
FOR EACH STATEMENT EXECUTE FUNCTION notify_shop_changed();
--> statement-breakpoint
CREATE TRIGGER product_fields_notify_shop_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_fields
FOR EACH STATEMENT EXECUTE FUNCTION notify_shop_changed();
--> statement-breakpoint
CREATE TRIGGER field_options_notify_shop_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON field_options
FOR EACH STATEMENT EXECUTE FUNCTION notify_shop_changed();
--> statement-breakpoint
CREATE TRIGGER products_notify_shop_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
FOR EACH STATEMENT EXECUTE FUNCTION notify_shop_changed();
--> statement-breakpoint
CREATE TRIGGER product_images_notify_shop_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_images
FOR EACH STATEMENT EXECUTE FUNCTION notify_shop_changed();
--> statement-breakpoint
CREATE TRIGGER product_categories_notify_shop_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_categories
FOR EACH STATEMENT EXECUTE FUNCTION notify_shop_changed();
--> statement-breakpoint
CREATE TRIGGER product_field_links_notify_shop_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_field_links
FOR EACH STATEMENT EXECUTE FUNCTION notify_shop_changed();
--> statement-breakpoint
CREATE TRIGGER product_variants_notify_shop_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_variants
FOR EACH STATEMENT EXECUTE FUNCTION notify_shop_changed();
--> statement-breakpoint
CREATE TRIGGER price_history_notify_shop_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON price_history
FOR EACH STATEMENT EXECUTE FUNCTION notify_shop_changed();
--> statement-breakpoint
CREATE TRIGGER header_slides_notify_shop_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON header_slides
FOR EACH STATEMENT EXECUTE FUNCTION notify_shop_changed();
--> statement-breakpoint
CREATE TRIGGER pages_notify_shop_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON pages
FOR EACH STATEMENT EXECUTE FUNCTION notify_shop_changed();
--> statement-breakpoint
CREATE TRIGGER blog_articles_notify_shop_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON blog_articles
FOR EACH STATEMENT EXECUTE FUNCTION notify_shop_changed();
--> statement-breakpoint
CREATE TRIGGER gallery_images_notify_shop_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON gallery_images
FOR EACH STATEMENT EXECUTE FUNCTION notify_shop_changed();
--> statement-breakpoint
CREATE TRIGGER creator_categories_notify_shop_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON creator_categories
FOR EACH STATEMENT EXECUTE FUNCTION notify_shop_changed();
--> statement-breakpoint
CREATE TRIGGER creators_notify_shop_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON creators
FOR EACH STATEMENT EXECUTE FUNCTION notify_shop_changed();
--> statement-breakpoint
CREATE TRIGGER games_notify_shop_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON games
FOR EACH STATEMENT EXECUTE FUNCTION notify_shop_changed();
