-- Every change of a product's or variant's effective price (the promotional price when set and
-- different from the price, else the price) writes a price_history row, whatever code path made
-- it: "najniższa cena z 30 dni" is computed from this history (catalog.service priceHistoryFigures).
CREATE OR REPLACE FUNCTION effective_price_grosze(price integer, promotional integer) RETURNS integer
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN promotional IS NOT NULL AND promotional <> price THEN promotional ELSE price END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION record_product_price() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT'
     OR effective_price_grosze(NEW.price_grosze, NEW.promotional_price_grosze)
        IS DISTINCT FROM effective_price_grosze(OLD.price_grosze, OLD.promotional_price_grosze) THEN
    INSERT INTO price_history (product_id, variant_id, price_grosze)
    VALUES (NEW.id, NULL, effective_price_grosze(NEW.price_grosze, NEW.promotional_price_grosze));
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION record_variant_price() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT'
     OR effective_price_grosze(NEW.price_grosze, NEW.promotional_price_grosze)
        IS DISTINCT FROM effective_price_grosze(OLD.price_grosze, OLD.promotional_price_grosze) THEN
    INSERT INTO price_history (product_id, variant_id, price_grosze)
    VALUES (NEW.product_id, NEW.id, effective_price_grosze(NEW.price_grosze, NEW.promotional_price_grosze));
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_price_history AFTER INSERT OR UPDATE OF price_grosze, promotional_price_grosze ON products
FOR EACH ROW EXECUTE FUNCTION record_product_price();
--> statement-breakpoint
CREATE TRIGGER product_variants_price_history AFTER INSERT OR UPDATE OF price_grosze, promotional_price_grosze ON product_variants
FOR EACH ROW EXECUTE FUNCTION record_variant_price();
