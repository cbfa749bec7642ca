CREATE TABLE "listing_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"note" text NOT NULL,
	"verification_method" text NOT NULL,
	"verification_detail" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"reason" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listing_claims" ADD CONSTRAINT "listing_claims_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_claims" ADD CONSTRAINT "listing_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_claims" ADD CONSTRAINT "listing_claims_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "listing_claims_open_key" ON "listing_claims" USING btree ("business_id","user_id") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "listing_claims_business_status_idx" ON "listing_claims" USING btree ("business_id","status");--> statement-breakpoint
CREATE INDEX "listing_claims_user_created_idx" ON "listing_claims" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "listing_claims_admin_idx" ON "listing_claims" USING btree ((status = 'open') desc,"created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "listing_claims_decided_by_idx" ON "listing_claims" USING btree ("decided_by");