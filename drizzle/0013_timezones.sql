-- Keeps business_timezones (the distinct zones of the businesses) up to date.
CREATE OR REPLACE FUNCTION near_collect_timezone() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO business_timezones (timezone) VALUES (NEW.timezone) ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER businesses_collect_timezone
  AFTER INSERT OR UPDATE OF timezone ON businesses
  FOR EACH ROW EXECUTE FUNCTION near_collect_timezone();
--> statement-breakpoint
INSERT INTO business_timezones (timezone) SELECT DISTINCT timezone FROM businesses ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The local minute of the week in every zone at an instant, as {"zone": minute}.
-- Called once per query (as an InitPlan), then looked up per row.
CREATE OR REPLACE FUNCTION near_local_mows(p_at timestamptz) RETURNS jsonb
  LANGUAGE sql STABLE AS $$
  SELECT coalesce(jsonb_object_agg(timezone, near_local_mow(timezone, p_at)), '{}'::jsonb) FROM business_timezones
$$;
