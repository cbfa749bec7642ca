-- The admin Plans tab's history read "Featured → Featured" after a grant: it showed the listing's plan now, not the
-- one the request moved it from. A decision records the plan the listing had then; null for a request still open
-- (the page shows the listing's plan now) and for those decided before this migration (the page shows the plan
-- asked for alone: what they moved from was not kept).
ALTER TABLE "plan_requests" ADD COLUMN IF NOT EXISTS "from_plan" text;
