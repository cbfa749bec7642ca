CREATE TABLE "business_timezones" (
	"timezone" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "business_messages_business_created_idx";--> statement-breakpoint
DROP INDEX "businesses_status_created_idx";--> statement-breakpoint
DROP INDEX "businesses_status_category_idx";--> statement-breakpoint
DROP INDEX "businesses_status_rating_idx";--> statement-breakpoint
DROP INDEX "review_reports_status_created_idx";--> statement-breakpoint
DROP INDEX "reviews_business_created_idx";--> statement-breakpoint
DROP INDEX "reviews_business_helpful_idx";--> statement-breakpoint
CREATE INDEX "businesses_status_kind_idx" ON "businesses" USING btree ("status","category",coalesce("cuisine", "subcategory"),"rating" DESC NULLS FIRST,"review_count" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "businesses_status_reviews_idx" ON "businesses" USING btree ("status","review_count" DESC NULLS FIRST,"rating" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "business_messages_business_created_idx" ON "business_messages" USING btree ("business_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "businesses_status_created_idx" ON "businesses" USING btree ("status","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "businesses_status_category_idx" ON "businesses" USING btree ("status","category","rating" DESC NULLS FIRST,"review_count" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "businesses_status_rating_idx" ON "businesses" USING btree ("status","rating" DESC NULLS FIRST,"review_count" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "review_reports_status_created_idx" ON "review_reports" USING btree ("status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reviews_business_created_idx" ON "reviews" USING btree ("business_id","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "reviews_business_helpful_idx" ON "reviews" USING btree ("business_id","helpful_count" DESC NULLS FIRST);