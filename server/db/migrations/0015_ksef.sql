CREATE TABLE "ksef_submissions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ksef_submissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"invoice_id" integer,
	"correcting_invoice_id" integer,
	"state" text DEFAULT 'waiting' NOT NULL,
	"environment" text NOT NULL,
	"xml" text NOT NULL,
	"xml_sha256" text NOT NULL,
	"session_reference" text,
	"invoice_reference" text,
	"ksef_number" text,
	"accepted_at" timestamp with time zone,
	"upo_xml" text,
	"error_code" integer,
	"error_message" text,
	"error_details" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ksef_submissions_invoice_id_unique" UNIQUE("invoice_id"),
	CONSTRAINT "ksef_submissions_correcting_invoice_id_unique" UNIQUE("correcting_invoice_id"),
	CONSTRAINT "ksef_submissions_ksef_number_unique" UNIQUE("ksef_number"),
	CONSTRAINT "ksef_submissions_one_document" CHECK (("ksef_submissions"."invoice_id" is null) <> ("ksef_submissions"."correcting_invoice_id" is null))
);
--> statement-breakpoint
ALTER TABLE "ksef_submissions" ADD CONSTRAINT "ksef_submissions_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ksef_submissions" ADD CONSTRAINT "ksef_submissions_correcting_invoice_id_correcting_invoices_id_fk" FOREIGN KEY ("correcting_invoice_id") REFERENCES "public"."correcting_invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ksef_submissions_state_idx" ON "ksef_submissions" USING btree ("state","created_at");