-- Service-area businesses (issue 34, docs/maps.md "Service areas"): a business that serves customers where they are
-- (a food truck, a mobile groomer, a cleaner) has no street address (address is null: never shown, nor its position),
-- and a service area: the cities or postal codes it serves, and/or a radius in kilometres around its base (its
-- latitude and longitude, used by search only).
ALTER TABLE "businesses" ALTER COLUMN "address" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN IF NOT EXISTS "service_area" text[] DEFAULT '{}'::text[] NOT NULL;
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN IF NOT EXISTS "service_radius_km" double precision;
--> statement-breakpoint
ALTER TABLE "businesses" DROP CONSTRAINT IF EXISTS "businesses_service_radius_range";
--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_service_radius_range"
  CHECK ("service_radius_km" IS NULL OR ("service_radius_km" > 0 AND "service_radius_km" <= 500));
--> statement-breakpoint
-- The served places as a located search compares them: lower case (a typed place is).
CREATE OR REPLACE FUNCTION near_lower_array(items text[]) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ select coalesce(array_agg(lower(x)), '{}'::text[]) from unnest(items) as x $$;
--> statement-breakpoint
-- A located search asks which published service-area businesses serve a place: its name among their served places
-- (&&, this index), or within their radius of their base (the next one); the two are one bitmap OR.
CREATE INDEX IF NOT EXISTS "businesses_service_area_idx" ON "businesses" USING gin (near_lower_array("service_area"))
  WHERE "status" = 'published' AND "address" IS NULL;
--> statement-breakpoint
-- The other arm of that test: the businesses with a radius, their distance computed on these rows alone.
CREATE INDEX IF NOT EXISTS "businesses_service_radius_idx" ON "businesses" USING btree ("service_radius_km")
  WHERE "status" = 'published' AND "address" IS NULL AND "service_radius_km" IS NOT NULL;
