-- The columns issue 29 and 30 added to products (parcel_size; SKU, EAN, weight, dimensions, SEO, the
-- GPSR data) join the list of the update trigger that tells the caches (migration 0010): every
-- column but `quantity`, whose changes name their products through products_notify_stock_changed.
-- server/lib/change-feed.test.ts checks the list against the table.
DROP TRIGGER IF EXISTS products_notify_shop_changed_update ON products;
--> statement-breakpoint
CREATE TRIGGER products_notify_shop_changed_update AFTER UPDATE OF
  id, title, slug, description, tags, price_grosze, promotional_price_grosze, vat_rate, is_hidden,
  is_new, is_sale, is_premium, is_layette, is_set, has_slides, slide_ids, slides_title,
  slides_description, processing_time, created_at, updated_at, search_doc, search_keys,
  list_price_grosze, parcel_size, sku, gtin, weight_grams, length_mm, width_mm, height_mm, seo_title,
  seo_description, manufacturer_name, manufacturer_address, manufacturer_contact,
  manufacturer_outside_eu, eu_rep_name, eu_rep_address, eu_rep_contact, safety_identifier,
  safety_warnings, care_instructions, safety_complete
ON products FOR EACH STATEMENT EXECUTE FUNCTION notify_shop_changed();
