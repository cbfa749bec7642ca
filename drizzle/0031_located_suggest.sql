-- Located autocomplete (issue 19, docs/search.md): business suggestions come from the site's city, like a located
-- search. A suggestion walks that city's published listings best rated first as an index-only scan, testing the name
-- on the index tuple, and stops at the eighth match — or at the city's end for a rare text: a cost that does not grow
-- with the directory. The index carries city and state themselves too: PostgreSQL takes an index-only scan only when
-- every column the query names is in the index, and it doesn't see that lower(city) needs no city. (INCLUDE, which
-- Drizzle can't declare, so the index lives here only, like 0027's.)
CREATE INDEX IF NOT EXISTS "businesses_city_suggest_idx" ON "businesses" USING btree (lower("city"), lower("state"), "rating" DESC NULLS FIRST, "review_count" DESC NULLS FIRST, "id") INCLUDE ("name", "city", "state")
  WHERE "status" = 'published';
