ALTER TABLE "pages" DROP CONSTRAINT "pages_link_unique";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "blog_articles" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "products_trashed_idx" ON "products" USING btree ("deleted_at") WHERE deleted_at is not null;--> statement-breakpoint
CREATE INDEX "blog_articles_trashed_idx" ON "blog_articles" USING btree ("deleted_at") WHERE deleted_at is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "pages_link_live_unique" ON "pages" USING btree ("link") WHERE deleted_at is null;--> statement-breakpoint
-- Trash (docs/decisions/076): a trashed product leaves the storefront, so setting or clearing
-- deleted_at tells the caches like every products column but `quantity` (migration 0020's list).
DROP TRIGGER IF EXISTS products_notify_shop_changed_update ON products;
--> statement-breakpoint
CREATE TRIGGER products_notify_shop_changed_update AFTER UPDATE OF
  id, title, slug, description, tags, price_grosze, promotional_price_grosze, vat_rate, is_hidden,
  is_new, is_sale, is_premium, is_layette, is_set, has_slides, slide_ids, slides_title,
  slides_description, processing_time, created_at, updated_at, search_doc, search_keys,
  list_price_grosze, parcel_size, sku, gtin, weight_grams, length_mm, width_mm, height_mm, seo_title,
  seo_description, manufacturer_name, manufacturer_address, manufacturer_contact,
  manufacturer_outside_eu, eu_rep_name, eu_rep_address, eu_rep_contact, safety_identifier,
  safety_warnings, care_instructions, safety_complete, deleted_at
ON products FOR EACH STATEMENT EXECUTE FUNCTION notify_shop_changed();
