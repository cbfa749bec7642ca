CREATE TABLE "listing_stat_days" (
	"business_id" uuid NOT NULL,
	"day" date NOT NULL,
	"metric" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "listing_stat_days_business_id_day_metric_pk" PRIMARY KEY("business_id","day","metric"),
	CONSTRAINT "listing_stat_days_count_nonneg" CHECK ("listing_stat_days"."count" >= 0),
	CONSTRAINT "listing_stat_days_metric" CHECK (metric in ('search_appearance', 'call', 'website', 'directions', 'share', 'book'))
);
--> statement-breakpoint
ALTER TABLE "listing_stat_days" ADD CONSTRAINT "listing_stat_days_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;