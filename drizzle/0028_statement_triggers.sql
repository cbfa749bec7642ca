-- Bulk writes (the import: 500 listings a statement) paid for every row: a
-- plpgsql call and an INSERT … ON CONFLICT into search_words per row, and
-- one into business_timezones per row. The same work, once per statement,
-- over the transition tables; a single-row write (the listing form) gets
-- exactly what it got before.
DROP TRIGGER IF EXISTS businesses_collect_search_words ON businesses;
--> statement-breakpoint
DROP TRIGGER IF EXISTS businesses_collect_timezone ON businesses;
--> statement-breakpoint
DROP FUNCTION IF EXISTS near_collect_search_words();
--> statement-breakpoint
DROP FUNCTION IF EXISTS near_collect_timezone();
--> statement-breakpoint
-- The typo-correction dictionary (search_words) and the zones in use (business_timezones) for new listings.
CREATE OR REPLACE FUNCTION near_businesses_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT w FROM new_rows b, regexp_split_to_table(
      lower(b.name || ' ' || coalesce(b.cuisine, '') || ' ' || coalesce(b.subcategory, '') || ' ' ||
            near_array_text(b.categories) || ' ' || near_array_text(b.features)), '[^a-z0-9]+') AS w
    WHERE length(w) >= 3
  ON CONFLICT DO NOTHING;
  INSERT INTO business_timezones (timezone) SELECT DISTINCT timezone FROM new_rows ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Updated listings: only those whose words or zone changed (a rating or open-minutes update touches neither).
CREATE OR REPLACE FUNCTION near_businesses_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT w FROM new_rows b JOIN old_rows o ON o.id = b.id, regexp_split_to_table(
      lower(b.name || ' ' || coalesce(b.cuisine, '') || ' ' || coalesce(b.subcategory, '') || ' ' ||
            near_array_text(b.categories) || ' ' || near_array_text(b.features)), '[^a-z0-9]+') AS w
    WHERE length(w) >= 3
      AND (b.name, b.cuisine, b.subcategory, b.categories, b.features)
          IS DISTINCT FROM (o.name, o.cuisine, o.subcategory, o.categories, o.features)
  ON CONFLICT DO NOTHING;
  INSERT INTO business_timezones (timezone)
    SELECT DISTINCT b.timezone FROM new_rows b JOIN old_rows o ON o.id = b.id WHERE b.timezone <> o.timezone
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER businesses_inserted AFTER INSERT ON businesses
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION near_businesses_inserted();
--> statement-breakpoint
CREATE TRIGGER businesses_updated AFTER UPDATE ON businesses
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION near_businesses_updated();
