CREATE TABLE "shipments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"carrier_kind" text NOT NULL,
	"carrier_shipment_id" text,
	"tracking_number" text,
	"status" text,
	"parcel_size" text NOT NULL,
	"delivery" text NOT NULL,
	"request" jsonb NOT NULL,
	"last_error" text,
	"tracking_added_at" timestamp with time zone,
	"created_by" integer,
	"canceled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "parcel_size" text DEFAULT 'A' NOT NULL;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_carrier_id_idx" ON "shipments" USING btree ("carrier_kind","carrier_shipment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_active_order_idx" ON "shipments" USING btree ("order_id") WHERE canceled_at is null;--> statement-breakpoint
CREATE INDEX "shipments_order_idx" ON "shipments" USING btree ("order_id","created_at");