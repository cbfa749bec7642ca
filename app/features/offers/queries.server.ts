import { and, asc, desc, eq, gte, lte, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import { businesses, businessOffers } from "~/.server/db/schema";
import { businessIdOrSlug } from "~/features/directory/queries.server";
import { offerVisibleSql, type OfferClock } from "./allowance.server";
import type { DealItem, ManagedOffer, OfferItem } from "./types";

const o = businessOffers;
const b = businesses;

const offerColumns = {
  id: o.id,
  title: o.title,
  terms: o.terms,
  code: o.code,
  startsOn: o.startsOn,
  endsOn: o.endsOn,
  firstCustomers: o.firstCustomers,
};

/** On today: begun and not ended (the site's calendar days, both ends included). */
const currentSql = (today: string) => and(lte(o.startsOn, today), gte(o.endsOn, today))!;

/**
 * A business page's current offers, inside its plan's allowance (hidden over it, never deleted). Expired ones are
 * gone by themselves: their last day is before `today`.
 */
export async function publicOffers(db: Database, businessId: string, clock: OfferClock): Promise<OfferItem[]> {
  return db
    .select(offerColumns)
    .from(o)
    .innerJoin(b, eq(b.id, o.businessId))
    .where(
      and(eq(o.businessId, businessId), eq(b.status, "published"), currentSql(clock.today), offerVisibleSql(clock)),
    )
    .orderBy(asc(o.endsOn), asc(o.createdAt), asc(o.id))
    .limit(20);
}

/** A published business's current offers by its id or slug (the API); null when no published business has it. */
export async function publishedBusinessOffers(db: Database, idOrSlug: string, clock: OfferClock) {
  const key = businessIdOrSlug(idOrSlug);
  if (!key) return null;
  const [business] = await db
    .select({ id: b.id })
    .from(b)
    .where(and(key, eq(b.status, "published")))
    .limit(1);
  return business ? publicOffers(db, business.id, clock) : null;
}

/** Every offer of a business (the newest 100), with where each stands today: its owner's page and the API. */
export async function managedOffers(db: Database, businessId: string, clock: OfferClock): Promise<ManagedOffer[]> {
  const rows = await db
    .select({ ...offerColumns, visible: sql<boolean>`${offerVisibleSql(clock)}` })
    .from(o)
    .innerJoin(b, eq(b.id, o.businessId))
    .where(eq(o.businessId, businessId))
    .orderBy(desc(o.endsOn), desc(o.createdAt))
    .limit(100);
  return rows.map(({ visible, ...offer }) => ({
    ...offer,
    state:
      offer.endsOn < clock.today
        ? "ended"
        : !visible
          ? "hidden"
          : offer.startsOn > clock.today
            ? "scheduled"
            : "current",
  }));
}

/** One offer of a business, for its owner (the ownership is checked by the caller's listing lock). */
export async function findOffer(db: Pick<Database, "select">, businessId: string, offerId: string) {
  const [row] = await db
    .select()
    .from(o)
    .where(and(eq(o.businessId, businessId), eq(o.id, offerId)))
    .limit(1);
  return row ?? null;
}

/** Where /deals measures from. */
export interface DealsOrigin {
  lat: number;
  lng: number;
}

/** Deals within this many kilometres of the place (25 miles); when there are none, the nearest anywhere. */
export const DEALS_AREA_KM = 40;
export const DEALS_PAGE_SIZE = 12;

const EARTH_RADIUS_KM = 6371;
const distanceKm = (at: DealsOrigin) =>
  sql<number | null>`(case when ${b.latitude} is null or ${b.longitude} is null then null::float8
    else ${2 * EARTH_RADIUS_KM}::float8 * asin(least(1::float8, sqrt(
      power(sin(radians(${b.latitude} - ${at.lat}::float8) / 2), 2)
      + cos(radians(${at.lat}::float8)) * cos(radians(${b.latitude})) * power(sin(radians(${b.longitude} - ${at.lng}::float8) / 2), 2)
    ))) end)`;

export interface DealsPage {
  items: DealItem[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
  /** False when nothing was within DEALS_AREA_KM of the place and the list is the nearest anywhere. */
  inArea: boolean;
}

/**
 * /deals: the current offers of published businesses, inside each one's allowance, nearest first from `origin`
 * (the typed place or the site's city; ending soonest first without one). Paged.
 */
export async function listDeals(
  db: Database,
  {
    origin,
    city = null,
    page,
    clock,
  }: {
    origin: DealsOrigin | null;
    /** The place's city name: a listing there without a position (not geocoded) is in its area too. */
    city?: string | null;
    page: number;
    clock: OfferClock;
  },
): Promise<DealsPage> {
  const base: SQL[] = [eq(b.status, "published"), currentSql(clock.today), offerVisibleSql(clock)];
  const distance = origin ? distanceKm(origin) : sql<number | null>`null::float8`;
  const run = async (where: SQL[]) => {
    const condition = and(...where);
    const [[count], rows] = await Promise.all([
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(o)
        .innerJoin(b, eq(b.id, o.businessId))
        .where(condition),
      db
        .select({
          ...offerColumns,
          businessId: b.id,
          slug: b.slug,
          name: b.name,
          city: b.city,
          neighborhood: b.neighborhood,
          distanceKm: distance,
        })
        .from(o)
        .innerJoin(b, eq(b.id, o.businessId))
        .where(condition)
        .orderBy(sql`${distance} asc nulls last`, asc(o.endsOn), asc(b.name), asc(o.id))
        .limit(DEALS_PAGE_SIZE)
        .offset((page - 1) * DEALS_PAGE_SIZE),
    ]);
    return { total: Number(count?.n ?? 0), rows };
  };
  let inArea = true;
  const unplaced = city ? sql`(${b.latitude} is null and lower(${b.city}) = ${city.trim().toLowerCase()})` : sql`false`;
  let found = await run(origin ? [...base, sql`(${distance} <= ${DEALS_AREA_KM} or ${unplaced})`] : base);
  if (origin && found.total === 0) {
    inArea = false;
    found = await run(base);
  }
  const items: DealItem[] = found.rows.map(({ businessId, slug, name, city, neighborhood, distanceKm, ...offer }) => ({
    ...offer,
    business: { id: businessId, slug, name, city, neighborhood },
    distanceKm: distanceKm === null ? null : Number(distanceKm),
  }));
  return {
    items,
    total: found.total,
    page,
    pageSize: DEALS_PAGE_SIZE,
    pageCount: Math.max(1, Math.ceil(found.total / DEALS_PAGE_SIZE)),
    inArea,
  };
}
