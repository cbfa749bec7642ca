-- A business's rating (mean of its visible reviews, 0 with none) and
-- review_count, recomputed in the same transaction as any review insert,
-- edit, hide, restore or delete — whoever the writer is (the app, a cascade
-- from a deleted user, an admin).
--
-- Concurrency: the row is locked first (FOR NO KEY UPDATE, which does not
-- conflict with the KEY SHARE lock that inserting a review takes through its
-- foreign key, so two writers cannot deadlock), and only then is the mean
-- computed, in a new statement whose snapshot sees every review committed
-- before the lock was granted. 100 concurrent reviews give the exact mean.
CREATE OR REPLACE FUNCTION near_recompute_rating(p_business uuid) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM businesses WHERE id = p_business FOR NO KEY UPDATE;
  UPDATE businesses b SET
      rating = coalesce(s.mean, 0),
      review_count = s.n
    FROM (
      SELECT avg(r.rating)::double precision AS mean, count(*)::int AS n
      FROM reviews r WHERE r.business_id = p_business AND r.status = 'visible'
    ) s
    WHERE b.id = p_business AND (b.rating IS DISTINCT FROM coalesce(s.mean, 0) OR b.review_count IS DISTINCT FROM s.n);
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION near_review_changed() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM near_recompute_rating(OLD.business_id);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.business_id IS DISTINCT FROM OLD.business_id) THEN
    PERFORM near_recompute_rating(NEW.business_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER reviews_recompute_rating
  AFTER INSERT OR DELETE OR UPDATE OF rating, status, business_id ON reviews
  FOR EACH ROW EXECUTE FUNCTION near_review_changed();
