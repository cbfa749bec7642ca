-- Newsletter issues (issue 40): admins write an issue in Markdown and send it to the confirmed subscribers through
-- the mail queue. One delivery row per issue and address, written in the same transaction as that address's queued
-- email: a send that stops half-way (a crash, a restart) and is run again queues only the addresses without a row,
-- so nobody gets an issue twice.
CREATE TABLE IF NOT EXISTS "newsletter_issues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_by" text REFERENCES "users"("id") ON DELETE SET NULL,
	"sent_by" text REFERENCES "users"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"recipient_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "newsletter_issues_status_check" CHECK (status in ('draft', 'sending', 'sent'))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "newsletter_issues_created_idx" ON "newsletter_issues" USING btree ("created_at");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "newsletter_deliveries" (
	"issue_id" uuid NOT NULL REFERENCES "newsletter_issues"("id") ON DELETE CASCADE,
	"email" text NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_deliveries_pk" PRIMARY KEY ("issue_id", "email")
);
--> statement-breakpoint
-- Extra headers of a queued email (the newsletter's List-Unsubscribe and List-Unsubscribe-Post, RFC 8058).
ALTER TABLE "mail_queue" ADD COLUMN IF NOT EXISTS "headers" jsonb;
