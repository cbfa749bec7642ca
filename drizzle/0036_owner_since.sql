-- Messages sent to a listing without an owner (or to its previous owner) went to whoever's claim was approved later.
-- The owner now sees messages from the time they got the listing: a claim's approval sets owner_since; null (every
-- listing until now, and one created by its owner) shows them all.
ALTER TABLE "businesses" ADD COLUMN IF NOT EXISTS "owner_since" timestamp with time zone;
