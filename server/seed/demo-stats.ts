import { randomUUID } from "node:crypto";
import type { Database } from "../../app/.server/db/client";
import { listingStatDays, pageViews } from "../../app/.server/db/schema";
import { addDays, dayIn, type StatMetric } from "../../app/lib/listing-stats";

/** How many days of history the demo owner's listings get: 90 shown, and 90 before them for the change. */
const DEMO_STAT_DAYS = 180;

/** A small deterministic generator (mulberry32): the same demo every time. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Per visitor, how often each counter moves (per metric): searches show a listing far more often than it's opened. */
const PER_VIEW: Record<StatMetric, number> = {
  search_appearance: 7,
  call: 0.08,
  website: 0.14,
  directions: 0.1,
  share: 0.03,
  book: 0.05,
};

function sample(rand: () => number, mean: number) {
  // A rough Poisson-like draw: the mean, give or take, never negative.
  return Math.max(0, Math.round(mean + (rand() - 0.5) * 2 * Math.sqrt(mean + 0.25)));
}

/**
 * Gives the demo owner's published listings half a year of stats, so a newcomer opening /portal/stats sees a living
 * chart: page views (anonymous visitor ids, one page view each) with a weekly rhythm and a slow rise, and the
 * matching daily counters.
 */
export async function seedDemoStats(db: Database, businessIds: string[], timeZone: string, now = new Date()) {
  const today = dayIn(timeZone, now);
  const views: (typeof pageViews.$inferInsert)[] = [];
  const counters: (typeof listingStatDays.$inferInsert)[] = [];
  businessIds.forEach((businessId, index) => {
    const rand = random(0x5eed + index * 7919);
    const base = 6 + index * 3;
    for (let back = DEMO_STAT_DAYS - 1; back >= 0; back--) {
      const day = addDays(today, -back);
      const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
      const weekend = weekday === 0 || weekday === 6 ? 1.5 : 1;
      const trend = 0.6 + (0.8 * (DEMO_STAT_DAYS - back)) / DEMO_STAT_DAYS;
      const visitors = sample(rand, base * weekend * trend);
      // Noon-ish UTC of that day stays inside the same calendar day in any American time zone.
      for (let v = 0; v < visitors; v++) {
        const at = new Date(
          `${day}T${String(14 + Math.floor(rand() * 8)).padStart(2, "0")}:${String(Math.floor(rand() * 60)).padStart(2, "0")}:00Z`,
        );
        if (at > now) continue;
        views.push({
          path: `/business/${businessId}`,
          name: "Business",
          businessId,
          visitorId: randomUUID(),
          createdAt: at,
        });
      }
      for (const [metric, rate] of Object.entries(PER_VIEW) as [StatMetric, number][]) {
        const count = sample(rand, Math.max(visitors, 1) * rate);
        if (count > 0) counters.push({ businessId, day, metric, count });
      }
    }
  });
  for (let i = 0; i < views.length; i += 1000) await db.insert(pageViews).values(views.slice(i, i + 1000));
  for (let i = 0; i < counters.length; i += 1000)
    await db
      .insert(listingStatDays)
      .values(counters.slice(i, i + 1000))
      .onConflictDoNothing();
  return { views: views.length, counters: counters.length };
}
