-- Neighbourhoods (issue 14, docs/maps.md "Near me"): a typed ?near= place can be a neighbourhood ("Downtown",
-- "Downtown, Springfield"), resolved like a ZIP code or a city from the listings' own data, without any network
-- service. Nullable: most listings (and every listing before this) have none. The look-up finds a name's listings
-- grouped by city, so the index leads with the name and carries the city; partial, like 0029's, since only
-- published listings with a neighbourhood are ever looked up. (An expression index, so it lives here only.)
ALTER TABLE "businesses" ADD COLUMN IF NOT EXISTS "neighborhood" text;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "businesses_neighborhood_idx" ON "businesses" USING btree (lower("neighborhood"), lower("city"), lower("state"))
  WHERE "status" = 'published' AND "neighborhood" IS NOT NULL;
