-- Near me (issue 14): distances with cube + earthdistance, index-driven on PostgreSQL and PGlite.
-- Neither extension is "trusted": the role running migrations must be allowed to create them
-- (a superuser, or a managed service's allow-list; see docs/maps.md).
CREATE EXTENSION IF NOT EXISTS cube;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;
--> statement-breakpoint
-- A listing's point on the earth (a cube, metres from the centre). The radius query is
-- earth_box(centre, r) @> ll_to_earth(latitude, longitude), answered by this GiST index,
-- then the exact earth_distance() check on the few rows inside the box.
CREATE INDEX IF NOT EXISTS "businesses_earth_idx" ON "businesses" USING gist (ll_to_earth("latitude", "longitude"))
  WHERE "status" = 'published' AND "latitude" IS NOT NULL AND "longitude" IS NOT NULL;
--> statement-breakpoint
-- "near=98101": the centroid of the published listings with that ZIP code (or in that city).
CREATE INDEX IF NOT EXISTS "businesses_zip_idx" ON "businesses" ("zip") WHERE "status" = 'published';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "businesses_city_idx" ON "businesses" (lower("city")) WHERE "status" = 'published';
