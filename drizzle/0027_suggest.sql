-- Search autocomplete (issue 14, docs/search.md): the published listings in the order suggestions
-- rank them (best rated, most reviewed), carrying the name. A name-prefix suggestion walks it as
-- an index-only scan, testing lower(name) on the index tuple, and stops at the eighth match; a
-- rare prefix goes through businesses_name_trgm_idx instead. (Drizzle can't declare INCLUDE, so
-- the index lives here only, like the indexes of 0025.)
CREATE INDEX IF NOT EXISTS "businesses_suggest_idx" ON "businesses" USING btree ("rating" DESC NULLS FIRST, "review_count" DESC NULLS FIRST, "id") INCLUDE ("name")
  WHERE "status" = 'published';
