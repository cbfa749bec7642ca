import { and, asc, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import { businesses, eventRsvps, events } from "~/.server/db/schema";
import type { EventStatus } from "~/lib/catalogue";
import type { EventFilters } from "./filters";
import { zonedToInstant } from "./time";
import type { EventItem } from "./types";

const e = events;

function columns(userId: string | null) {
  return {
    id: e.id,
    title: e.title,
    description: e.description,
    startsAt: e.startsAt,
    endsAt: e.endsAt,
    venue: e.venue,
    city: e.city,
    citySlug: e.citySlug,
    category: e.category,
    imageUrl: e.imageUrl,
    status: e.status,
    businessId: businesses.id,
    businessSlug: businesses.slug,
    businessName: businesses.name,
    rsvpCount: sql<number>`(select count(*)::int from ${eventRsvps} r where r.event_id = ${e.id})`,
    going: userId
      ? sql<boolean>`exists (select 1 from ${eventRsvps} r where r.event_id = ${e.id} and r.user_id = ${userId})`
      : sql<boolean>`false`,
  };
}

function toItem(row: Row): EventItem {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    venue: row.venue,
    city: row.city,
    citySlug: row.citySlug,
    category: row.category,
    imageUrl: row.imageUrl,
    status: row.status,
    business:
      row.businessId && row.businessSlug && row.businessName
        ? { id: row.businessId, slug: row.businessSlug, name: row.businessName }
        : null,
    rsvpCount: Number(row.rsvpCount),
    going: Boolean(row.going),
  };
}

type Row = Awaited<ReturnType<typeof select>>[number];

/** Events joined with their host business when that business is public. */
function select(db: Database, userId: string | null) {
  return db
    .select(columns(userId))
    .from(e)
    .leftJoin(businesses, and(eq(businesses.id, e.businessId), eq(businesses.status, "published")));
}

function nextDay(date: string) {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * /events: approved events that have not ended, soonest first, filtered by
 * city, category and a date range (the site's calendar days, both ends
 * included: an event counts when it overlaps the range).
 */
export async function listUpcomingEvents(
  db: Database,
  filters: EventFilters,
  { userId = null, timeZone, now = new Date() }: { userId?: string | null; timeZone: string; now?: Date },
): Promise<{ items: EventItem[]; hasMore: boolean; total: number }> {
  const conditions: SQL[] = [eq(e.status, "approved"), gte(e.endsAt, now)];
  if (filters.city !== "all") conditions.push(eq(e.citySlug, filters.city));
  if (filters.category !== "all") conditions.push(sql`${e.category} = ${filters.category}`);
  if (filters.from) conditions.push(gte(e.endsAt, zonedToInstant(filters.from, "00:00", timeZone)));
  if (filters.to) conditions.push(lt(e.startsAt, zonedToInstant(nextDay(filters.to), "00:00", timeZone)));
  const where = and(...conditions);
  const [rows, [count]] = await Promise.all([
    select(db, userId).where(where).orderBy(asc(e.startsAt), asc(e.id)).limit(filters.show),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(e)
      .where(where),
  ]);
  const total = Number(count?.n ?? 0);
  return { items: rows.map(toItem), hasMore: total > rows.length, total };
}

/** The cities of upcoming approved events, for the City filter. */
export async function upcomingEventCities(db: Database, now = new Date()) {
  return db
    .selectDistinct({ slug: e.citySlug, name: e.city })
    .from(e)
    .where(and(eq(e.status, "approved"), gte(e.endsAt, now)))
    .orderBy(asc(e.citySlug));
}

/** A business page's upcoming approved events. */
export async function businessEvents(db: Database, businessId: string, userId: string | null, now = new Date()) {
  const rows = await select(db, userId)
    .where(and(eq(e.businessId, businessId), eq(e.status, "approved"), gte(e.endsAt, now)))
    .orderBy(asc(e.startsAt))
    .limit(10);
  return rows.map(toItem);
}

/** What a user submitted, every status, newest first (their portal). */
export async function eventsSubmittedBy(db: Database, userId: string) {
  const rows = await select(db, userId).where(eq(e.submittedBy, userId)).orderBy(desc(e.createdAt)).limit(50);
  return rows.map(toItem);
}

/** The upcoming events a user RSVPed to (their portal). */
export async function eventsGoing(db: Database, userId: string, now = new Date()) {
  const rows = await select(db, userId)
    .innerJoin(eventRsvps, and(eq(eventRsvps.eventId, e.id), eq(eventRsvps.userId, userId)))
    .where(and(eq(e.status, "approved"), gte(e.endsAt, now)))
    .orderBy(asc(e.startsAt))
    .limit(50);
  return rows.map(toItem);
}

/** Admin: events by status (pending first in the UI), soonest first; with the submitter's email. */
export async function eventsForModeration(db: Database, status: EventStatus, now = new Date()) {
  const rows = await select(db, null)
    .where(status === "approved" ? and(eq(e.status, status), gte(e.endsAt, now)) : eq(e.status, status))
    .orderBy(asc(e.startsAt))
    .limit(100);
  const counts = await db
    .select({ status: e.status, n: sql<number>`count(*)::int` })
    .from(e)
    .where(sql`${e.status} <> 'approved' or ${e.endsAt} >= ${now}`)
    .groupBy(e.status);
  const count = (s: EventStatus) => Number(counts.find((c) => c.status === s)?.n ?? 0);
  return {
    items: rows.map(toItem),
    counts: { pending: count("pending"), approved: count("approved"), rejected: count("rejected") },
  };
}

/** The businesses a user may name as an event's host: their own (admins: none listed, they can host any by id). */
export async function hostableBusinesses(db: Database, userId: string) {
  return db
    .select({ id: businesses.id, name: businesses.name })
    .from(businesses)
    .where(eq(businesses.ownerId, userId))
    .orderBy(asc(businesses.name))
    .limit(50);
}
