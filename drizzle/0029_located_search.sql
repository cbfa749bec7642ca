-- Located search (issue 19, docs/search.md): a search runs in the site's city unless it has a place of its own
-- or asks for "anywhere". These walk one city's published listings in each sort order, so a located search costs
-- what its city costs however many cities the directory holds. Partial on published listings, like 0027's.
CREATE INDEX IF NOT EXISTS "businesses_city_rating_idx" ON "businesses" USING btree (lower("city"), lower("state"), "rating" DESC NULLS FIRST, "review_count" DESC NULLS FIRST, "id")
  WHERE "status" = 'published';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "businesses_city_category_idx" ON "businesses" USING btree (lower("city"), lower("state"), "category", "rating" DESC NULLS FIRST, "review_count" DESC NULLS FIRST, "id")
  WHERE "status" = 'published';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "businesses_city_reviews_idx" ON "businesses" USING btree (lower("city"), lower("state"), "review_count" DESC NULLS FIRST, "rating" DESC NULLS FIRST, "id")
  WHERE "status" = 'published';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "businesses_city_created_idx" ON "businesses" USING btree (lower("city"), lower("state"), "created_at" DESC NULLS FIRST, "id")
  WHERE "status" = 'published';
--> statement-breakpoint
-- The planner's idea of a city's size: statistics on the two expressions together (a city name with its state is
-- one place; apart, the planner multiplies the two and guesses a city of a few rows, then walks a whole city to find
-- a page). Gathered now, so a directory that already holds many cities is planned right from the start.
CREATE STATISTICS IF NOT EXISTS "businesses_city_state_stats" (mcv, ndistinct, dependencies) ON lower("city"), lower("state") FROM "businesses";
--> statement-breakpoint
ANALYZE "businesses";
