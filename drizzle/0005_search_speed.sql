CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "businesses_search_idx";--> statement-breakpoint
DROP INDEX "businesses_search_text_trgm_idx";--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(name, '')), 'A') || setweight(to_tsvector('english', coalesce(cuisine, '') || ' ' || coalesce(subcategory, '') || ' ' || near_array_text(categories)), 'B') || setweight(to_tsvector('english', coalesce(description, '') || ' ' || near_array_text(features)), 'C')) STORED;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "open_minutes" "int4multirange";--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "businesses_search_vector_idx" ON "businesses" USING gin ("search_vector");