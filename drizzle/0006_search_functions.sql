-- The local minute of the week (0 = Sunday 00:00) in a time zone at an instant.
CREATE OR REPLACE FUNCTION near_local_mow(p_tz text, p_at timestamptz) RETURNS int
  LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT (extract(dow FROM p_at AT TIME ZONE p_tz)::int * 1440
        + extract(hour FROM p_at AT TIME ZONE p_tz)::int * 60
        + extract(minute FROM p_at AT TIME ZONE p_tz)::int)
$$;
--> statement-breakpoint
-- A business's weekly hours as one multirange of local minutes of the week.
-- Past-midnight hours run into the next day; Saturday night wraps to Sunday.
CREATE OR REPLACE FUNCTION near_compute_open_minutes(p_business uuid) RETURNS int4multirange
  LANGUAGE sql STABLE AS $$
  WITH spans AS (
    SELECT h.day * 1440 + split_part(h.open_time, ':', 1)::int * 60 + split_part(h.open_time, ':', 2)::int AS s,
           h.day * 1440 + split_part(h.close_time, ':', 1)::int * 60 + split_part(h.close_time, ':', 2)::int AS e
    FROM business_hours h
    WHERE h.business_id = p_business AND NOT h.is_closed AND h.open_time IS NOT NULL AND h.close_time IS NOT NULL
  ), fixed AS (
    SELECT s, CASE WHEN e <= s THEN e + 1440 ELSE e END AS e FROM spans
  ), pieces AS (
    SELECT int4range(s, least(e, 10080)) AS r FROM fixed
    UNION ALL
    SELECT int4range(0, e - 10080) FROM fixed WHERE e > 10080
  )
  SELECT coalesce(range_agg(r), '{}'::int4multirange) FROM pieces
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION near_refresh_open_minutes() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  target uuid;
BEGIN
  IF TG_OP = 'DELETE' THEN target := OLD.business_id; ELSE target := NEW.business_id; END IF;
  UPDATE businesses SET open_minutes = near_compute_open_minutes(target)
    WHERE id = target AND open_minutes IS DISTINCT FROM near_compute_open_minutes(target);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER business_hours_refresh_open_minutes
  AFTER INSERT OR UPDATE OR DELETE ON business_hours
  FOR EACH ROW EXECUTE FUNCTION near_refresh_open_minutes();
--> statement-breakpoint
-- Keeps the typo-correction dictionary (search_words) up to date.
CREATE OR REPLACE FUNCTION near_collect_search_words() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT w FROM regexp_split_to_table(
      lower(NEW.name || ' ' || coalesce(NEW.cuisine, '') || ' ' || coalesce(NEW.subcategory, '') || ' ' ||
            near_array_text(NEW.categories) || ' ' || near_array_text(NEW.features)), '[^a-z0-9]+') AS w
    WHERE length(w) >= 3
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER businesses_collect_search_words
  AFTER INSERT OR UPDATE OF name, cuisine, subcategory, categories, features ON businesses
  FOR EACH ROW EXECUTE FUNCTION near_collect_search_words();
--> statement-breakpoint
UPDATE businesses SET open_minutes = near_compute_open_minutes(id);
--> statement-breakpoint
INSERT INTO search_words (word)
  SELECT DISTINCT w FROM businesses b, regexp_split_to_table(
    lower(b.name || ' ' || coalesce(b.cuisine, '') || ' ' || coalesce(b.subcategory, '') || ' ' ||
          near_array_text(b.categories) || ' ' || near_array_text(b.features)), '[^a-z0-9]+') AS w
  WHERE length(w) >= 3
ON CONFLICT DO NOTHING;
