-- Recompute open_minutes once per statement (not once per hours row): saving
-- a week of hours, or seeding a city, touches each business once.
DROP TRIGGER IF EXISTS business_hours_refresh_open_minutes ON business_hours;
--> statement-breakpoint
DROP FUNCTION IF EXISTS near_refresh_open_minutes();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION near_refresh_open_minutes_for(p_ids uuid[]) RETURNS void
  LANGUAGE sql AS $$
  UPDATE businesses b SET open_minutes = c.minutes
  FROM (SELECT id, near_compute_open_minutes(id) AS minutes FROM unnest(p_ids) AS id) c
  WHERE b.id = c.id AND b.open_minutes IS DISTINCT FROM c.minutes
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION near_hours_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM near_refresh_open_minutes_for(ARRAY(SELECT DISTINCT business_id FROM new_rows));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION near_hours_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM near_refresh_open_minutes_for(ARRAY(SELECT DISTINCT business_id FROM old_rows));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION near_hours_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM near_refresh_open_minutes_for(ARRAY(
    SELECT business_id FROM new_rows UNION SELECT business_id FROM old_rows));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER business_hours_inserted AFTER INSERT ON business_hours
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION near_hours_inserted();
--> statement-breakpoint
CREATE TRIGGER business_hours_deleted AFTER DELETE ON business_hours
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION near_hours_deleted();
--> statement-breakpoint
CREATE TRIGGER business_hours_updated AFTER UPDATE ON business_hours
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION near_hours_updated();
