-- Coupons and offers (issue 36): a business's offers, counted with its upcoming events against the plan's
-- "coupons or events" allowance (PLAN_ALLOWANCES.coupons). Dates are the site's calendar days, both ends included;
-- an offer whose last day has passed leaves every public page by itself (no job deletes it).
CREATE TABLE IF NOT EXISTS "business_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL REFERENCES "businesses"("id") ON DELETE CASCADE,
	"title" text NOT NULL,
	"terms" text NOT NULL,
	"code" text,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"first_customers" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_offers_dates_check" CHECK (ends_on >= starts_on),
	CONSTRAINT "business_offers_first_customers_check" CHECK (first_customers IS NULL OR first_customers > 0)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_offers_business_idx" ON "business_offers" USING btree ("business_id", "ends_on");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_offers_ends_idx" ON "business_offers" USING btree ("ends_on");
