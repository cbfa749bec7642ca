-- Is a business open at an instant? The SQL twin of openStatus() in
-- app/features/directory/hours.ts: wall-clock time in the business's own
-- time zone; close <= open runs past midnight; a special date replaces that
-- date's weekly hours.
CREATE OR REPLACE FUNCTION near_is_open(p_business uuid, p_tz text, p_at timestamptz) RETURNS boolean
  LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
DECLARE
  local_ts timestamp := p_at AT TIME ZONE p_tz;
  local_min int := extract(hour from local_ts)::int * 60 + extract(minute from local_ts)::int;
  d date;
  o text;
  c text;
  closed boolean;
  om int;
  cm int;
BEGIN
  FOR back IN 0..1 LOOP
    d := local_ts::date - back;
    SELECT s.open_time, s.close_time, s.is_closed INTO o, c, closed
      FROM business_special_hours s WHERE s.business_id = p_business AND s.date = d;
    IF NOT FOUND THEN
      SELECT h.open_time, h.close_time, h.is_closed INTO o, c, closed
        FROM business_hours h WHERE h.business_id = p_business AND h.day = extract(dow from d)::int;
      IF NOT FOUND THEN CONTINUE; END IF;
    END IF;
    IF closed OR o IS NULL OR c IS NULL THEN CONTINUE; END IF;
    om := split_part(o, ':', 1)::int * 60 + split_part(o, ':', 2)::int;
    cm := split_part(c, ':', 1)::int * 60 + split_part(c, ':', 2)::int;
    IF cm <= om THEN cm := cm + 1440; END IF;
    IF back * 1440 + local_min >= om AND back * 1440 + local_min < cm THEN
      RETURN true;
    END IF;
  END LOOP;
  RETURN false;
END
$$;
--> statement-breakpoint
-- Live updates: every change to a business, from any writer in any process
-- on this database, is announced on the business_changes channel when its
-- transaction commits. The server relays it to browsers over SSE.
CREATE OR REPLACE FUNCTION near_notify_business_change() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  rec record;
BEGIN
  IF TG_OP = 'DELETE' THEN rec := OLD; ELSE rec := NEW; END IF;
  PERFORM pg_notify('business_changes', json_build_object('op', lower(TG_OP), 'id', rec.id, 'status', rec.status)::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER businesses_notify_change
  AFTER INSERT OR UPDATE OR DELETE ON businesses
  FOR EACH ROW EXECUTE FUNCTION near_notify_business_change();
