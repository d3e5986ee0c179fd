ALTER TABLE "categories" ADD COLUMN "title_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "field_options" ADD COLUMN "title_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "field_options" ADD COLUMN "description_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_fields" ADD COLUMN "title_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_fields" ADD COLUMN "description_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "title_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "slug_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "description_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_articles" ADD COLUMN "title_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_articles" ADD COLUMN "slug_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_articles" ADD COLUMN "content_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "header_slides" ADD COLUMN "title_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "header_slides" ADD COLUMN "description_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "title_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "link_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "content_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- The English columns join the list of the products update trigger that tells the caches (migrations
-- 0010, 0020, 0021); server/lib/change-feed.test.ts checks the list against the table.
DROP TRIGGER IF EXISTS products_notify_shop_changed_update ON products;
--> statement-breakpoint
CREATE TRIGGER products_notify_shop_changed_update AFTER UPDATE OF
  id, title, slug, description, tags, price_grosze, promotional_price_grosze, vat_rate, is_hidden,
  is_new, is_sale, is_premium, is_layette, is_set, has_slides, slide_ids, slides_title,
  slides_description, processing_time, created_at, updated_at, search_doc, search_keys,
  list_price_grosze, parcel_size, sku, gtin, weight_grams, length_mm, width_mm, height_mm, seo_title,
  seo_description, manufacturer_name, manufacturer_address, manufacturer_contact,
  manufacturer_outside_eu, eu_rep_name, eu_rep_address, eu_rep_contact, safety_identifier,
  safety_warnings, care_instructions, safety_complete, deleted_at, title_en, slug_en, description_en
ON products FOR EACH STATEMENT EXECUTE FUNCTION notify_shop_changed();
