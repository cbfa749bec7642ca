-- Addresses outside the US (issue 34, docs/maps.md "Where a business is"): a listing has a country (ISO 3166-1
-- alpha-2; every listing until now is in the US), and its region (`state`) and postal code (`zip`) become optional:
-- many countries have no region in their addresses, some have no postal codes.
ALTER TABLE "businesses" ADD COLUMN IF NOT EXISTS "country" text DEFAULT 'US' NOT NULL;
--> statement-breakpoint
ALTER TABLE "businesses" DROP CONSTRAINT IF EXISTS "businesses_country_code";
--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_country_code" CHECK ("country" ~ '^[A-Z]{2}$');
--> statement-breakpoint
ALTER TABLE "businesses" ALTER COLUMN "state" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "businesses" ALTER COLUMN "zip" DROP NOT NULL;
--> statement-breakpoint
-- Phones are stored in E.164 from now on (libphonenumber-js parses what people type, in the listing's country).
-- Today's phones were typed in the US: those that read as a North American number, (217) 555-0142 or
-- +1 217-555-0142, become +12175550142; anything else is left as it was and shown as stored.
UPDATE "businesses"
  SET "phone" = '+1' || right(regexp_replace("phone", '[^0-9]', '', 'g'), 10)
  WHERE "phone" IS NOT NULL
    AND "phone" !~ '^\+[0-9]+$'
    AND ("phone" !~ '^\s*\+' OR "phone" ~ '^\s*\+\s*1')
    AND regexp_replace("phone", '[^0-9]', '', 'g') ~ '^1?[2-9][0-9]{2}[2-9][0-9]{6}$';
