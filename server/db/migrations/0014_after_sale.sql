-- After the sale (issue 27, docs/decisions/066): withdrawals and complaints, their statements, lines,
-- photos and history; refunds through the payment provider; correcting invoices.
CREATE TABLE "after_sale_cases" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "after_sale_cases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'REPORTED' NOT NULL,
	"user_id" integer,
	"submission_key" text NOT NULL,
	"deadline_at" timestamp with time zone NOT NULL,
	"reminder_sent_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "after_sale_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "after_sale_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"case_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text,
	"message" text,
	"visible_to_customer" boolean DEFAULT true NOT NULL,
	"actor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "after_sale_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "after_sale_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"case_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"received_quantity" integer DEFAULT 0 NOT NULL,
	"restocked_quantity" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "after_sale_lines_quantity_positive" CHECK ("after_sale_lines"."quantity" > 0),
	CONSTRAINT "after_sale_lines_received_range" CHECK ("after_sale_lines"."received_quantity" >= 0 and "after_sale_lines"."received_quantity" <= "after_sale_lines"."quantity"),
	CONSTRAINT "after_sale_lines_restocked_range" CHECK ("after_sale_lines"."restocked_quantity" >= 0 and "after_sale_lines"."restocked_quantity" <= "after_sale_lines"."received_quantity")
);
--> statement-breakpoint
CREATE TABLE "after_sale_photos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "after_sale_photos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"case_id" integer NOT NULL,
	"path" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "after_sale_statements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "after_sale_statements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"case_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"lines" jsonb NOT NULL,
	"reason" text,
	"description" text,
	"remedy" text,
	"lang" text NOT NULL,
	"text" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"client_address" text NOT NULL,
	CONSTRAINT "after_sale_statements_case_id_unique" UNIQUE("case_id")
);
--> statement-breakpoint
CREATE TABLE "correcting_invoices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "correcting_invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"refund_id" integer,
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"lines" jsonb NOT NULL,
	"total_grosze" integer NOT NULL,
	"reason" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"file_path" text,
	CONSTRAINT "correcting_invoices_refund_id_unique" UNIQUE("refund_id"),
	CONSTRAINT "correcting_invoices_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"case_id" integer,
	"payment_id" integer NOT NULL,
	"amount_grosze" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'REQUESTED' NOT NULL,
	"provider_refund_id" text,
	"idempotency_key" text NOT NULL,
	"last_error" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "refunds_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount_grosze" > 0)
);
--> statement-breakpoint
ALTER TABLE "after_sale_cases" ADD CONSTRAINT "after_sale_cases_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "after_sale_cases" ADD CONSTRAINT "after_sale_cases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "after_sale_events" ADD CONSTRAINT "after_sale_events_case_id_after_sale_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."after_sale_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "after_sale_events" ADD CONSTRAINT "after_sale_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "after_sale_lines" ADD CONSTRAINT "after_sale_lines_case_id_after_sale_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."after_sale_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "after_sale_lines" ADD CONSTRAINT "after_sale_lines_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "after_sale_photos" ADD CONSTRAINT "after_sale_photos_case_id_after_sale_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."after_sale_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "after_sale_statements" ADD CONSTRAINT "after_sale_statements_case_id_after_sale_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."after_sale_cases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "correcting_invoices" ADD CONSTRAINT "correcting_invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "correcting_invoices" ADD CONSTRAINT "correcting_invoices_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "correcting_invoices" ADD CONSTRAINT "correcting_invoices_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_case_id_after_sale_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."after_sale_cases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "after_sale_cases_submission_idx" ON "after_sale_cases" USING btree ("order_id","submission_key");--> statement-breakpoint
CREATE INDEX "after_sale_cases_order_idx" ON "after_sale_cases" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "after_sale_cases_status_idx" ON "after_sale_cases" USING btree ("status","deadline_at");--> statement-breakpoint
CREATE INDEX "after_sale_events_case_idx" ON "after_sale_events" USING btree ("case_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "after_sale_lines_case_item_idx" ON "after_sale_lines" USING btree ("case_id","order_item_id");--> statement-breakpoint
CREATE INDEX "after_sale_photos_case_idx" ON "after_sale_photos" USING btree ("case_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "correcting_invoices_year_month_sequence_idx" ON "correcting_invoices" USING btree ("year","month","sequence");--> statement-breakpoint
CREATE INDEX "correcting_invoices_order_idx" ON "correcting_invoices" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "refunds_status_idx" ON "refunds" USING btree ("status","updated_at");--> statement-breakpoint
-- A statement stays as it was received (issue 27, docs/decisions/066): no UPDATE, no DELETE.
CREATE OR REPLACE FUNCTION refuse_statement_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'after_sale_statements rows cannot be changed or deleted' USING ERRCODE = 'restrict_violation';
END
$$;
--> statement-breakpoint
CREATE TRIGGER after_sale_statements_unchangeable BEFORE UPDATE OR DELETE ON "after_sale_statements"
FOR EACH ROW EXECUTE FUNCTION refuse_statement_change();
