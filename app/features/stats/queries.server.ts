import { and, eq, gte, lte, sql } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import { businesses, listingStatDays, pageViews } from "~/.server/db/schema";
import type { SessionUser } from "~/features/auth/session.server";
import { managesBusiness } from "~/features/listings/access.server";
import { AppError } from "~/lib/app-error";
import { isUuid } from "~/lib/ids";
import { addDays, dayIn, STAT_METRICS, type StatPeriod } from "~/lib/listing-stats";
import type { ListingStats, StatDay, StatKey, StatTotal } from "./types";

/** The change from `previous` to `current` in whole percent; null when there was nothing before. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 100);
}

function total(current: number, previous: number): StatTotal {
  return { current, previous, change: percentChange(current, previous) };
}

/**
 * One listing's stats for the last `days` days (today included, in the site's time zone) and the `days` before:
 * a per-day series (views, search appearances, clicks) and each metric's totals with the change. Only the
 * listing's owner (a business account) or an admin may read them; for anyone else the listing doesn't exist
 * (not_found), whether it does or not.
 */
export async function listingStats(
  db: Database,
  user: Pick<SessionUser, "id" | "isAdmin" | "type">,
  businessId: string,
  days: StatPeriod,
  timeZone: string,
  now: Date = new Date(),
): Promise<ListingStats> {
  const notFound = new AppError("not_found", "No listing with that id.");
  if (!isUuid(businessId) || (!user.isAdmin && user.type !== "business")) throw notFound;
  const [business] = await db
    .select({
      id: businesses.id,
      slug: businesses.slug,
      name: businesses.name,
      status: businesses.status,
      ownerId: businesses.ownerId,
    })
    .from(businesses)
    .where(
      user.isAdmin
        ? eq(businesses.id, businessId)
        : and(eq(businesses.id, businessId), eq(businesses.ownerId, user.id)),
    )
    .limit(1);
  if (!business || !managesBusiness(user, business.ownerId)) throw notFound;

  const to = dayIn(timeZone, now);
  const from = addDays(to, -(days - 1));
  const previousTo = addDays(from, -1);
  const previousFrom = addDays(from, -days);

  // Distinct visitors per site day, from the first moment of previousFrom to the end of today (time zone aware).
  const localDay = sql<string>`to_char((${pageViews.createdAt} at time zone ${timeZone})::date, 'YYYY-MM-DD')`;
  const [viewRows, counterRows] = await Promise.all([
    db
      .select({ day: localDay, n: sql<number>`count(distinct ${pageViews.visitorId})::int` })
      .from(pageViews)
      .where(
        and(
          eq(pageViews.businessId, business.id),
          gte(pageViews.createdAt, sql`(${previousFrom}::date)::timestamp at time zone ${timeZone}`),
          sql`${pageViews.createdAt} < (${addDays(to, 1)}::date)::timestamp at time zone ${timeZone}`,
        ),
      )
      // By position: the time zone is a parameter, so the select's expression and a repeated one wouldn't match.
      .groupBy(sql`1`),
    db
      .select({
        day: listingStatDays.day,
        metric: listingStatDays.metric,
        n: sql<number>`sum(${listingStatDays.count})::int`,
      })
      .from(listingStatDays)
      .where(
        and(
          eq(listingStatDays.businessId, business.id),
          gte(listingStatDays.day, previousFrom),
          lte(listingStatDays.day, to),
        ),
      )
      .groupBy(listingStatDays.day, listingStatDays.metric),
  ]);

  const keys: StatKey[] = ["views", ...STAT_METRICS];
  const sums = { current: {} as Record<StatKey, number>, previous: {} as Record<StatKey, number> };
  for (const k of keys) sums.current[k] = sums.previous[k] = 0;
  const byDay = new Map<string, StatDay>();
  for (let i = 0; i < days; i++) {
    const day = addDays(from, i);
    byDay.set(day, { day, views: 0, searchAppearances: 0, clicks: 0 });
  }
  const add = (day: string, key: StatKey, n: number) => {
    const side = day >= from ? sums.current : sums.previous;
    side[key] += n;
    const point = byDay.get(day);
    if (!point) return;
    if (key === "views") point.views += n;
    else if (key === "search_appearance") point.searchAppearances += n;
    else point.clicks += n;
  };
  for (const r of viewRows) add(r.day, "views", Number(r.n));
  for (const r of counterRows) add(r.day, r.metric, Number(r.n));

  return {
    business: { id: business.id, slug: business.slug, name: business.name, status: business.status },
    days,
    from,
    to,
    previousFrom,
    previousTo,
    timeZone,
    series: [...byDay.values()],
    totals: Object.fromEntries(keys.map((k) => [k, total(sums.current[k], sums.previous[k])])) as Record<
      StatKey,
      StatTotal
    >,
  };
}
