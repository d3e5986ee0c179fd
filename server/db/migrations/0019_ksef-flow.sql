ALTER TABLE "ksef_submissions" ADD COLUMN "sending_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ksef_submissions" ADD COLUMN "email_sent_at" timestamp with time zone;