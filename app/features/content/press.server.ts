import { sql } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import { queryRows } from "~/.server/db/client";

/** The press kit's figures, counted live from the database (public data only). */
export async function pressFacts(db: Database, now = new Date()) {
  const [row] = await queryRows<{
    listings: number;
    reviews: number;
    cities: number;
    events: number;
    posts: number;
  }>(
    db,
    sql`select
      (select count(*)::int from businesses where status = 'published') as listings,
      (select count(*)::int from reviews r join businesses b on b.id = r.business_id
        where r.status = 'visible' and b.status = 'published') as reviews,
      (select count(distinct (lower(city), lower(state)))::int from businesses where status = 'published') as cities,
      (select count(*)::int from events where status = 'approved' and ends_at >= ${now}) as events,
      (select count(*)::int from blog_posts where status = 'published' and published_at <= ${now}) as posts`,
  );
  return {
    listings: Number(row?.listings ?? 0),
    reviews: Number(row?.reviews ?? 0),
    cities: Number(row?.cities ?? 0),
    events: Number(row?.events ?? 0),
    posts: Number(row?.posts ?? 0),
  };
}
