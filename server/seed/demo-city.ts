import { createHash } from "node:crypto";
import type { businesses, businessHours, businessSpecialHours, reviews } from "../../app/.server/db/schema";
import { DEMO_BUSINESSES, type DemoBusinessSpec, type HoursPreset } from "./demo-businesses";
import { DEMO_IMAGES, type DemoImage } from "./demo-images";
import { authorName, pick, reviewContent, type Rng } from "./demo-reviews";
import { slugify } from "../../app/lib/slug";
import { PLAN_ALLOWANCES } from "../../app/lib/catalogue";
import { resolveCategory } from "../../app/lib/category-tree";
import type { SocialLinks } from "../../app/lib/social-links";
import { additionalCategories, settleCategories } from "../../app/features/listings/categories";

/**
 * A demo listing's categories as the listing form would save them (issue 34): the primary category, the labels that
 * name a category as additional ones (up to the plan's allowance), the other labels kept as features.
 */
function demoCategories(spec: DemoBusinessSpec) {
  // The listing schema's own rules (app/features/listings/categories.ts): the group and facets from the primary.
  const settled = settleCategories(
    spec.primary
      ? { primaryCategory: spec.primary }
      : { category: spec.category, cuisine: spec.cuisine ?? null, subcategory: spec.subcategory ?? null },
  ).value!;
  const named = spec.labels.map((label) => [label, resolveCategory(label)] as const);
  const additional = additionalCategories(
    named.flatMap(([, slug]) => (slug ? [slug] : [])),
    settled,
  );
  const tags = named.filter(([, slug]) => !slug).map(([label]) => label);
  return {
    ...settled,
    categories: additional.slice(0, PLAN_ALLOWANCES[spec.plan ?? "basic"].categories),
    features: [...spec.features, ...tags.filter((t) => !spec.features.includes(t))].slice(0, 20),
  };
}

/**
 * Turns the hand-written business list into complete rows for one city:
 * addresses, phones, coordinates, weekly and holiday hours, images and
 * reviews. Pure and deterministic: the same city and day give the same rows
 * (review and listing dates are relative to `now`).
 */

export interface DemoCityOptions {
  city: string;
  state: string;
  timezone: string;
  now: Date;
}

export interface DemoBusiness {
  business: typeof businesses.$inferInsert & { id: string; slug: string };
  hours: (typeof businessHours.$inferInsert)[];
  specialHours: (typeof businessSpecialHours.$inferInsert)[];
  images: DemoImage[];
  reviews: (typeof reviews.$inferInsert)[];
}

/** mulberry32: small, fast and good enough for demo data. */
export function prng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function seedOf(text: string) {
  return createHash("sha256").update(text).digest().readUInt32LE(0);
}

/** A stable UUID (v4 layout) derived from a name, so demo ids are the same on every fresh start. */
export function stableUuid(name: string) {
  const h = createHash("sha256").update(`near-demo:${name}`).digest();
  h[6] = (h[6]! & 0x0f) | 0x40;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

interface CityFacts {
  lat: number;
  lng: number;
  zips: readonly string[];
  areaCode: string;
  /**
   * Neighbourhoods and their rough centres: a demo listing is in the nearest one (issue 14: a newcomer can type
   * "Downtown" in Near me). Only for the default city; elsewhere listings have none.
   */
  neighborhoods?: readonly { name: string; lat: number; lng: number }[];
}

/** A few cities we can place convincingly; others get Springfield's zips and no coordinates. */
const CITIES: Record<string, CityFacts> = {
  "springfield|il": {
    lat: 39.799,
    lng: -89.644,
    zips: ["62701", "62702", "62703", "62704", "62711", "62712"],
    areaCode: "217",
    neighborhoods: [
      { name: "Downtown", lat: 39.801, lng: -89.648 },
      { name: "Enos Park", lat: 39.815, lng: -89.65 },
      { name: "Lincoln Park", lat: 39.828, lng: -89.638 },
      { name: "Pillsbury Mills", lat: 39.82, lng: -89.61 },
      { name: "Eastview", lat: 39.798, lng: -89.608 },
      { name: "Harvard Park", lat: 39.775, lng: -89.62 },
      { name: "Vinegar Hill", lat: 39.787, lng: -89.652 },
      { name: "Washington Park", lat: 39.788, lng: -89.675 },
      { name: "Westchester", lat: 39.77, lng: -89.685 },
    ],
  },
  "washington|dc": {
    lat: 38.9072,
    lng: -77.0369,
    zips: ["20001", "20002", "20003", "20005", "20009", "20010"],
    areaCode: "202",
  },
  "baltimore|md": {
    lat: 39.2904,
    lng: -76.6122,
    zips: ["21201", "21202", "21211", "21218", "21224", "21230"],
    areaCode: "410",
  },
  "philadelphia|pa": {
    lat: 39.9526,
    lng: -75.1652,
    zips: ["19102", "19103", "19106", "19107", "19123", "19147"],
    areaCode: "215",
  },
  "chicago|il": {
    lat: 41.8781,
    lng: -87.6298,
    zips: ["60601", "60605", "60607", "60614", "60622", "60647"],
    areaCode: "312",
  },
  "new york|ny": {
    lat: 40.7128,
    lng: -74.006,
    zips: ["10001", "10003", "10011", "10012", "10014", "10024"],
    areaCode: "212",
  },
  "boston|ma": {
    lat: 42.3601,
    lng: -71.0589,
    zips: ["02108", "02111", "02116", "02118", "02127", "02130"],
    areaCode: "617",
  },
  "austin|tx": {
    lat: 30.2672,
    lng: -97.7431,
    zips: ["78701", "78702", "78703", "78704", "78705", "78751"],
    areaCode: "512",
  },
  "denver|co": {
    lat: 39.7392,
    lng: -104.9903,
    zips: ["80202", "80203", "80205", "80206", "80211", "80218"],
    areaCode: "303",
  },
  "seattle|wa": {
    lat: 47.6062,
    lng: -122.3321,
    zips: ["98101", "98102", "98103", "98107", "98109", "98122"],
    areaCode: "206",
  },
  "portland|or": {
    lat: 45.5152,
    lng: -122.6784,
    zips: ["97201", "97205", "97209", "97211", "97214", "97232"],
    areaCode: "503",
  },
  "san francisco|ca": {
    lat: 37.7749,
    lng: -122.4194,
    zips: ["94102", "94103", "94107", "94110", "94114", "94117"],
    areaCode: "415",
  },
};
const STATE_CODES: Record<string, string> = {
  illinois: "il",
  "district of columbia": "dc",
  maryland: "md",
  pennsylvania: "pa",
  "new york": "ny",
  massachusetts: "ma",
  texas: "tx",
  colorado: "co",
  washington: "wa",
  oregon: "or",
  california: "ca",
};

export function cityFacts(city: string, state: string): { facts: CityFacts; known: boolean } {
  const s = state.trim().toLowerCase();
  const key = `${city.trim().toLowerCase()}|${STATE_CODES[s] ?? s}`;
  const facts = CITIES[key];
  return facts ? { facts, known: true } : { facts: CITIES["springfield|il"]!, known: false };
}

const STREETS = [
  "Monroe St",
  "Adams St",
  "Washington St",
  "Jefferson St",
  "Capitol Ave",
  "Lawrence Ave",
  "Edwards St",
  "Cook St",
  "5th St",
  "6th St",
  "7th St",
  "9th St",
  "Wabash Ave",
  "MacArthur Blvd",
  "Chatham Rd",
  "Stevenson Dr",
  "Veterans Pkwy",
  "Lincoln Ave",
  "Grand Ave",
  "Walnut St",
  "Oak Ridge Dr",
  "Maple Ave",
  "Elm St",
  "Park Ave",
  "Lake Shore Dr",
  "Main St",
  "Mill St",
  "Market St",
  "Church St",
  "Prairie Ave",
];

/** The neighbourhood whose centre is nearest (flat distance: the city is a few miles across). */
function nearestNeighborhood(facts: CityFacts, lat: number | null, lng: number | null): string | null {
  if (!facts.neighborhoods || lat === null || lng === null) return null;
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const n of facts.neighborhoods) {
    const distance = (n.lat - lat) ** 2 + ((n.lng - lng) * Math.cos((lat * Math.PI) / 180)) ** 2;
    if (distance < bestDistance) [best, bestDistance] = [n.name, distance];
  }
  return best;
}

type Day = readonly [open: string, close: string] | null;
const d = (open: string, close: string): Day => [open, close];
/** Weekly hours, index 0 = Sunday … 6 = Saturday; null = closed. A close before the open runs past midnight. */
export const HOURS: Record<HoursPreset, readonly Day[]> = {
  dinner: [
    d("12:00", "21:00"),
    null,
    d("11:30", "21:30"),
    d("11:30", "21:30"),
    d("11:30", "21:30"),
    d("11:30", "22:30"),
    d("11:30", "22:30"),
  ],
  lunchDinner: [
    d("11:00", "21:30"),
    d("11:00", "21:30"),
    d("11:00", "21:30"),
    d("11:00", "21:30"),
    d("11:00", "21:30"),
    d("11:00", "22:30"),
    d("11:00", "22:30"),
  ],
  lateNightPizza: [
    d("11:00", "22:00"),
    d("11:00", "23:00"),
    d("11:00", "23:00"),
    d("11:00", "23:00"),
    d("11:00", "23:00"),
    d("11:00", "02:00"),
    d("11:00", "02:00"),
  ],
  cafe: [
    d("08:00", "15:00"),
    d("06:30", "18:00"),
    d("06:30", "18:00"),
    d("06:30", "18:00"),
    d("06:30", "18:00"),
    d("06:30", "18:00"),
    d("07:00", "17:00"),
  ],
  bakery: [
    d("07:00", "13:00"),
    null,
    d("06:30", "15:00"),
    d("06:30", "15:00"),
    d("06:30", "15:00"),
    d("06:30", "15:00"),
    d("07:00", "14:00"),
  ],
  bar: [
    d("12:00", "22:00"),
    d("16:00", "00:00"),
    d("16:00", "00:00"),
    d("16:00", "00:00"),
    d("16:00", "00:00"),
    d("16:00", "02:00"),
    d("16:00", "02:00"),
  ],
  diner: [
    d("07:00", "15:00"),
    d("06:00", "21:00"),
    d("06:00", "21:00"),
    d("06:00", "21:00"),
    d("06:00", "21:00"),
    d("06:00", "23:00"),
    d("06:00", "23:00"),
  ],
  retail: [
    d("12:00", "17:00"),
    d("10:00", "19:00"),
    d("10:00", "19:00"),
    d("10:00", "19:00"),
    d("10:00", "19:00"),
    d("10:00", "19:00"),
    d("10:00", "18:00"),
  ],
  boutique: [
    null,
    null,
    d("10:00", "18:00"),
    d("10:00", "18:00"),
    d("10:00", "18:00"),
    d("10:00", "18:00"),
    d("10:00", "17:00"),
  ],
  services: [
    null,
    d("07:00", "18:00"),
    d("07:00", "18:00"),
    d("07:00", "18:00"),
    d("07:00", "18:00"),
    d("07:00", "18:00"),
    d("08:00", "14:00"),
  ],
  // Open around the clock: 00:00 to 24:00 every day.
  allDay: Array.from({ length: 7 }, () => d("00:00", "24:00")),
  theater: [
    d("13:00", "21:00"),
    null,
    null,
    d("18:00", "22:30"),
    d("18:00", "22:30"),
    d("12:00", "23:30"),
    d("12:00", "23:30"),
  ],
  comedy: [d("18:00", "22:00"), null, null, null, d("19:00", "23:00"), d("19:00", "01:00"), d("19:00", "01:00")],
  arcade: [
    d("11:00", "22:00"),
    d("14:00", "23:00"),
    d("14:00", "23:00"),
    d("14:00", "23:00"),
    d("14:00", "23:00"),
    d("11:00", "02:00"),
    d("11:00", "02:00"),
  ],
  barcade: [
    d("14:00", "22:00"),
    null,
    d("16:00", "00:00"),
    d("16:00", "00:00"),
    d("16:00", "02:00"),
    d("16:00", "02:00"),
    d("16:00", "02:00"),
  ],
  escape: [
    d("10:00", "20:00"),
    d("12:00", "22:00"),
    d("12:00", "22:00"),
    d("12:00", "22:00"),
    d("12:00", "22:00"),
    d("10:00", "00:00"),
    d("10:00", "00:00"),
  ],
  attraction: [
    d("10:00", "20:00"),
    d("10:00", "20:00"),
    d("10:00", "20:00"),
    d("10:00", "20:00"),
    d("10:00", "20:00"),
    d("10:00", "21:00"),
    d("10:00", "21:00"),
  ],
  museum: [
    d("12:00", "17:00"),
    null,
    d("09:30", "17:00"),
    d("09:30", "17:00"),
    d("09:30", "17:00"),
    d("09:30", "17:00"),
    d("09:30", "17:00"),
  ],
};

/** Today's date (YYYY-MM-DD parts) in a time zone. */
function localDate(now: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "numeric",
    day: "numeric",
  }).formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: get("year"), month: get("month"), day: get("day") };
}

const iso = (year: number, month: number, day: number) =>
  `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;

/** The 4th Thursday of November. */
function thanksgiving(year: number) {
  const firstDow = new Date(Date.UTC(year, 10, 1)).getUTCDay();
  return 1 + ((4 - firstDow + 7) % 7) + 21;
}

/**
 * Social links (issue 36) on every Premium listing and every other Featured one; none on Basic, which can't show
 * them. Derived from the slug, not the random stream, so the rest of the demo city stays as it was.
 */
function demoSocialLinks(plan: string, slug: string, index: number): SocialLinks {
  if (plan === "premium")
    return {
      facebook: `https://facebook.com/${slug}`,
      instagram: `https://instagram.com/${slug}`,
      yelp: `https://yelp.com/biz/${slug}`,
    };
  if (plan === "featured" && index % 2 === 0) return { instagram: `https://instagram.com/${slug}` };
  return {};
}

/** The next occurrence (today or later) of each holiday, as YYYY-MM-DD. */
export function upcomingHolidays(now: Date, timeZone: string) {
  const today = localDate(now, timeZone);
  const todayIso = iso(today.year, today.month, today.day);
  const next = (month: number, day: (year: number) => number) => {
    const thisYear = iso(today.year, month, day(today.year));
    return thisYear >= todayIso ? thisYear : iso(today.year + 1, month, day(today.year + 1));
  };
  return {
    thanksgiving: next(11, thanksgiving),
    christmasEve: next(12, () => 24),
    christmas: next(12, () => 25),
    newYearsEve: next(12, () => 31),
    newYearsDay: next(1, () => 1),
    independenceDay: next(7, () => 4),
  };
}

type Special = typeof businessSpecialHours.$inferInsert;

function specialDates(spec: DemoBusinessSpec, id: string, holidays: ReturnType<typeof upcomingHolidays>): Special[] {
  if (spec.hours === "allDay") return [];
  const closed = (date: string, note: string): Special => ({
    businessId: id,
    date,
    isClosed: true,
    openTime: null,
    closeTime: null,
    note,
  });
  const open = (date: string, openTime: string, closeTime: string, note: string): Special => ({
    businessId: id,
    date,
    isClosed: false,
    openTime,
    closeTime,
    note,
  });
  const list: Special[] = [closed(holidays.christmas, "Closed for Christmas Day")];
  switch (spec.category) {
    case "restaurants":
      list.push(closed(holidays.thanksgiving, "Closed for Thanksgiving"));
      if (spec.hours === "bar")
        list.push(open(holidays.newYearsEve, "16:00", "03:00", "New Year's Eve party until 3 a.m."));
      break;
    case "shopping":
      list.push(closed(holidays.thanksgiving, "Closed for Thanksgiving"));
      list.push(open(holidays.christmasEve, "10:00", "15:00", "Christmas Eve: closing early"));
      break;
    case "services":
      list.push(closed(holidays.newYearsDay, "Closed for New Year's Day"));
      list.push(closed(holidays.independenceDay, "Closed for Independence Day"));
      break;
    case "entertainment":
      list.push(open(holidays.newYearsDay, "12:00", "18:00", "New Year's Day hours"));
      break;
  }
  return list;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function gaussian(rand: Rng) {
  // Box–Muller
  const u = Math.max(rand(), 1e-9);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rand());
}

function reviewCount(spec: DemoBusinessSpec, rand: Rng) {
  if (spec.reviews !== undefined) return spec.reviews;
  const [min, max] = spec.plan === "premium" ? [7, 12] : spec.plan === "featured" ? [4, 12] : [1, 9];
  return min + Math.floor(rand() * (max - min + 1));
}

export function buildDemoCity(opts: DemoCityOptions): DemoBusiness[] {
  const { facts, known } = cityFacts(opts.city, opts.state);
  const holidays = upcomingHolidays(opts.now, opts.timezone);
  const now = opts.now.getTime();
  const usedAddresses = new Set<string>();
  const kindCount = new Map<string, number>();

  return DEMO_BUSINESSES.map((spec, index) => {
    const name = spec.name.replaceAll("{city}", opts.city);
    const slug = slugify(name);
    const id = stableUuid(slug);
    const rand = prng(seedOf(slug));
    const description = spec.description.replaceAll("{city}", opts.city);

    let address = "";
    do {
      address = `${100 + Math.floor(rand() * 3800)} ${pick(rand, STREETS)}`;
    } while (usedAddresses.has(address));
    usedAddresses.add(address);

    // Listings that just arrived (no reviews yet) are days old; the rest up to ~2.5 years.
    const isNew = spec.reviews === 0;
    const ageDays = isNew ? 2 + Math.floor(rand() * 10) : 120 + Math.floor(rand() * 780);
    const createdAt = new Date(now - ageDays * DAY_MS - Math.floor(rand() * DAY_MS));
    const updatedAt = new Date(Math.min(now, createdAt.getTime() + Math.floor(rand() * ageDays) * DAY_MS));

    const website = `https://www.${slug}.example`;
    const serving = !!spec.serviceArea?.length || spec.serviceRadiusKm !== undefined;
    // In the order the random numbers were always drawn, so the demo city is the same as before neighbourhoods.
    const zip = pick(rand, facts.zips);
    const latitude = known ? Number((facts.lat + (rand() - 0.5) * 0.07).toFixed(6)) : null;
    const longitude = known ? Number((facts.lng + (rand() - 0.5) * 0.09).toFixed(6)) : null;
    const business: DemoBusiness["business"] = {
      id,
      slug,
      name,
      ...demoCategories(spec),
      ageGroups: spec.ageGroups ?? [],
      description,
      // A service-area business keeps no street address nor postal code: it comes to its customers.
      address: serving ? null : address,
      serviceArea: (spec.serviceArea ?? []).map((place) => place.replaceAll("{city}", opts.city)),
      serviceRadiusKm: spec.serviceRadiusKm ?? null,
      city: opts.city,
      state: opts.state,
      zip: serving ? null : zip,
      neighborhood: nearestNeighborhood(facts, latitude, longitude),
      // Stored in E.164 like every phone (issue 34); the business page shows "(217) 555-0100".
      phone: `+1${facts.areaCode}55501${String(index).padStart(2, "0")}`,
      website,
      email: spec.email ? `hello@${slug}.example` : null,
      bookingUrl: spec.booking ? `${website}/book` : null,
      socialLinks: demoSocialLinks(spec.plan ?? "basic", slug, index),
      priceRange: spec.price,
      timezone: opts.timezone,
      latitude,
      longitude,
      plan: spec.plan ?? "basic",
      status: "published",
      createdAt,
      updatedAt,
    };

    const hours = HOURS[spec.hours].map((day, dow) => ({
      businessId: id,
      day: dow,
      openTime: day ? day[0] : null,
      closeTime: day ? day[1] : null,
      isClosed: day === null,
    }));

    // Per plan: Basic shows one photo, Featured two, Premium three (the pricing page's limits allow more).
    const options = DEMO_IMAGES.filter((img) => img.kinds.includes(spec.kind));
    const wanted = Math.min(options.length, spec.plan === "premium" ? 3 : spec.plan === "featured" ? 2 : 1);
    const start = kindCount.get(spec.kind) ?? 0;
    kindCount.set(spec.kind, start + 1);
    const images = Array.from({ length: wanted }, (_, i) => options[(start + i) % options.length]!);

    const count = reviewCount(spec, rand);
    const used = new Set<string>();
    const reviewRows: DemoBusiness["reviews"] = [];
    const reviewWindow = Math.min(365, ageDays - 1);
    for (let i = 0; i < count; i++) {
      const rating = Math.min(5, Math.max(1, Math.round(spec.quality + gaussian(rand) * 0.85)));
      const at = new Date(now - Math.floor(rand() * reviewWindow * DAY_MS) - 60_000);
      reviewRows.push({
        id: stableUuid(`${slug}:review:${i}`),
        businessId: id,
        author: authorName(rand),
        content: reviewContent(rand, {
          category: spec.category,
          kind: spec.cuisine ?? spec.subcategory ?? spec.kind,
          rating,
          used,
        }),
        rating,
        status: "visible",
        helpfulCount: Math.floor(rand() * rand() * 15),
        createdAt: at,
        updatedAt: at,
      });
    }
    reviewRows.sort((a, b) => a.createdAt!.getTime() - b.createdAt!.getTime());
    const sum = reviewRows.reduce((acc, r) => acc + r.rating, 0);
    business.reviewCount = reviewRows.length;
    business.rating = reviewRows.length ? sum / reviewRows.length : 0;

    return { business, hours, specialHours: specialDates(spec, id, holidays), images, reviews: reviewRows };
  });
}
