-- Every listing has a place (issue 40): how exact a listing's position is. 'exact' is a pin its owner set or dragged
-- (or coordinates an import or the API gave), 'address' the configured geocoder's answer, 'postal' and 'city' the
-- centre of its postal code or city from the built-in gazetteer (app/.server/gazetteer.ts). Null: no position.
-- Every position stored before this was typed or dragged, or given by an import: 'exact'. Listings without one get
-- theirs from the gazetteer at boot (app/features/listings/position.server.ts, backfillPositions), which also marks
-- positions written without a precision (the demo data, older tools) 'exact'.
ALTER TABLE "businesses" ADD COLUMN "location_precision" text;
--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_location_precision_check"
  CHECK ("location_precision" IS NULL OR "location_precision" IN ('exact', 'address', 'postal', 'city'));
--> statement-breakpoint
UPDATE "businesses" SET "location_precision" = 'exact' WHERE "latitude" IS NOT NULL AND "longitude" IS NOT NULL;
