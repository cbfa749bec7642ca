-- Near me (issue 14, docs/maps.md): each listing's point on the earth is stored, not recomputed. The radius test
-- (earth_box(centre, r) @> point) is an index condition, and a bitmap scan that also uses a lossy index (the
-- description's trigrams, for words within a radius) rechecks it on every row it reads: with the expression
-- index, that recheck called ll_to_earth() per row, whose `earth` domain check cost ~9 µs a row, most of the
-- query's time (docs/benchmarks.md, "Near me"). A stored column makes the recheck a column read.
-- The expression is ll_to_earth()'s own body with earth() (6,378,168 m) written out, so the points are the same
-- and a restore (pg_dump runs with an empty search_path, where ll_to_earth's unqualified earth() is not found)
-- can compute it.
ALTER TABLE "businesses" ADD COLUMN IF NOT EXISTS "earth_point" cube GENERATED ALWAYS AS (
  cube(cube(cube(6378168::float8 * cos(radians("latitude")) * cos(radians("longitude"))),
    6378168::float8 * cos(radians("latitude")) * sin(radians("longitude"))),
    6378168::float8 * sin(radians("latitude")))
) STORED;
--> statement-breakpoint
DROP INDEX IF EXISTS "businesses_earth_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "businesses_earth_idx" ON "businesses" USING gist ("earth_point")
  WHERE "status" = 'published' AND "latitude" IS NOT NULL AND "longitude" IS NOT NULL;
