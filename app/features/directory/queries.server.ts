import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/.server/db/client";
import { queryRows } from "~/.server/db/client";
import { businesses, businessHours, businessImages, businessSpecialHours, reviews } from "~/.server/db/schema";
import { PLAN_ALLOWANCES } from "~/lib/catalogue";
import { categoryName, isGroup, subtreeSlugs } from "~/lib/category-tree";
import { imageSources } from "~/lib/images";
import { socialLinkList } from "~/lib/social-links";
import { localWeekday, openStatus, type SpecialHours, type WeeklyHours } from "./hours";
import type { SearchParams } from "./search-params";
import { cityCentre, postalCentre } from "~/.server/gazetteer";
import { inSiteCity, type SiteCity } from "./search-query";
import type { BusinessCard, BusinessDetail, ImageSource, ReviewItem, SearchOrigin, SearchResult } from "./types";
import { isUuid } from "~/lib/ids";
import { AppError } from "~/lib/app-error";
import { searchTerms, type SearchTerm } from "~/lib/spellings";
import { distanceUnit, METRES_PER_MILE, metresPer, placeLabel } from "~/lib/address";

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
 * `word` begins with `prefix`, as a range of search_words_prefix_idx (byte order; dictionary words
 * are [a-z0-9] only, and '{' follows 'z'), which a LIKE in the database's collation can't use.
 */
export function beginsWith(word: SQL, prefix: SQL): SQL {
  return sql`(${word} collate "C" >= ${prefix} collate "C" and ${word} collate "C" < (${prefix} || '{') collate "C")`;
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
          where not exists (select 1 from search_words p where ${beginsWith(sql`p.word`, sql`q.input`)})
            and w.word % q.input
          order by similarity(w.word, q.input) desc, w.word
          limit 3
        ) s`,
  );
  for (const row of rows) corrections.set(row.input, [...(corrections.get(row.input) ?? []), row.word]);
  return corrections;
}

/**
 * Exact answers (the words as typed, or the text in the name) from which on fuzzy ones are left out: a near spelling
 * ("cofee" → coffee) or the text inside a longer word of a description ("otto" in "bottomless") only widens a search
 * that found few (issue 40).
 */
const FEW_EXACT_MATCHES = 5;

/** What a query's words found inside a longer word of a name add to its rank (a whole-word hit adds 1). */
const NAME_PART_HIT = 0.3;

/**
 * Quality in "best match" (issue 35): the rating shrunk towards a prior by its review count (a Bayesian average: a
 * one-review 5 counts far less than a 400-review 4.7), on 0..QUALITY_WEIGHT. It orders equally relevant answers
 * (after Premium's priority listing), where the raw rating let a one-review listing beat a 400-review favourite.
 */
const QUALITY_WEIGHT = 1;
const PRIOR_RATING = 3.5;
const PRIOR_REVIEWS = 5;
export function qualityScore(rating: number, reviewCount: number) {
  if (reviewCount <= 0) return ((PRIOR_RATING - 1) / 4) * QUALITY_WEIGHT;
  const shrunk = (rating * reviewCount + PRIOR_RATING * PRIOR_REVIEWS) / (reviewCount + PRIOR_REVIEWS);
  return ((shrunk - 1) / 4) * QUALITY_WEIGHT;
}

/** A word of the name (not inside a longer one) is one of `words`. */
function wholeWordPattern(words: string[]) {
  // A word is bounded by what isn't a letter, a digit or a hyphen: "bar" is not a word of "Bar-B-Q".
  const alternatives = words.map((w) => w.toLowerCase().replace(/[\\^$.|?*+()[\]{}]/g, "\\$&")).join("|");
  return `(^|[^[:alnum:]-])(${alternatives})($|[^[:alnum:]-])`;
}

/** How many listings a few-exact probe reads in index order before it asks the indexes alone. */
const PROBE_WALK = 20_000;

/**
 * Up to FEW_EXACT_MATCHES published listings matching `exact`, counted at a cost that does not grow with the
 * directory. A common word is found within the first PROBE_WALK listings. A rare or misspelt one ("cofee") is asked
 * of the text and trigram indexes alone: with a LIMIT the planner expects a few matches early in a plain scan and
 * read all million listings when there were none (1 s; docs/benchmarks.md), while the indexes answer at once.
 */
async function countFewExact(db: Database, exact: SQL): Promise<number> {
  const [walked] = await queryRows<{ n: number | string }>(
    db,
    sql`select count(*) as n from (
          select 1 from (
            select ${sql.identifier(b.searchVector.name)}, ${sql.identifier(b.name.name)} from ${b}
            where ${b.status} = 'published' limit ${PROBE_WALK}
          ) as ${b} where ${exact} limit ${FEW_EXACT_MATCHES}
        ) as matches`,
  );
  const found = Number(walked!.n);
  if (found >= FEW_EXACT_MATCHES) return found;
  return db.transaction(async (tx) => {
    // Bitmap scans of the indexes only, for this one statement's transaction.
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_indexscan = off`);
    const [row] = await queryRows<{ n: number | string }>(
      tx,
      sql`select count(*) as n from (select 1 from ${b} where ${b.status} = 'published' and ${exact}
          limit ${FEW_EXACT_MATCHES}) as matches`,
    );
    return Number(row!.n);
  });
}

async function textMatch(db: Database, q: string): Promise<{ where: SQL; rank: SQL; tier: SQL; nameHit: SQL }> {
  const terms = searchTerms(q);
  const pattern = likePattern(q);
  const nameHit = sql`lower(${b.name}) like ${pattern}`;
  // Exact: the words (or their beginnings, or another spelling of them) in the listing's text, or the text in its name.
  const exactText = toTsQueryText(terms, new Map());
  const exact = sql`(${exactText ? sql`${b.searchVector} @@ to_tsquery('english', ${exactText}) or` : sql``} ${nameHit})`;
  // Fuzzy, only while the exact answers are few (the spec's partial match on the description among them).
  const [counted, corrections] = await Promise.all([countFewExact(db, exact), spellingCorrections(db, terms)]);
  const widen = counted < FEW_EXACT_MATCHES;
  const tsText = widen ? toTsQueryText(terms, corrections) : exactText;
  const tsQuery = tsText ? sql`to_tsquery('english', ${tsText})` : null;
  const where = widen
    ? sql`(
    ${tsQuery ? sql`${b.searchVector} @@ ${tsQuery} or` : sql``}
    ${nameHit}
    or lower(coalesce(${b.description}, '')) like ${pattern}
  )`
    : exact;
  // Name matches first: the name is weight A in the vector, and the words in the name as words add a full point;
  // inside a longer word ("bar" in "Barcade", "Bar-B-Q", "Barbecue") only a third of one (issue 35).
  const namePoints = sql`case when lower(${b.name}) ~ ${wholeWordPattern([q])} then 1 when ${nameHit} then ${NAME_PART_HIT}::float8 else 0 end`;
  const rank = sql`(${tsQuery ? sql`ts_rank(${b.searchVector}, ${tsQuery}) +` : sql``} ${namePoints})`;
  // How the words meet the listing, in three tiers (the words of its name, inside a longer word of its name, its
  // other text): answers in one tier are comparably relevant, which is where Premium's priority applies (issue 36).
  // Fuzzy answers come after all of those (issue 40): a corrected word in the name first ("cofee": the coffee houses
  // before a bakery that mentions coffee), then the rest.
  const corrected = widen ? [...new Set([...corrections.values()].flat())] : [];
  const tier = widen
    ? sql`case when ${exact} then ${namePoints}
        ${corrected.length ? sql`when lower(${b.name}) ~ ${wholeWordPattern(corrected)} then -0.5::float8` : sql``}
        else -1::float8 end`
    : namePoints;
  return { where, rank, tier, nameHit };
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
 * "Near me" (docs/maps.md): distances on the earth with cube + earthdistance. A listing's point is its
 * stored earth_point, ll_to_earth(latitude, longitude) computed on write (migration 0033), the column of
 * businesses_earth_idx (GiST, published listings with coordinates): the radius is an indexed box test
 * (earth_box @>, rechecked on each row a lossy bitmap brings, so a column read rather than a call) and then the exact
 * great-circle distance; "Nearest" is a nearest-neighbour walk of the same index (cube's <->, the
 * straight-line distance through the earth, which orders exactly like the distance along it).
 */
const listingPoint = sql`${b}.${sql.identifier("earth_point")}`;
const originPoint = (o: SearchOrigin) => sql`ll_to_earth(${o.lat}::float8, ${o.lng}::float8)`;
/** earthdistance's earth(): the sphere its distances are measured on. */
const EARTH_RADIUS_METRES = 6378168;
/**
 * A listing's great-circle distance from the origin in metres: earth_distance(origin, listingPoint) by the
 * haversine formula on the listing's own columns. The same figure (the same sphere), but computed per row at a
 * fifteenth of the cost: ll_to_earth checks the earth domain's constraints on every call (3.5 µs a row against
 * 0.2), and a radius or a page of distances computes it for every listing it looks at. The index's box test and
 * nearest-neighbour order still use the indexed ll_to_earth points.
 */
const distanceMetres = (o: SearchOrigin) => {
  const h = sql`power(sin(radians(${b.latitude} - ${o.lat}::float8) / 2), 2)
    + cos(radians(${o.lat}::float8)) * cos(radians(${b.latitude})) * power(sin(radians(${b.longitude} - ${o.lng}::float8) / 2), 2)`;
  // Null without a position, as earth_distance is (least() alone would skip the null). least(): rounding can put
  // h a hair above 1 for antipodes.
  return sql`(case when ${b.latitude} is null or ${b.longitude} is null then null::float8
    else ${2 * EARTH_RADIUS_METRES}::float8 * asin(least(1::float8, sqrt(${h}))) end)`;
};
const hasPoint = [sql`${b.latitude} is not null`, sql`${b.longitude} is not null`];

const ZIP_RE = /^(\d{5})(?:-\d{4})?$/;

/** A typed text that may be a postal code (letters and digits with at most one space): its stored spellings. */
function postalCodeCandidates(text: string): string[] {
  const code = text.toUpperCase().replace(/\s+/g, " ");
  if (code.length < 3 || code.length > 10 || !/\d/.test(code) || !/^[A-Z0-9]+( [A-Z0-9]+)?$/.test(code)) return [];
  const bare = code.replace(" ", "");
  // Canadian and British codes are stored with the space before their last three characters.
  return [...new Set([code, bare, `${bare.slice(0, -3)} ${bare.slice(-3)}`])];
}

/** The mean position of the published, located listings a condition picks, with one listing's city and state. */
async function meanPosition(db: Database, match: SQL) {
  const [row] = await db
    .select({
      lat: sql<number | null>`avg(${b.latitude})`,
      lng: sql<number | null>`avg(${b.longitude})`,
      city: sql<string | null>`min(${b.city})`,
      state: sql<string | null>`min(${b.state})`,
    })
    .from(b)
    .where(and(eq(b.status, "published"), match, ...hasPoint));
  return row && row.lat !== null && row.lng !== null ? { ...row, lat: Number(row.lat), lng: Number(row.lng) } : null;
}

/**
 * A neighbourhood's centre: its published, located listings, on businesses_neighborhood_idx (migration 0032,
 * whose expressions these must match). One name can be a neighbourhood of several cities ("Downtown"): the site's
 * city wins when the name is one of its neighbourhoods, else the city with most such listings, then the first city
 * by name, so the same text always means the same place.
 */
async function resolveNeighborhood(
  db: Database,
  [name, city, state]: (string | undefined)[],
  site?: SiteCity,
): Promise<Omit<SearchOrigin, "radius"> | null> {
  if (!name) return null;
  const home = site ? inCity(site) : sql`false`;
  const rows = await queryRows<{ lat: number; lng: number; neighborhood: string; city: string }>(
    db,
    sql`select avg(${b.latitude}) as lat, avg(${b.longitude}) as lng, min(${b.neighborhood}) as neighborhood,
        min(${b.city}) as city
      from ${b}
      where ${b.status} = 'published' and ${b.neighborhood} is not null and lower(${b.neighborhood}) = ${name}
        ${city ? sql`and lower(${b.city}) = ${city}` : sql``} ${state ? sql`and lower(${b.state}) = ${state}` : sql``}
        and ${b.latitude} is not null and ${b.longitude} is not null
      group by lower(${b.city}), lower(${b.state})
      order by bool_or(${home}) desc, count(*) desc, lower(${b.city}), lower(${b.state})
      limit 1`,
  );
  const row = rows[0];
  if (!row) return null;
  return { lat: Number(row.lat), lng: Number(row.lng), label: `${row.neighborhood}, ${row.city}` };
}

/**
 * A typed place (?near=) from the listings' own addresses, with no network service (docs/maps.md):
 * - a ZIP code ("62701", "62701-1234"): the centre of the published listings with that ZIP code;
 * - a city ("Springfield", "Springfield, IL"): the centre of its published listings;
 * - a neighbourhood ("Downtown", "Downtown, Springfield", "Downtown, Springfield, IL"): the centre of its
 *   published listings, in the site's city first when the name is in several (resolveNeighborhood).
 * A city wins over a neighbourhood of the same name: it is the larger place, and a link that meant the city
 * keeps meaning it when a listing gets a neighbourhood; "Name, City" reaches the neighbourhood. So "Lincoln, IL"
 * is first a city and a state, then a neighbourhood and a city. Null when no listing with coordinates matches.
 */
export async function resolvePlace(
  db: Database,
  text: string,
  site?: SiteCity,
): Promise<Omit<SearchOrigin, "radius"> | null> {
  const found = await locatePlace(db, text, site);
  if (!found) return null;
  const { names: _names, ...origin } = found;
  return origin;
}

/** A place, and the names a service-area business may list it by (lower case): its postal code, its city. */
type LocatedPlace = Omit<SearchOrigin, "radius"> & { names: string[] };

const namesOf = (...names: (string | null | undefined)[]) => [
  ...new Set(names.filter((n): n is string => !!n).map((n) => n.trim().toLowerCase())),
];

async function locatePlace(db: Database, text: string, site?: SiteCity): Promise<LocatedPlace | null> {
  const place = text.trim();
  const zip = ZIP_RE.exec(place)?.[1];
  if (zip) {
    const row = await meanPosition(db, eq(b.zip, zip));
    if (row) return { lat: row.lat, lng: row.lng, label: `ZIP ${zip}`, names: namesOf(zip, row.city) };
    // No listing has it (yet): the ZIP code's centre from the built-in gazetteer (issue 40).
    const centre = postalCentre("US", zip);
    return centre && { ...centre, label: `ZIP ${zip}`, names: namesOf(zip) };
  }
  // A postal code of another country ("T5J 0N3", "sw1a1aa"): stored upper case with its space (app/lib/address.ts).
  const postal = postalCodeCandidates(place);
  if (postal.length) {
    const row = await meanPosition(db, inArray(b.zip, postal));
    const label = postal.find((c) => c.includes(" ")) ?? postal[0]!;
    if (row) return { lat: row.lat, lng: row.lng, label, names: namesOf(...postal, row.city) };
    // A Canadian postal code no listing has: its forward sortation area's centre (the gazetteer).
    const centre = postalCentre("CA", label);
    if (centre) return { ...centre, label, names: namesOf(...postal) };
  }
  const parts = place.split(",").map((p) => p.trim().toLowerCase());
  if (parts.length <= 2) {
    const [city = "", state] = parts;
    if (!city) return null;
    const row = await meanPosition(
      db,
      state
        ? and(sql`lower(${b.city}) = ${city}`, sql`lower(${b.state}) = ${state}`)!
        : sql`lower(${b.city}) = ${city}`,
    );
    if (row)
      return { lat: row.lat, lng: row.lng, label: placeLabel(row.city ?? city, row.state), names: namesOf(city) };
  }
  const hood = parts.length <= 3 ? await resolveNeighborhood(db, parts, site) : null;
  if (hood) return { ...hood, names: namesOf(parts[0], hood.label?.split(", ")[1]) };
  return (await servedPlace(db, place)) ?? gazetteerCity(place, site);
}

/**
 * A city no listing names, nor any service area (issue 40): its centre from the built-in gazetteer (GeoNames
 * cities of 1,000 people, app/.server/gazetteer.ts), in the site's country — "Chatham, IL", or "Chatham" in the
 * site's state (SITE_STATE: a directory of Springfield, IL means the Chatham nearby, not the largest one in the
 * country; without a site, a bare name is not looked up). Last, so the listings' own places (a neighbourhood an owner typed) come first.
 */
function gazetteerCity(text: string, site?: SiteCity): LocatedPlace | null {
  const parts = text.split(",").map((p) => p.trim());
  if (parts.length > 2 || !parts[0]) return null;
  const [city, typedState] = parts as [string, string | undefined];
  const state = typedState || site?.state;
  // A bare name with no site to place it in could be anywhere: not a place.
  if (!state) return null;
  const centre = cityCentre(city, state, site?.country ?? "US");
  return (
    centre && { ...centre, label: placeLabel(city, typedState ? typedState.toUpperCase() : null), names: namesOf(city) }
  );
}

/**
 * A place no storefront is in, that service-area businesses serve ("Chatham", where only a food truck goes): the
 * centre of their bases, so the search has a position to measure from.
 */
async function servedPlace(db: Database, text: string): Promise<LocatedPlace | null> {
  const name = text.toLowerCase();
  const row = await meanPosition(
    db,
    and(isNull(b.address), sql`near_lower_array(${b.serviceArea}) && array[${name}]::text[]`)!,
  );
  return row && { lat: row.lat, lng: row.lng, label: text, names: [name] };
}

/**
 * The names a position goes by, for the service areas that list places: the city and postal code of the nearest
 * storefront within 25 km (one step of the nearest-neighbour walk on businesses_earth_idx).
 */
async function namesAt(db: Database, origin: SearchOrigin): Promise<string[]> {
  const [row] = await queryRows<{ city: string; zip: string | null }>(
    db,
    sql`select ${b.city} as city, ${b.zip} as zip from ${b}
        where ${b.status} = 'published' and ${b.latitude} is not null and ${b.longitude} is not null
          and ${b.address} is not null and earth_box(${originPoint(origin)}, 25000::float8) @> ${listingPoint}
        order by ${listingPoint} <-> ${originPoint(origin)} limit 1`,
  );
  return row ? namesOf(row.city, row.zip) : [];
}

/**
 * Service-area businesses that serve a searched place (docs/maps.md, "Service areas"): the place is one of their
 * cities or postal codes (businesses_service_area_idx), or it is within their radius of their base. A storefront is
 * found by its own position instead (filters()).
 */
function servesPlace(origin: SearchOrigin, names: string[]): SQL {
  const byName = names.length
    ? sql`near_lower_array(${b.serviceArea}) && array[${sql.join(
        names.map((n) => sql`${n}`),
        sql`, `,
      )}]::text[]`
    : sql`false`;
  const byRadius = sql`(${b.serviceRadiusKm} is not null and ${distanceMetres(origin)} <= ${b.serviceRadiusKm} * 1000)`;
  return sql`(${b.address} is null and (${byName} or ${byRadius}))`;
}

/**
 * A category filter (issue 34): a group is its listings' primary group (btree, businesses_status_category_idx); a
 * category under one matches a listing with it or any category below it, primary or additional — one GIN test of
 * the subtree's slugs (businesses_category_tree_idx).
 */
export function categoryCondition(category: string): SQL {
  if (isGroup(category)) return eq(b.category, category);
  // The slugs are the tree's own (category-tree.ts checks each is [a-z0-9-]), so they are written as a literal: the
  // planner sees the array, and the statement stays one shape per category.
  const slugs = subtreeSlugs(category);
  return sql`(array[${b.primaryCategory}] || ${b.categories}) && ${sql.raw(`array[${slugs.map((s) => `'${s}'`).join(",")}]`)}::text[]`;
}

async function filters(
  db: Database,
  params: SearchParams,
  origin: SearchOrigin | null = null,
): Promise<{ where: SQL; base: SQL; text: Awaited<ReturnType<typeof textMatch>> | null }> {
  // The text match is kept apart: the search applies it to a bounded walk first (searchBusinesses).
  const conditions: SQL[] = [eq(b.status, "published")];
  const text = params.q ? await textMatch(db, params.q) : null;
  if (inSiteCity(params)) conditions.push(inCity(params.site!));
  if (params.category) conditions.push(categoryCondition(params.category));
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
  if (params.features?.length)
    conditions.push(
      sql`${b.features} @> array[${sql.join(
        params.features.map((f) => sql`${f}`),
        sql`, `,
      )}]::text[]`,
    );
  // What every match passes, wherever it is: a service-area business serving the place is found with these
  // (servesPlace), a storefront with its own position below.
  const base = and(...conditions)!;
  // A located search finds storefronts by their position; service-area businesses only where they serve.
  if (origin) conditions.push(sql`${b.address} is not null`);
  if (origin && (origin.radius || params.sort === "distance")) {
    // Only listings with a position (and the partial index's own predicate, so the planner can use it).
    conditions.push(...hasPoint);
    if (origin.radius) {
      // The radius is in the site's unit: miles, or kilometres (SITE_COUNTRY).
      const metres = origin.radius * metresPer(distanceUnit(params.site?.country));
      conditions.push(
        sql`earth_box(${originPoint(origin)}, ${metres}::float8) @> ${listingPoint}`,
        sql`${distanceMetres(origin)} <= ${metres}::float8`,
      );
    }
  }
  return { where: and(...conditions)!, base, text };
}

/** The site's city, as the expressions of the businesses_city_*_idx indexes (migration 0029). */
const inCity = (site: SiteCity) =>
  sql`(lower(${b.city}) = ${site.city.toLowerCase()} and lower(${b.state}) = ${site.state.toLowerCase()})`;

/**
 * The order an index can serve for each sort (the walk that finds candidates and counts stops
 * early with): best rated for "relevance" (the text rank is applied to the candidates after).
 */
function indexOrder(params: SearchParams, origin: SearchOrigin | null): SQL[] {
  switch (params.sort) {
    case "distance":
      // The distance alone: a GiST index orders by one distance, and a tie-breaker after it would turn the
      // nearest-neighbour walk into a sort of every listing (2 s at a million). Exact ties are broken by id
      // when the candidates are sorted.
      if (origin) return [sql`${listingPoint} <-> ${originPoint(origin)}`];
      return [desc(b.rating), desc(b.reviewCount), asc(b.id)];
    case "reviews":
      return [desc(b.reviewCount), desc(b.rating), asc(b.id)];
    case "newest":
      return [desc(b.createdAt), asc(b.id)];
    default:
      return [desc(b.rating), desc(b.reviewCount), asc(b.id)];
  }
}

/** The page's order where the matches are sorted rather than walked: a distance by its haversine figure, then id. */
function boundedOrder(params: SearchParams, origin: SearchOrigin): SQL[] {
  return params.sort === "distance" ? [sql`${distanceMetres(origin)}`, asc(b.id)] : indexOrder(params, origin);
}

const cardColumns = {
  id: b.id,
  slug: b.slug,
  name: b.name,
  category: b.category,
  primaryCategory: b.primaryCategory,
  cuisine: b.cuisine,
  subcategory: b.subcategory,
  description: b.description,
  address: b.address,
  serviceArea: b.serviceArea,
  serviceRadiusKm: b.serviceRadiusKm,
  city: b.city,
  state: b.state,
  zip: b.zip,
  country: b.country,
  priceRange: b.priceRange,
  features: b.features,
  categories: b.categories,
  rating: b.rating,
  reviewCount: b.reviewCount,
  plan: b.plan,
  ageGroups: b.ageGroups,
  latitude: b.latitude,
  longitude: b.longitude,
  locationPrecision: b.locationPrecision,
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
    // A service-area business's base is used by search, never shown: no position, no distance (docs/maps.md).
    const serving = row.address === null;
    return {
      ...row,
      ...(serving ? { latitude: null, longitude: null, locationPrecision: null } : {}),
      ...(distance !== undefined ? { distanceMiles: distance === null || serving ? null : Number(distance) } : {}),
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
async function searchOrigin(
  db: Database,
  params: SearchParams,
): Promise<(SearchOrigin & { names: string[] }) | null | undefined> {
  const radius = params.radius ?? null;
  if (params.lat !== undefined && params.lng !== undefined) {
    const origin = { lat: params.lat, lng: params.lng, label: null, radius };
    return { ...origin, names: await namesAt(db, origin) };
  }
  if (!params.near) return null;
  const place = await locatePlace(db, params.near, params.site);
  return place ? { ...place, radius } : undefined;
}

/** A search counts at least this many matches (more for deep pages); past it it says "1,000+ results" (docs/search.md). */
export const COUNT_BOUND = 1000;
/** The fewest candidates a text search ranks (the demo city's every match, many times over). */
const MIN_CANDIDATES = 200;
/** How many listings of the sort order a text search tests before it asks the text indexes instead. */
const TEXT_WALK = 20_000;

/** What a candidate carries: its sort keys, the signals that lead the order, and its text rank. */
interface Candidate {
  id: string;
  rating: number;
  reviewCount: number;
  createdAt: string;
  distance: number | null;
  rank: number;
  /** The text tier (the name's words, part of a name's word, the rest): the bands of comparable relevance. */
  tier: number;
  premium: boolean;
  home: boolean;
}

/**
 * Searches the directory with a cost that grows with the page asked for, not with the matches
 * (issue 19, docs/search.md, docs/decisions/011):
 * - Each search takes the first matches in the order of its sort index (best rated for "best
 *   match"), at most COUNT_BOUND + 1 (or the page's depth): they are the count ("1,000+" beyond
 *   the bound, `totalExact: false`) and the candidates the page is chosen from.
 * - A text search tests the words on a bounded walk of that order first (TEXT_WALK listings; a
 *   city's listings, for a located search), which finds the common words' matches at a cost that
 *   does not grow with the directory; only when the walk is too short for them does it ask the
 *   text indexes, for words rare enough to be cheap there. It ranks (ts_rank) those candidates.
 * - Signals that lead the order — the site's city on an "anywhere" search, Premium on the
 *   category pages — split the matches into parts, each walked on its own, so the merge is exact.
 * - A located search (the default) is one city's listings through the businesses_city_* indexes.
 * - `after` (keyset) continues a rating, reviews or newest walk from a cursor at any depth.
 */
export async function searchBusinesses(db: Database, params: SearchParams, now = new Date()): Promise<SearchResult> {
  const located = await searchOrigin(db, params);
  const { names: placeNames = [], ...foundOrigin } = located ?? {};
  const found = located ? (foundOrigin as SearchOrigin) : located;
  const origin = found ?? null;
  // An unknown place: the search runs without a position (and without the distance sort), and says so.
  if (found === undefined && params.sort === "distance") params = { ...params, sort: undefined };
  const { where: filtered, base, text } = await filters(db, params, origin);
  const cursor = params.after ? decodeCursor(params.after, params) : null;
  const where = cursor ? and(filtered, cursor.condition)! : filtered;
  const offset = cursor ? 0 : (params.page - 1) * params.pageSize;
  const depth = offset + params.pageSize;
  const limit = Math.max(COUNT_BOUND + 1, depth, text ? MIN_CANDIDATES : 0);
  const order = indexOrder(params, origin);
  const sorted = !!params.sort && params.sort !== "relevance" && !(params.sort === "distance" && !origin);

  const splits: SQL[] = [];
  if (params.site && params.anywhere) splits.push(inCity(params.site));
  // Premium's priority listing (the pricing page) on "best match": first among comparably relevant answers
  // (docs/search.md, "Priority listing"). Without words every match is as relevant, so the matches are split by it
  // and each part walked on its own. With words it orders the candidates (the first thousand matches and the name
  // hits): a split walked the text twice as often, four walks on an "anywhere" search (3.7 s at a million, where
  // no Premium listing matched and a walk read every listing; docs/benchmarks.md).
  if (!sorted && !text) splits.push(sql`${b.plan} = 'premium'`);

  const candidateColumns = sql`${b.id} as id, ${b.rating} as rating, ${b.reviewCount} as review_count,
    to_char(${b.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at, ${b.plan} = 'premium' as premium,
    ${params.site ? inCity(params.site) : sql`false`} as home,
    ${origin ? sql`${distanceMetres(origin)} / ${METRES_PER_MILE}` : sql`null::float8`} as distance,
    ${text ? text.rank : sql`0`} as rank, ${text ? text.tier : sql`0`} as tier`;
  type Row = {
    id: string;
    rating: number | string;
    review_count: number;
    created_at: string;
    premium: boolean;
    home: boolean;
    distance: number | string | null;
    rank: number | string;
    tier: number | string;
  };
  const orderSql = sql.join(order, sql`, `);
  // Service-area businesses that serve the searched place (servesPlace): few, read whole, and merged into the
  // storefronts' candidates. They come to the customer: their distance is none (0 for "Nearest", none on the card).
  const serving = origin
    ? await queryRows<Row>(
        db,
        sql`select ${b.id} as id, ${b.rating} as rating, ${b.reviewCount} as review_count,
              to_char(${b.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at,
              ${b.plan} = 'premium' as premium, ${params.site ? inCity(params.site) : sql`false`} as home,
              0::float8 as distance, ${text ? text.rank : sql`0`} as rank, ${text ? text.tier : sql`0`} as tier
            from ${b}
            where ${and(base, servesPlace(origin, placeNames), ...(cursor ? [cursor.condition] : []), ...(text ? [text.where] : []))}
            order by ${b.rating} desc, ${b.reviewCount} desc, ${b.id} limit ${limit}`,
      )
    : [];
  // With any, the storefronts' page is read from the first match, so the merge can page them together.
  const pageOffset = serving.length ? 0 : offset;
  const pageRows = serving.length ? depth : params.pageSize;
  // What the walk's rows carry up to the text test, the rank and the candidate columns (narrow rows: a
  // walk that the planner answers with a sort sorts less).
  const walkColumns = sql.join(
    [
      b.id,
      b.rating,
      b.reviewCount,
      b.createdAt,
      b.plan,
      b.city,
      b.state,
      b.latitude,
      b.longitude,
      b.name,
      b.description,
      b.searchVector,
    ].map((c) => sql.identifier(c.name)),
    sql`, `,
  );
  const walkPart = async (part: SQL[]): Promise<Row[]> => {
    const partWhere = and(where, ...part)!;
    if (!text)
      return queryRows<Row>(
        db,
        sql`select ${candidateColumns} from ${b} where ${partWhere} order by ${orderSql} limit ${limit}`,
      );
    // The walk: the sort order's first TEXT_WALK listings, the words tested on each, stopping at `limit`
    // matches. The subquery takes the table's name, so the text expressions (written against it) apply to its
    // rows. No outer ORDER BY: rows leave a subquery scan in its order, and a sort over it would read the whole
    // walk. The walk's last listing comes up even when it doesn't match (`hit` false): then the walk ran to its
    // end without finding enough, and the listings may go on beyond it.
    const walked = await queryRows<Row & { hit: boolean; walk_rn: number | string }>(
      db,
      sql`select ${candidateColumns}, (${text.where}) as hit, walk_rn from (
            select ${walkColumns}, row_number() over (order by ${orderSql}) as walk_rn
            from ${b} where ${partWhere} order by ${orderSql} limit ${TEXT_WALK}
          ) as ${b} where ${text.where} or walk_rn = ${TEXT_WALK} limit ${limit + 1}`,
    );
    const hits = walked.filter((r) => r.hit).slice(0, limit);
    if (hits.length === limit || !walked.some((r) => Number(r.walk_rn) === TEXT_WALK)) return hits;
    // Rare words: the text indexes find every match cheaply.
    return queryRows<Row>(
      db,
      sql`select ${candidateColumns} from ${b} where ${partWhere} and ${text.where} order by ${orderSql} limit ${limit}`,
    );
  };
  const toCandidate = (r: Row): Candidate => ({
    id: r.id,
    rating: Number(r.rating),
    reviewCount: Number(r.review_count),
    createdAt: r.created_at,
    distance: r.distance === null ? null : Number(r.distance),
    rank: Number(r.rank),
    tier: Number(r.tier),
    premium: r.premium,
    home: r.home,
  });
  const compare = compareCandidates(params, !!text, sorted);
  // When the index order is the page's order (one part, no text), the count needs no candidate columns and the
  // page no more than its rows: a bare bounded count (which the planner may answer from any index, e.g. the
  // positions' box for a radius) and the page itself. A distance walk costs half as much this way
  // (docs/benchmarks.md, "Near me").
  const direct = !splits.length && !text;
  // Words within a radius under an explicit sort (below).
  const circle = !splits.length && text && sorted && origin?.radius ? origin : null;
  let counted: number;
  let totalExact: boolean;
  let page: Candidate[];
  let more: boolean;
  let last: Candidate | undefined;
  if (circle && text) {
    // Words within a radius under an explicit sort: no index walks both the words and the circle in the page's
    // order, so the page's query read every match (the bitmap of both indexes) just as the count did. One query
    // reads them once, up to the bound, in the page's order (the distance by its cheap haversine expression, not
    // the index's operator), and returns their count with the page's rows only: the matches stay in the database
    // (docs/benchmarks.md, "Near me").
    const bounded = sql.join(boundedOrder(params, circle), sql`, `);
    const [head, ...rest] = await queryRows<Row & { n: number | string; id: string | null }>(
      db,
      sql`with matches as materialized (
            select ${b.id} as id, ${b.rating} as rating, ${b.reviewCount} as review_count, ${b.createdAt} as created_at,
              ${distanceMetres(circle)} as metres, row_number() over (order by ${bounded}) as pos
            from ${b} where ${and(where, text.where)} order by ${bounded} limit ${limit}
          )
          select (select count(*) from matches) as n, page.* from (select 1) as one left join lateral (
            select id, rating, review_count,
              to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at,
              false as premium, false as home, metres / ${METRES_PER_MILE} as distance, 0 as rank, 0 as tier
            from matches order by pos offset ${pageOffset} limit ${pageRows + 1}
          ) as page on true`,
    );
    const ordered = [head!, ...rest].filter((r) => r.id !== null).map(toCandidate);
    counted = Number(head!.n);
    totalExact = counted < limit;
    page = ordered.slice(0, pageRows);
    more = ordered.length > pageRows;
    last = page.length === pageRows ? page[page.length - 1] : undefined;
  } else if (direct) {
    const [[count], rows] = await Promise.all([
      queryRows<{ n: number | string }>(
        db,
        sql`select count(*) as n from (select 1 from ${b} where ${where} limit ${limit}) as matches`,
      ),
      queryRows<Row>(
        db,
        sql`select ${candidateColumns} from ${b} where ${where} order by ${orderSql}
            limit ${pageRows + 1} offset ${pageOffset}`,
      ),
    ]);
    counted = Number(count!.n);
    totalExact = counted < limit;
    const ordered = rows.map(toCandidate).sort(compare);
    page = ordered.slice(0, pageRows);
    more = ordered.length > pageRows;
    last = page.length === pageRows ? page[page.length - 1] : undefined;
  } else {
    // A literal name hit leads "best match": the best-rated name hits are candidates too, whatever their
    // place in the walk (a small bakery named "Pizza Palace" among a thousand better-rated places mentioning pizza).
    const nameHits =
      text && !sorted
        ? queryRows<Row>(
            db,
            sql`select ${candidateColumns} from ${b} where ${where} and ${text.nameHit} and ${text.where}
              order by ${orderSql} limit ${Math.max(MIN_CANDIDATES, depth)}`,
          )
        : Promise.resolve([]);
    const [parts, named] = await Promise.all([Promise.all(partsOf(splits).map(walkPart)), nameHits]);
    // Every part that stopped short of its limit was seen whole: then the count is exact, else a lower bound.
    counted = parts.reduce((n, p) => n + p.length, 0);
    totalExact = parts.every((p) => p.length < limit);
    const seen = new Set(parts.flatMap((p) => p.map((r) => r.id)));
    const candidates = [...parts.flat(), ...named.filter((r) => !seen.has(r.id))].map(toCandidate);
    candidates.sort(compare);
    page = candidates.slice(pageOffset, depth);
    more = candidates.length > depth;
    last = candidates[depth - 1];
  }
  if (serving.length) {
    // The storefronts' first `depth` matches and every serving business, in the page's order.
    const merged = [...page, ...serving.map(toCandidate)].sort(compare);
    counted += serving.length;
    more ||= merged.length > depth;
    last = merged[depth - 1];
    page = merged.slice(offset, depth);
  }
  const total = totalExact ? counted : Math.min(counted, Math.max(COUNT_BOUND, depth));
  const fetched = page.length
    ? await db
        .select(cardColumns)
        .from(b)
        .where(
          inArray(
            b.id,
            page.map((c) => c.id),
          ),
        )
    : [];
  // The distance the candidates already carry (with a position only: cards show it then).
  const rows = page.flatMap((c): CardRow[] => {
    const row = fetched.find((r) => r.id === c.id);
    return row ? [origin ? { ...row, distance: c.distance } : row] : [];
  });
  const numbered = Math.max(1, Math.ceil(total / params.pageSize));
  // Past a lower bound the pages go on while there are more (page numbers up to 500, then the cursor).
  const pageCount = totalExact ? numbered : Math.max(numbered, params.page + (more ? 1 : 0));
  const nextCursor = last && more ? encodeCursor(params, last) : null;
  return {
    ...(params.lat !== undefined || params.near ? { origin } : {}),
    ...(found === undefined && params.near ? { unknownPlace: params.near } : {}),
    ...(params.site && (inSiteCity(params) || params.anywhere)
      ? { scope: { ...params.site, anywhere: !!params.anywhere } }
      : {}),
    items: await toCards(db, rows, now),
    total,
    totalExact,
    page: params.page,
    pageSize: params.pageSize,
    pageCount,
    ...(nextCursor ? { nextCursor } : {}),
  };
}

/**
 * The order of the candidates, exactly as the database would sort them: the site's city first on
 * an "anywhere" search; then for "best match" the text's tier, Premium within it (the priority listing), the text
 * rank and quality; else the sort itself, with id as the tie-breaker.
 */
function compareCandidates(params: SearchParams, ranked: boolean, sorted: boolean) {
  const desc = (a: number, b: number) => b - a;
  const byId = (a: Candidate, b: Candidate) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const bySort = (a: Candidate, b: Candidate): number => {
    // `sorted` holds for "distance" only with a position: every candidate then has a distance.
    switch (sorted ? params.sort : undefined) {
      case "distance":
        return (a.distance ?? Infinity) - (b.distance ?? Infinity) || byId(a, b);
      case "reviews":
        return desc(a.reviewCount, b.reviewCount) || desc(a.rating, b.rating) || byId(a, b);
      case "newest":
        return (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0) || byId(a, b);
      default:
        return desc(a.rating, b.rating) || desc(a.reviewCount, b.reviewCount) || byId(a, b);
    }
  };
  return (a: Candidate, b: Candidate): number => {
    const home = params.site && params.anywhere ? Number(b.home) - Number(a.home) : 0;
    if (home) return home;
    if (sorted) return bySort(a, b);
    // Premium's priority listing: first within its tier of relevance, never above a better tier.
    const premium = Number(b.premium) - Number(a.premium);
    if (ranked) {
      const quality = desc(qualityScore(a.rating, a.reviewCount), qualityScore(b.rating, b.reviewCount));
      return (
        desc(a.tier, b.tier) || premium || desc(a.rank, b.rank) || quality || desc(a.rating, b.rating) || byId(a, b)
      );
    }
    // Without words every match is as relevant as the next (a category, filters): Premium, then the best rated.
    return premium || bySort(a, b);
  };
}

/** Every combination of the split conditions being true or false: 2^n disjoint parts (one, unsplit, for none). */
function partsOf(splits: SQL[]): SQL[][] {
  return splits.reduce<SQL[][]>(
    (parts, split) =>
      parts.flatMap((p) => [
        [...p, split],
        [...p, sql`not (${split})`],
      ]),
    [[]],
  );
}

/**
 * Keyset cursors (`after`): the last row's sort key, for the orders an index serves. Opaque to
 * clients (base64url JSON); a cursor from another sort, or not ours, is a 400.
 */
type CursorSort = "rating" | "reviews" | "newest";

function cursorSort(params: SearchParams): CursorSort | null {
  // An "anywhere" search leads with the site's city: not one index walk a cursor could continue.
  if (params.anywhere) return null;
  if (params.sort === "rating" || params.sort === "reviews" || params.sort === "newest") return params.sort;
  // "Best match" puts Premium first among comparably relevant answers, which no one index walk follows: page
  // numbers, or an explicit sort for a cursor.
  return null;
}

function encodeCursor(params: SearchParams, row: Candidate): string | null {
  const sort = cursorSort(params);
  if (!sort) return null;
  const key = sort === "newest" ? [sort, row.createdAt, row.id] : [sort, String(row.rating), row.reviewCount, row.id];
  return Buffer.from(JSON.stringify(key)).toString("base64url");
}

const INT4_MAX = 2_147_483_647;
const cursorId = z.string().refine(isUuid);
/**
 * created_at with microseconds, as the candidates carry it (a Date would round them away and skip rows); the day and
 * time must exist (they round-trip through Date: no 2026-02-30, no 24:00) — PostgreSQL would refuse them with an error.
 */
const cursorInstant = z.string().refine((t) => {
  const ms = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3})\d{3}Z$/.exec(t)?.[1];
  if (!ms) return false;
  const date = new Date(`${ms}Z`);
  return !Number.isNaN(date.getTime()) && date.getUTCFullYear() >= 1970 && date.toISOString() === `${ms}Z`;
});
/** Each value in its column's range: rating is a mean of 1–5 stars (0 with none), review_count an int4. */
const cursorRating = z
  .string()
  .regex(/^[0-9.e+-]{1,32}$/)
  .transform(Number)
  .pipe(z.number().min(0).max(5));
const cursorCount = z.int().min(0).max(INT4_MAX);
const CURSOR_SCHEMAS = {
  newest: z.tuple([z.literal("newest"), cursorInstant, cursorId]),
  rating: z.tuple([z.literal("rating"), cursorRating, cursorCount, cursorId]),
  reviews: z.tuple([z.literal("reviews"), cursorRating, cursorCount, cursorId]),
} as const;

/** The condition for the rows after a cursor; a cursor not from nextCursor (or forged) is a 400 naming `after`. */
function decodeCursor(text: string, params: SearchParams): { condition: SQL } {
  const message = "After must be a cursor from nextCursor.";
  const invalid = () => new AppError("bad_request", message, { after: message });
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    throw invalid();
  }
  const sort = cursorSort(params);
  if (!sort) throw invalid();
  if (sort === "newest") {
    const parsed = CURSOR_SCHEMAS.newest.safeParse(key);
    if (!parsed.success) throw invalid();
    const [, t, id] = parsed.data;
    return {
      condition: sql`(${b.createdAt} < ${t}::timestamptz or (${b.createdAt} = ${t}::timestamptz and ${b.id} > ${id}))`,
    };
  }
  const parsed = CURSOR_SCHEMAS[sort].safeParse(key);
  if (!parsed.success) throw invalid();
  const [, rating, reviewCount, id] = parsed.data;
  const [first, second] = sort === "rating" ? [b.rating, b.reviewCount] : ([b.reviewCount, b.rating] as const);
  const [v1, v2] = sort === "rating" ? [rating, reviewCount] : [reviewCount, rating];
  // `first <= v1` leads so the walk starts at the cursor in the index; the rest picks the rows after it.
  return {
    condition: sql`(${first} <= ${v1} and (${first} < ${v1} or ${second} < ${v2} or (${second} = ${v2} and ${b.id} > ${id})))`,
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
    primaryCategory: row.primaryCategory,
    cuisine: row.cuisine,
    subcategory: row.subcategory,
    description: row.description,
    address: row.address,
    serviceArea: row.serviceArea,
    serviceRadiusKm: row.serviceRadiusKm,
    city: row.city,
    state: row.state,
    zip: row.zip,
    country: row.country,
    neighborhood: row.neighborhood,
    priceRange: row.priceRange,
    features: row.features,
    categories: row.categories.slice(0, allowance.categories),
    // The page links each category by its name (issue 34): the primary one first.
    categoryLinks: [row.primaryCategory, ...row.categories.slice(0, allowance.categories)].map((slug) => ({
      slug,
      name: categoryName(slug),
    })),
    rating: Number(row.rating),
    reviewCount: row.reviewCount,
    plan: row.plan,
    phone: row.phone,
    website: row.website,
    email: row.email,
    bookingUrl: row.bookingUrl,
    // Social links come with Featured and Premium; after a downgrade they are kept but not shown.
    socialLinks: allowance.socialLinks ? socialLinkList(row.socialLinks) : [],
    timezone: row.timezone,
    // A service-area business's base is never given out (docs/maps.md).
    latitude: row.address === null ? null : row.latitude,
    longitude: row.address === null ? null : row.longitude,
    // How exact that position is (issue 40): the page says when it is a postal code's or a city's centre.
    locationPrecision:
      row.address === null || row.latitude === null ? null : (row.locationPrecision ?? ("exact" as const)),
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
      order by coalesce(v.n, 0) + coalesce(r.n, 0) * 5 desc,
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

/** Premium's homepage exposure: how many take the home page's Sponsored row at once, and for how long. */
export const SPONSORED_SLOTS = 3;
export const SPONSORED_ROTATION_MS = 60 * 60 * 1000;

/**
 * Which of `count` listings (in a stable order) take the `slots` at `now`: consecutive ones from a start that moves
 * on by `slots` each rotation, wrapping round, so over `count` rotations every listing is shown equally often
 * (`slots` times) whatever its rating or age — the exposure is sold alike to each.
 */
export function sponsoredRotation(count: number, slots: number, now: Date, rotationMs = SPONSORED_ROTATION_MS) {
  if (count <= 0) return [];
  const start = (Math.floor(now.getTime() / rotationMs) * slots) % count;
  return Array.from({ length: Math.min(slots, count) }, (_, i) => (start + i) % count);
}

/**
 * The home page's Sponsored row (issue 36, the Premium plan's "homepage exposure"): published Premium listings of
 * the site's city, in turn (sponsoredRotation). The ids are read whole — a city's Premium listings are a few
 * hundred at most — through the city index.
 */
export async function sponsoredBusinesses(
  db: Database,
  site: SiteCity,
  now = new Date(),
  slots = SPONSORED_SLOTS,
): Promise<BusinessCard[]> {
  const ids = await queryRows<{ id: string }>(
    db,
    sql`select ${b.id} as id from ${b}
        where ${b.status} = 'published' and ${b.plan} = 'premium' and ${inCity(site)}
        order by ${b.id}`,
  );
  const chosen = sponsoredRotation(ids.length, slots, now).map((i) => ids[i]!.id);
  if (!chosen.length) return [];
  const cards = await db.select(cardColumns).from(b).where(inArray(b.id, chosen));
  const ordered = chosen.map((id) => cards.find((c) => c.id === id)).filter((c): c is CardRow => !!c);
  return toCards(db, ordered, now);
}
