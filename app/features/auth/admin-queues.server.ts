import { sql } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import { queryRows } from "~/.server/db/client";

export interface AdminQueueCounts {
  pendingListings: number;
  reportedReviews: number;
  openClaims: number;
  upgradeRequests: number;
}

/**
 * What waits for an admin (the dashboard's moderation queue): listings
 * pending review, reviews with an open report, open ownership claims and open
 * upgrade requests — one round trip, straight from the database.
 */
export async function adminQueueCounts(db: Database): Promise<AdminQueueCounts> {
  const [row] = await queryRows<{ listings: number; reviews: number; claims: number; plans: number }>(
    db,
    sql`select
      (select count(*)::int from businesses where status = 'pending') as listings,
      (select count(distinct review_id)::int from review_reports where status = 'open') as reviews,
      (select count(*)::int from listing_claims where status = 'open') as claims,
      (select count(*)::int from plan_requests where status = 'open') as plans`,
  );
  return {
    pendingListings: Number(row?.listings ?? 0),
    reportedReviews: Number(row?.reviews ?? 0),
    openClaims: Number(row?.claims ?? 0),
    upgradeRequests: Number(row?.plans ?? 0),
  };
}
