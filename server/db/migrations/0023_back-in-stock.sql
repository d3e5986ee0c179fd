CREATE TABLE "back_in_stock_subscriptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "back_in_stock_subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"lang" text NOT NULL,
	"product_id" integer NOT NULL,
	"variant_id" integer,
	"confirm_token_hash" text,
	"confirm_expires_at" timestamp with time zone,
	"confirm_sent_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"unsubscribe_token_hash" text NOT NULL,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "back_in_stock_subscriptions" ADD CONSTRAINT "back_in_stock_subscriptions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "back_in_stock_subscriptions" ADD CONSTRAINT "back_in_stock_subscriptions_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "back_in_stock_one_waiting_idx" ON "back_in_stock_subscriptions" USING btree ("product_id",coalesce("variant_id", 0),lower("email")) WHERE "back_in_stock_subscriptions"."notified_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "back_in_stock_confirm_token_idx" ON "back_in_stock_subscriptions" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "back_in_stock_unsubscribe_token_idx" ON "back_in_stock_subscriptions" USING btree ("unsubscribe_token_hash");--> statement-breakpoint
CREATE INDEX "back_in_stock_waiting_idx" ON "back_in_stock_subscriptions" USING btree ("product_id") WHERE "back_in_stock_subscriptions"."confirmed_at" is not null and "back_in_stock_subscriptions"."notified_at" is null;--> statement-breakpoint
-- Back-in-stock (docs/decisions/080): whatever puts stock back (the warehouse, its CSV, the product
-- form, an import, a cancelled or returned order), a product's or a variant's quantity going from 0
-- to above 0 queues the product's `catalog.back-in-stock` job in the same transaction, when a
-- confirmed subscriber waits for it; the job's singleton key keeps one queued per product.
CREATE OR REPLACE FUNCTION queue_back_in_stock() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pid integer;
BEGIN
  IF TG_TABLE_NAME = 'product_variants' THEN
    pid := NEW.product_id;
  ELSE
    pid := NEW.id;
  END IF;
  IF EXISTS (
    SELECT 1 FROM back_in_stock_subscriptions s
    WHERE s.product_id = pid AND s.confirmed_at IS NOT NULL AND s.notified_at IS NULL
  ) THEN
    INSERT INTO jobs (kind, payload, singleton_key)
    VALUES ('catalog.back-in-stock', jsonb_build_object('productId', pid), 'catalog.back-in-stock:' || pid)
    ON CONFLICT (singleton_key) WHERE status IN ('queued', 'running') DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_queue_back_in_stock AFTER UPDATE OF quantity ON products
FOR EACH ROW WHEN (OLD.quantity <= 0 AND NEW.quantity > 0) EXECUTE FUNCTION queue_back_in_stock();
--> statement-breakpoint
CREATE TRIGGER product_variants_queue_back_in_stock AFTER UPDATE OF quantity ON product_variants
FOR EACH ROW WHEN (OLD.quantity <= 0 AND NEW.quantity > 0) EXECUTE FUNCTION queue_back_in_stock();
--> statement-breakpoint
CREATE TRIGGER product_variants_queue_back_in_stock_insert AFTER INSERT ON product_variants
FOR EACH ROW WHEN (NEW.quantity > 0) EXECUTE FUNCTION queue_back_in_stock();
