import { and, asc, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import { queryRows } from "~/.server/db/client";
import { businesses, businessHours, businessImages, businessSpecialHours, reviews } from "~/.server/db/schema";
import { PLAN_ALLOWANCES } from "~/lib/catalogue";
import { imageSources } from "~/lib/images";
import { localWeekday, openStatus, type SpecialHours, type WeeklyHours } from "./hours";
import type { SearchParams } from "./search-params";
import type { BusinessCard, BusinessDetail, ImageSource, ReviewItem, SearchOrigin, SearchResult } from "./types";
import { isUuid } from "~/lib/ids";
import { searchTerms, type SearchTerm } from "~/lib/spellings";

/**
 * Reads of the public directory. Only published listings are ever returned.
 * Every filter and order here is served by an index in schema.ts; the text
 * expressions below must stay identical to the index expressions.
 */

const b = businesses;

/**
 * Builds the tsquery text: every term must match, as a prefix ("piz" finds
 * pizza), through another spelling of it ("wifi" finds "Wi-Fi", see
 * app/lib/spellings.ts) or through a close spelling from the dictionary
 * ("cofee" → coffee). A spelling of several words is a phrase (`wi:* <-> fi:*`).
 * Words are [a-z0-9]+ only, so nothing here can inject tsquery syntax.
 */
export function toTsQueryText(terms: SearchTerm[], corrections: Map<string, string[]>): string | null {
  if (!terms.length) return null;
  return terms
    .map((term) => {
      const options = term.alternatives.map((phrase) => phrase.map((w) => `${w}:*`).join(" <-> "));
      if (!term.expanded) options.push(...(corrections.get(term.text) ?? []));
      return `(${options.join(" | ")})`;
    })
    .join(" & ");
}

/** Escapes LIKE wildcards so a user's "%" or "_" matches itself. */
function likePattern(q: string) {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Typo tolerance: for each query word that no indexed word starts with, the
 * closest dictionary words by trigram similarity (pg_trgm's `%`).
 */
async function spellingCorrections(db: Database, terms: SearchTerm[]) {
  const corrections = new Map<string, string[]>();
  const candidates = terms.filter((t) => !t.expanded && t.text.length >= 3).map((t) => t.text);
  if (!candidates.length) return corrections;
  const rows = await queryRows<{ input: string; word: string }>(
    db,
    sql`select q.input, s.word
        from unnest(string_to_array(${candidates.join(" ")}, ' ')) as q(input)
        cross join lateral (
          select w.word from search_words w
          where not exists (select 1 from search_words p where p.word like q.input || '%')
            and w.word % q.input
          order by similarity(w.word, q.input) desc, w.word
          limit 3
        ) s`,
  );
  for (const row of rows) corrections.set(row.input, [...(corrections.get(row.input) ?? []), row.word]);
  return corrections;
}

async function textMatch(db: Database, q: string): Promise<{ where: SQL; rank: SQL }> {
  const terms = searchTerms(q);
  const tsText = toTsQueryText(terms, await spellingCorrections(db, terms));
  const pattern = likePattern(q);
  const tsQuery = tsText ? sql`to_tsquery('english', ${tsText})` : null;
  const where = sql`(
    ${tsQuery ? sql`${b.searchVector} @@ ${tsQuery} or` : sql``}
    lower(${b.name}) like ${pattern}
    or lower(coalesce(${b.description}, '')) like ${pattern}
  )`;
  // Name matches first: the name is weight A in the vector, and a literal name hit adds a full point.
  const rank = sql`(
    ${tsQuery ? sql`ts_rank(${b.searchVector}, ${tsQuery}) +` : sql``}
    case when lower(${b.name}) like ${pattern} then 1 else 0 end
  )`;
  return { where, rank };
}

/**
 * "Open Now" in each business's own time zone: one multirange containment
 * test on the weekly hours, against the current minute of the week computed
 * once per zone per query (near_local_mows); the few businesses with a
 * special date around today go through the exact near_is_open().
 */
const openNow = sql`(case
  when ${b.id} in (select business_id from business_special_hours where date between current_date - 2 and current_date + 2)
    then near_is_open(${b.id}, ${b.timezone}, now())
  else coalesce(${b.openMinutes} @> ((select near_local_mows(now())) ->> ${b.timezone})::int, false)
end)`;

/**
 * "Near me" (docs/maps.md): distances on the earth with cube + earthdistance. A listing's point is
 * ll_to_earth(latitude, longitude), exactly the expression of businesses_earth_idx (GiST, published
 * listings with coordinates): the radius is an indexed box test (earth_box @>) and then the exact
 * great-circle distance; "Nearest" is a nearest-neighbour walk of the same index (cube's <->, the
 * straight-line distance through the earth, which orders exactly like the distance along it).
 */
const METRES_PER_MILE = 1609.344;
const listingPoint = sql`ll_to_earth(${b.latitude}, ${b.longitude})`;
const originPoint = (o: SearchOrigin) => sql`ll_to_earth(${o.lat}::float8, ${o.lng}::float8)`;
const hasPoint = [sql`${b.latitude} is not null`, sql`${b.longitude} is not null`];

const ZIP_RE = /^(\d{5})(?:-\d{4})?$/;

/**
 * A typed place (?near=) from the listings' own addresses, with no network service: a ZIP code is
 * the centre of the published listings with that ZIP code; anything else a city ("Springfield",
 * "Springfield, IL"), the centre of its published listings. Null when no listing with coordinates matches.
 */
export async function resolvePlace(db: Database, text: string): Promise<Omit<SearchOrigin, "radius"> | null> {
  const place = text.trim();
  const zip = ZIP_RE.exec(place)?.[1];
  let match: SQL;
  if (zip) match = eq(b.zip, zip);
  else {
    const [city = "", state] = place.split(",").map((p) => p.trim().toLowerCase());
    if (!city) return null;
    match = state
      ? and(sql`lower(${b.city}) = ${city}`, sql`lower(${b.state}) = ${state}`)!
      : sql`lower(${b.city}) = ${city}`;
  }
  const [row] = await db
    .select({
      lat: sql<number | null>`avg(${b.latitude})`,
      lng: sql<number | null>`avg(${b.longitude})`,
      city: sql<string | null>`min(${b.city})`,
      state: sql<string | null>`min(${b.state})`,
    })
    .from(b)
    .where(and(eq(b.status, "published"), match, ...hasPoint));
  if (!row || row.lat === null || row.lng === null) return null;
  return {
    lat: Number(row.lat),
    lng: Number(row.lng),
    label: zip ? `ZIP ${zip}` : `${row.city}, ${row.state}`,
  };
}

async function filters(
  db: Database,
  params: SearchParams,
  origin: SearchOrigin | null = null,
): Promise<{ where: SQL; rank: SQL | null }> {
  const conditions: SQL[] = [eq(b.status, "published")];
  let rank: SQL | null = null;
  if (params.q) {
    const match = await textMatch(db, params.q);
    conditions.push(match.where);
    rank = match.rank;
  }
  if (params.category) conditions.push(eq(b.category, params.category));
  // Restaurants have a cuisine, the others a subcategory: one indexed expression (businesses_status_kind_idx).
  if (params.kind) conditions.push(sql`coalesce(${b.cuisine}, ${b.subcategory}) = ${params.kind}`);
  if (params.rating) conditions.push(sql`${b.rating} >= ${params.rating}`);
  if (params.price?.length) conditions.push(inArray(b.priceRange, params.price));
  if (params.open) conditions.push(openNow);
  if (params.age) conditions.push(sql`${b.ageGroups} @> array[${params.age}]::text[]`);
  if (params.bbox) {
    // The map's "Search this area" (docs/maps.md); listings without coordinates are outside every box.
    const [west, south, east, north] = params.bbox;
    conditions.push(sql`${b.latitude} between ${south} and ${north}`, sql`${b.longitude} between ${west} and ${east}`);
  }
  if (origin && (origin.radius || params.sort === "distance")) {
    // Only listings with a position (and the partial index's own predicate, so the planner can use it).
    conditions.push(...hasPoint);
    if (origin.radius) {
      const metres = origin.radius * METRES_PER_MILE;
      conditions.push(
        sql`earth_box(${originPoint(origin)}, ${metres}::float8) @> ${listingPoint}`,
        sql`earth_distance(${originPoint(origin)}, ${listingPoint}) <= ${metres}::float8`,
      );
    }
  }
  if (params.features?.length)
    conditions.push(
      sql`${b.features} @> array[${sql.join(
        params.features.map((f) => sql`${f}`),
        sql`, `,
      )}]::text[]`,
    );
  return { where: and(...conditions)!, rank };
}

const premiumFirst = sql`(${b.plan} = 'premium') desc`;

/**
 * The sort. `scanAll` is set when the filter visits every match anyway (text
 * or open-now, counted in the same pass): then walking a sort index row by
 * row is the slow plan, so the leading key is written as an expression
 * (`rating + 0`) that no index matches, and PostgreSQL takes the matches from
 * their own indexes and keeps the top 20 (3× faster at 100,000 listings).
 */
function orderBy(params: SearchParams, rank: SQL | null, scanAll: boolean, origin: SearchOrigin | null = null): SQL[] {
  const lead = (column: typeof b.rating | typeof b.reviewCount | typeof b.createdAt, zero = sql`0`) =>
    scanAll ? sql`(${column} + ${zero}) desc` : desc(column);
  switch (params.sort) {
    case "distance":
      if (origin) return [sql`${listingPoint} <-> ${originPoint(origin)}`, asc(b.id)];
      return [lead(b.rating), desc(b.reviewCount), asc(b.id)];
    case "rating":
      return [lead(b.rating), desc(b.reviewCount), asc(b.id)];
    case "reviews":
      return [lead(b.reviewCount), desc(b.rating), asc(b.id)];
    case "newest":
      return [lead(b.createdAt, sql`interval '0'`), asc(b.id)];
    default:
      // Best match; with no text, the best rated first. The category pages put Premium listings first
      // among equal matches (with no text every match is equal): a sort over the filter's matches.
      if (params.premiumFirst)
        return rank
          ? [sql`${rank} desc`, premiumFirst, desc(b.rating), asc(b.id)]
          : [premiumFirst, sql`(${b.rating} + 0) desc`, desc(b.reviewCount), asc(b.id)];
      return rank ? [sql`${rank} desc`, desc(b.rating), asc(b.id)] : [lead(b.rating), desc(b.reviewCount), asc(b.id)];
  }
}

const cardColumns = {
  id: b.id,
  slug: b.slug,
  name: b.name,
  category: b.category,
  cuisine: b.cuisine,
  subcategory: b.subcategory,
  description: b.description,
  address: b.address,
  city: b.city,
  state: b.state,
  zip: b.zip,
  priceRange: b.priceRange,
  features: b.features,
  categories: b.categories,
  rating: b.rating,
  reviewCount: b.reviewCount,
  plan: b.plan,
  ageGroups: b.ageGroups,
  latitude: b.latitude,
  longitude: b.longitude,
  timezone: b.timezone,
};

type CardRow = Pick<typeof businesses.$inferSelect, keyof typeof cardColumns> & { distance?: number | null };

/** Cover images, hours and special dates for a page of businesses (three indexed queries, no N+1). */
async function toCards(db: Database, rows: CardRow[], now: Date): Promise<BusinessCard[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [covers, hours, special] = await Promise.all([
    db
      .select()
      .from(businessImages)
      .where(and(inArray(businessImages.businessId, ids), eq(businessImages.position, 0))),
    db.select().from(businessHours).where(inArray(businessHours.businessId, ids)),
    db
      .select()
      .from(businessSpecialHours)
      .where(
        and(
          inArray(businessSpecialHours.businessId, ids),
          sql`${businessSpecialHours.date} between current_date - 1 and current_date + 8`,
        ),
      ),
  ]);
  return rows.map(({ timezone, distance, ...row }) => {
    const cover = covers.find((c) => c.businessId === row.id);
    return {
      ...row,
      ...(distance !== undefined ? { distanceMiles: distance === null ? null : Number(distance) } : {}),
      rating: Number(row.rating),
      image: cover ? toImageSource(cover) : null,
      openStatus: openStatus(
        {
          timezone,
          hours: hours.filter((h) => h.businessId === row.id).map(toWeeklyHours),
          specialHours: special.filter((s) => s.businessId === row.id).map(toSpecialHours),
        },
        now,
      ),
    };
  });
}

export function toImageSource(image: typeof businessImages.$inferSelect): ImageSource {
  return { ...imageSources(image), alt: image.alt };
}

function toWeeklyHours(h: typeof businessHours.$inferSelect): WeeklyHours {
  return { day: h.day, open: h.openTime, close: h.closeTime, isClosed: h.isClosed };
}

function toSpecialHours(s: typeof businessSpecialHours.$inferSelect): SpecialHours {
  return { date: s.date, open: s.openTime, close: s.closeTime, isClosed: s.isClosed, note: s.note };
}

/** Where a search measures from: the browser's position, or the typed place (undefined: a place we don't know). */
async function searchOrigin(db: Database, params: SearchParams): Promise<SearchOrigin | null | undefined> {
  const radius = params.radius ?? null;
  if (params.lat !== undefined && params.lng !== undefined)
    return { lat: params.lat, lng: params.lng, label: null, radius };
  if (!params.near) return null;
  const place = await resolvePlace(db, params.near);
  return place ? { ...place, radius } : undefined;
}

export async function searchBusinesses(db: Database, params: SearchParams, now = new Date()): Promise<SearchResult> {
  const found = await searchOrigin(db, params);
  const origin = found ?? null;
  // An unknown place: the search runs without a position (and without the distance sort), and says so.
  if (found === undefined && params.sort === "distance") params = { ...params, sort: undefined };
  const { where, rank } = await filters(db, params, origin);
  const offset = (params.page - 1) * params.pageSize;
  const columns = {
    ...cardColumns,
    ...(origin
      ? { distance: sql<number | null>`earth_distance(${originPoint(origin)}, ${listingPoint}) / ${METRES_PER_MILE}` }
      : {}),
  };
  const withCount = () =>
    db
      .select({ ...columns, total: sql<number>`count(*) over ()` })
      .from(b)
      .where(where)
      .orderBy(...orderBy(params, rank, true, origin))
      .limit(params.pageSize)
      .offset(offset);
  const count = async () => {
    const [row] = await db
      .select({ total: sql<number>`count(*)::int` })
      .from(b)
      .where(where);
    return Number(row?.total ?? 0);
  };
  let rows: CardRow[];
  let total: number;
  if (rank || params.open) {
    // Text and open-now filters visit every match anyway (to rank, or to test the hours):
    // one pass that also counts beats a second pass for the count.
    const counted = await withCount();
    rows = counted.map(({ total: _total, ...row }) => row);
    total = counted.length ? Number(counted[0]!.total) : offset > 0 ? await count() : 0;
  } else {
    // Indexed filters: walk the sort index for one page, count with an index-only scan.
    [rows, total] = await Promise.all([
      db
        .select(columns)
        .from(b)
        .where(where)
        .orderBy(...orderBy(params, rank, false, origin))
        .limit(params.pageSize)
        .offset(offset),
      count(),
    ]);
  }
  return {
    ...(params.lat !== undefined || params.near ? { origin } : {}),
    ...(found === undefined && params.near ? { unknownPlace: params.near } : {}),
    items: await toCards(db, rows, now),
    total,
    page: params.page,
    pageSize: params.pageSize,
    pageCount: Math.max(1, Math.ceil(total / params.pageSize)),
  };
}

const SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The WHERE condition for a business named by a URL's id: its UUID or its
 * slug. Anything else (a NUL, any text that can't be a slug) is null — the
 * caller's 404 — and never reaches the uuid column (a database error, a 500).
 */
export function businessIdOrSlug(idOrSlug: string): SQL | null {
  if (isUuid(idOrSlug)) return eq(b.id, idOrSlug.toLowerCase());
  if (SLUG_RE.test(idOrSlug) && idOrSlug.length <= 120) return eq(b.slug, idOrSlug);
  return null;
}

/** A published business by id (or slug), with everything its page shows; null when unknown or not public. */
export async function getPublishedBusiness(
  db: Database,
  idOrSlug: string,
  {
    now = new Date(),
    reviews: withReviews = true,
    viewer = null,
  }: {
    now?: Date;
    reviews?: boolean;
    /** Who asks: a listing that isn't public (pending, rejected, suspended) is visible to its owner and to admins. */
    viewer?: { id: string; isAdmin: boolean } | null;
  } = {},
): Promise<BusinessDetail | null> {
  const key = businessIdOrSlug(idOrSlug);
  if (!key) return null;
  const visible = viewer?.isAdmin
    ? undefined
    : viewer
      ? or(eq(b.status, "published"), eq(b.ownerId, viewer.id))
      : eq(b.status, "published");
  const [row] = await db.select().from(b).where(and(key, visible)).limit(1);
  if (!row) return null;
  const [images, hours, special, reviewRows] = await Promise.all([
    db.select().from(businessImages).where(eq(businessImages.businessId, row.id)).orderBy(asc(businessImages.position)),
    db.select().from(businessHours).where(eq(businessHours.businessId, row.id)).orderBy(asc(businessHours.day)),
    db
      .select()
      .from(businessSpecialHours)
      .where(and(eq(businessSpecialHours.businessId, row.id), sql`${businessSpecialHours.date} >= current_date - 1`))
      .orderBy(asc(businessSpecialHours.date))
      .limit(20),
    // The newest 50 visible reviews, for API clients; the page pages through them itself.
    withReviews
      ? db
          .select({
            id: reviews.id,
            author: reviews.author,
            content: reviews.content,
            rating: reviews.rating,
            createdAt: reviews.createdAt,
          })
          .from(reviews)
          .where(and(eq(reviews.businessId, row.id), eq(reviews.status, "visible")))
          .orderBy(desc(reviews.createdAt))
          .limit(50)
      : Promise.resolve([]),
  ]);
  const weekly = hours.map(toWeeklyHours);
  const specialHours = special.map(toSpecialHours);
  // Over the plan's allowance (after a downgrade or an expired subscription): hidden, never deleted.
  const allowance = PLAN_ALLOWANCES[row.plan];
  images.splice(allowance.images);
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    category: row.category,
    cuisine: row.cuisine,
    subcategory: row.subcategory,
    description: row.description,
    address: row.address,
    city: row.city,
    state: row.state,
    zip: row.zip,
    priceRange: row.priceRange,
    features: row.features,
    categories: row.categories.slice(0, allowance.categories),
    rating: Number(row.rating),
    reviewCount: row.reviewCount,
    plan: row.plan,
    phone: row.phone,
    website: row.website,
    email: row.email,
    bookingUrl: row.bookingUrl,
    timezone: row.timezone,
    latitude: row.latitude,
    longitude: row.longitude,
    ageGroups: row.ageGroups,
    ownerId: row.ownerId,
    status: row.status,
    statusReason: row.statusReason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    images: images.map(toImageSource),
    hours: weekly,
    specialHours,
    reviews: reviewRows.map((r): ReviewItem => ({
      id: r.id,
      author: r.author,
      content: r.content,
      rating: r.rating,
      date: r.createdAt.toISOString(),
    })),
    openStatus: openStatus({ timezone: row.timezone, hours: weekly, specialHours }, now),
    today: localWeekday(row.timezone, now),
  };
}

/**
 * The home page's trending businesses: most visitors and reviews in the last
 * 30 days, then best rated; Premium listings first. A visitor counts once a
 * day per business (and views without a visitor id not at all), so a loop of
 * requests cannot push a listing up.
 */
export async function trendingBusinesses(db: Database, limit = 3, now = new Date()): Promise<BusinessCard[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`
      with views as (
        select business_id, count(distinct visitor_id || ':' || to_char(created_at at time zone 'UTC', 'YYYY-MM-DD'))::int as n
        from page_views
        where business_id is not null and visitor_id is not null
          and created_at > ${now.toISOString()}::timestamptz - interval '30 days'
        group by business_id
      ), recent_reviews as (
        select business_id, count(*)::int as n from reviews
        where status = 'visible' and created_at > ${now.toISOString()}::timestamptz - interval '30 days'
        group by business_id
      )
      select b.id from businesses b
      left join views v on v.business_id = b.id
      left join recent_reviews r on r.business_id = b.id
      where b.status = 'published'
      order by (b.plan = 'premium') desc,
               coalesce(v.n, 0) + coalesce(r.n, 0) * 5 desc,
               b.rating desc, b.review_count desc, b.id
      limit ${limit}`,
  );
  if (rows.length === 0) return [];
  const cards = await db
    .select(cardColumns)
    .from(b)
    .where(
      inArray(
        b.id,
        rows.map((r) => r.id),
      ),
    );
  const ordered = rows.map((r) => cards.find((c) => c.id === r.id)).filter((c): c is CardRow => !!c);
  return toCards(db, ordered, now);
}
