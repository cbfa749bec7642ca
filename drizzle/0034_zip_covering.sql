-- Near me (issue 14, docs/maps.md): a typed ZIP code's centre is the mean position of its published listings
-- (resolvePlace). The ZIP index now carries the columns that mean reads, so it is an index-only scan instead of a
-- heap read per listing: 8 → 2 ms for a ZIP of 10,000 listings (docs/benchmarks.md, "Near me").
DROP INDEX IF EXISTS "businesses_zip_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "businesses_zip_idx" ON "businesses" ("zip") INCLUDE ("latitude", "longitude", "city", "state")
  WHERE "status" = 'published';
