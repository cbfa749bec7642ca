import { sql } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import { businesses } from "~/.server/db/schema";
import type { SearchEngine } from "~/features/directory/search-engine.server";
import { searchParamsSchema } from "~/features/directory/search-params";
import type { BusinessCard } from "~/features/directory/types";
import type { ListingCategory } from "~/lib/catalogue-basics";
import { categoryForKind } from "~/lib/category-tree";

/**
 * Search relevance, measured (issue 35): a judged set of queries over two directories the project builds itself —
 * the demo city (server/seed) and a generated national directory of six cities whose every listing has a known
 * category, kind and place — scored with precision@10, recall@20 and NDCG@10. Judgements are rules over what a
 * listing is (its category and kind, its city, a tag), the way the issue judged Yelp's answers by Yelp's categories,
 * so they hold however the data grows. `npm run bench:relevance` runs it all and writes docs/benchmarks.md;
 * tests/integration/search-relevance.test.ts runs it in CI with a floor.
 */

export interface Judged {
  /** The query class the figures are grouped by. */
  kind:
    | "category word"
    | "synonym"
    | "cuisine"
    | "service"
    | "typo"
    | "place in text"
    | "near, no radius"
    | "near, radius"
    | "quality / price"
    | "word vs word"
    | "name"
    | "beyond the four";
  /** The search as a visitor sends it (`GET /api/v1/businesses?…`). */
  params: Record<string, string>;
  /** Whether a listing answers the query (what a person who typed it wanted). */
  relevant: (b: JudgedListing) => boolean;
}

export interface JudgedListing {
  name: string;
  category: ListingCategory;
  kind: string | null;
  city: string;
  state: string | null;
  features: string[];
  priceRange: string | null;
  /** Name and description, for what a listing says it serves ("pizza" at an Italian place). */
  text: string;
}

const is =
  (category: ListingCategory, ...kinds: string[]) =>
  (b: JudgedListing) =>
    b.category === category && (!kinds.length || (b.kind !== null && kinds.includes(b.kind)));
const inCity = (city: string, test: (b: JudgedListing) => boolean) => (b: JudgedListing) => b.city === city && test(b);
// A bar is what serves drinks (the "Full Bar" tag), not a name with "bar" in it (Bar-B-Q, Barcade, Barbara's, Espresso Bar).
const isBar = (b: JudgedListing) => b.features.includes("Full Bar");

const servesPizza = (b: JudgedListing) => b.category === "restaurants" && (b.kind === "pizza" || /pizza/i.test(b.text));

/** The demo city (Springfield, IL): what a newcomer types there. */
export const DEMO_QUERIES: Judged[] = [
  { kind: "category word", params: { q: "restaurants" }, relevant: is("restaurants") },
  { kind: "category word", params: { q: "restaurant" }, relevant: is("restaurants") },
  { kind: "category word", params: { q: "food" }, relevant: is("restaurants") },
  { kind: "category word", params: { q: "places to eat" }, relevant: is("restaurants") },
  { kind: "category word", params: { q: "entertainment" }, relevant: is("entertainment") },
  { kind: "category word", params: { q: "things to do" }, relevant: is("entertainment") },
  { kind: "category word", params: { q: "shopping" }, relevant: is("shopping") },
  { kind: "category word", params: { q: "home services" }, relevant: is("services") },
  { kind: "synonym", params: { q: "coffee shop" }, relevant: is("restaurants", "cafe") },
  { kind: "synonym", params: { q: "cafe" }, relevant: is("restaurants", "cafe") },
  { kind: "synonym", params: { q: "pizzeria" }, relevant: is("restaurants", "pizza") },
  { kind: "synonym", params: { q: "jeweler" }, relevant: is("shopping", "jewelry") },
  { kind: "synonym", params: { q: "clothes" }, relevant: is("shopping", "clothing") },
  { kind: "synonym", params: { q: "gift shop" }, relevant: is("shopping", "gifts") },
  { kind: "synonym", params: { q: "furniture" }, relevant: is("shopping", "home") },
  { kind: "synonym", params: { q: "escape rooms" }, relevant: is("entertainment", "escape") },
  { kind: "synonym", params: { q: "theatre" }, relevant: is("entertainment", "theater") },
  { kind: "synonym", params: { q: "museum" }, relevant: is("entertainment", "attractions") },
  { kind: "cuisine", params: { q: "chinese food" }, relevant: is("restaurants", "chinese") },
  { kind: "cuisine", params: { q: "italian restaurant" }, relevant: is("restaurants", "italian") },
  { kind: "cuisine", params: { q: "mexican" }, relevant: is("restaurants", "mexican") },
  { kind: "cuisine", params: { q: "indian food" }, relevant: is("restaurants", "indian") },
  { kind: "cuisine", params: { q: "bakery" }, relevant: is("restaurants", "bakery") },
  { kind: "service", params: { q: "plumber" }, relevant: is("services", "plumbing") },
  { kind: "service", params: { q: "electrician" }, relevant: is("services", "electrical") },
  { kind: "service", params: { q: "house cleaning" }, relevant: is("services", "cleaning") },
  { kind: "service", params: { q: "landscaper" }, relevant: is("services", "landscaping") },
  { kind: "typo", params: { q: "resturants" }, relevant: is("restaurants") },
  { kind: "typo", params: { q: "plumbr" }, relevant: is("services", "plumbing") },
  { kind: "typo", params: { q: "electrision" }, relevant: is("services", "electrical") },
  { kind: "typo", params: { q: "jewelery" }, relevant: is("shopping", "jewelry") },
  { kind: "place in text", params: { q: "pizza springfield" }, relevant: servesPizza },
  { kind: "place in text", params: { q: "pizza near me" }, relevant: servesPizza },
  { kind: "quality / price", params: { q: "best pizza" }, relevant: servesPizza },
  { kind: "quality / price", params: { q: "cheap eats" }, relevant: (b) => is("restaurants")(b) && cheap(b) },
  { kind: "quality / price", params: { q: "top rated plumber" }, relevant: is("services", "plumbing") },
  // The category tree's groups beyond the spec's four (issue 34), as people name them.
  { kind: "beyond the four", params: { q: "dentist" }, relevant: is("health", "dentists") },
  { kind: "beyond the four", params: { q: "vet" }, relevant: is("pets", "veterinarians") },
  { kind: "beyond the four", params: { q: "haircut" }, relevant: is("beauty", "barbers", "hair-salons") },
  { kind: "beyond the four", params: { q: "nail salon" }, relevant: is("beauty", "nail-salons") },
  { kind: "beyond the four", params: { q: "credit union" }, relevant: is("financial", "banks") },
  { kind: "beyond the four", params: { q: "a mechanic" }, relevant: is("automotive", "auto-repair") },
  { kind: "beyond the four", params: { q: "gym" }, relevant: is("fitness", "gyms") },
  { kind: "beyond the four", params: { q: "pub" }, relevant: is("nightlife", "bars") },
  { kind: "beyond the four", params: { q: "library" }, relevant: is("public-services", "libraries") },
  { kind: "beyond the four", params: { q: "church" }, relevant: is("religious", "churches") },
];

const cheap = (b: JudgedListing) => b.priceRange === "$" || b.priceRange === "$$";

/** The generated national directory: six cities far apart, the same kinds in each. */
export const CITIES = [
  { city: "Phoenix", state: "AZ", zip: "85004", lat: 33.4484, lng: -112.074, tz: "America/Phoenix" },
  { city: "Philadelphia", state: "PA", zip: "19103", lat: 39.9526, lng: -75.1652, tz: "America/New_York" },
  { city: "Tampa", state: "FL", zip: "33602", lat: 27.9506, lng: -82.4572, tz: "America/New_York" },
  { city: "Denver", state: "CO", zip: "80202", lat: 39.7392, lng: -104.9903, tz: "America/Denver" },
  { city: "Columbus", state: "OH", zip: "43215", lat: 39.9612, lng: -82.9988, tz: "America/New_York" },
  { city: "Portland", state: "OR", zip: "97204", lat: 45.5152, lng: -122.6784, tz: "America/Los_Angeles" },
] as const;

export const NATIONAL_QUERIES: Judged[] = [
  ...CITIES.flatMap((c): Judged[] => {
    const near = `${c.city}, ${c.state}`;
    return [
      { kind: "near, no radius", params: { q: "pizza", near }, relevant: inCity(c.city, is("restaurants", "pizza")) },
      {
        kind: "near, no radius",
        params: { q: "mechanic", near },
        relevant: inCity(c.city, is("automotive", "auto-repair")),
      },
      {
        kind: "near, radius",
        params: { q: "coffee", near, radius: "25" },
        relevant: inCity(c.city, is("restaurants", "cafe")),
      },
      { kind: "word vs word", params: { q: "bar", near }, relevant: inCity(c.city, isBar) },
      {
        kind: "place in text",
        params: { q: `chinese food in ${c.city}` },
        relevant: inCity(c.city, is("restaurants", "chinese")),
      },
      {
        kind: "near, no radius",
        params: { q: "tacos", near: c.zip },
        relevant: inCity(c.city, is("restaurants", "mexican")),
      },
    ];
  }),
  {
    kind: "service",
    params: { q: "auto repair", near: "Denver, CO" },
    relevant: inCity("Denver", is("automotive", "auto-repair")),
  },
  {
    kind: "service",
    params: { q: "car repair", near: "Tampa, FL" },
    relevant: inCity("Tampa", is("automotive", "auto-repair")),
  },
  {
    kind: "synonym",
    params: { q: "coffee shop", near: "Portland, OR" },
    relevant: inCity("Portland", is("restaurants", "cafe")),
  },
  {
    kind: "typo",
    params: { q: "mechanc", near: "Columbus, OH" },
    relevant: inCity("Columbus", is("automotive", "auto-repair")),
  },
  {
    kind: "name",
    params: { q: "Liberty Slice", near: "Philadelphia, PA" },
    relevant: (b) => b.name === "Liberty Slice Pizza" && b.city === "Philadelphia",
  },
];

/** Deterministic pseudo-random numbers (mulberry32), so every run builds the same directory. */
function random(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** What each kind of listing is called and says about itself; `{p}` is a local word. Decoys share a word. */
const TEMPLATES: {
  category: ListingCategory;
  kind: string;
  names: string[];
  description: string;
  features?: string[];
}[] = [
  {
    category: "restaurants",
    kind: "pizza",
    names: ["{p} Slice Pizza", "{p} Pizza Co.", "Pizzeria {p}"],
    description: "Hand-tossed pizza by the slice or the pie, calzones and garlic knots.",
  },
  {
    category: "restaurants",
    kind: "italian",
    names: ["Trattoria {p}", "{p} Pasta House"],
    description: "Fresh pasta, risotto and a wine list from Piedmont.",
  },
  {
    category: "restaurants",
    kind: "chinese",
    names: ["{p} Dumpling House", "Golden {p} Wok", "{p} Noodle Kitchen"],
    description: "Hand-pulled noodles, dumplings and Sichuan dishes.",
  },
  {
    category: "restaurants",
    kind: "mexican",
    names: ["Taqueria {p}", "{p} Cantina"],
    description: "Street tacos, burritos, tamales and house salsas.",
  },
  {
    category: "restaurants",
    kind: "cafe",
    names: ["{p} Coffee Roasters", "{p} Espresso Bar", "Cafe {p}"],
    description: "Single-origin coffee, espresso drinks and pastries.",
    features: ["Wi-Fi"],
  },
  {
    category: "restaurants",
    kind: "american",
    names: ["{p} Bar-B-Q", "{p} Smokehouse BBQ"],
    description: "Slow-smoked brisket, ribs and pulled pork with house sauces.",
  },
  {
    category: "restaurants",
    kind: "american",
    names: ["{p} Tavern", "The {p} Bar & Grill", "{p} Taproom"],
    description: "Craft beer on tap, cocktails and burgers until late.",
    features: ["Full Bar", "Late Night"],
  },
  {
    category: "automotive",
    kind: "auto-repair",
    names: ["{p} Auto Repair", "{p} Garage & Tire", "{p} Motorworks"],
    description: "Brakes, oil changes, engine diagnostics and state inspections.",
  },
  {
    category: "services",
    kind: "plumbing",
    names: ["{p} Plumbing", "{p} Drain & Sewer"],
    description: "Leaks, water heaters and drain cleaning, 24/7.",
  },
  {
    category: "shopping",
    kind: "clothing",
    names: ["{p} Barbara's Boutique"],
    description: "Women's clothing, shoes and accessories.",
  },
  {
    category: "entertainment",
    kind: "arcade",
    names: ["{p} Barcade"],
    description: "Retro arcade games and pinball.",
  },
];

const LOCAL = ["Liberty", "Desert", "Harbor", "Summit", "River", "Mesa", "Union", "Cedar", "Copper", "Maple"];

/** Inserts the national directory (about 25 listings a city) into an empty database. */
export async function seedNationalDirectory(db: Database) {
  const rnd = random(35);
  const rows: (typeof businesses.$inferInsert)[] = [];
  let n = 0;
  for (const [ci, c] of CITIES.entries()) {
    for (const t of TEMPLATES) {
      for (const [ni, template] of t.names.entries()) {
        const local = ci === 1 && t.kind === "pizza" && ni === 0 ? "Liberty" : LOCAL[(ci * 3 + ni + n) % LOCAL.length]!;
        const name = template.replace("{p}", local);
        n += 1;
        const reviews = Math.floor(rnd() * 300);
        rows.push({
          slug: `${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${c.city.toLowerCase()}-${n}`,
          name,
          category: t.category,
          ...(t.category === "restaurants" ? { cuisine: t.kind } : { subcategory: t.kind }),
          primaryCategory: categoryForKind(t.category, t.kind),
          description: t.description,
          features: t.features ?? [],
          address: `${100 + n} Main St`,
          city: c.city,
          state: c.state,
          zip: c.zip,
          timezone: c.tz,
          latitude: c.lat + (rnd() - 0.5) * 0.1,
          longitude: c.lng + (rnd() - 0.5) * 0.1,
          rating: reviews ? Math.round((3 + rnd() * 2) * 10) / 10 : 0,
          reviewCount: reviews,
          priceRange: (["$", "$$", "$$$"] as const)[Math.floor(rnd() * 3)],
          status: "published",
        });
      }
    }
  }
  await db.insert(businesses).values(rows);
  return rows.length;
}

/** Every published listing, as the judgements see it. */
export async function judgedListings(db: Database): Promise<Map<string, JudgedListing>> {
  const rows = await db
    .select({
      id: businesses.id,
      name: businesses.name,
      category: businesses.category,
      kind: sql<string | null>`coalesce(${businesses.cuisine}, ${businesses.subcategory})`,
      city: businesses.city,
      state: businesses.state,
      features: businesses.features,
      priceRange: businesses.priceRange,
      text: sql<string>`${businesses.name} || ' ' || coalesce(${businesses.description}, '')`,
    })
    .from(businesses)
    .where(sql`${businesses.status} = 'published'`);
  return new Map(rows.map(({ id, ...r }) => [id, r]));
}

export interface Score {
  query: string;
  kind: Judged["kind"];
  relevant: number;
  precision10: number;
  recall20: number;
  ndcg10: number;
}

/**
 * Precision@10 counts the relevant answers among the first ten against the most that could be there (ten, or every
 * relevant listing when there are fewer): a query with three right answers that lists all three first scores 1.
 * Recall@20: the share of every relevant listing among the first twenty. NDCG@10 with binary gains.
 */
export function score(judged: Judged, items: Pick<BusinessCard, "id">[], all: Map<string, JudgedListing>): Score {
  const relevantIds = new Set([...all].filter(([, b]) => judged.relevant(b)).map(([id]) => id));
  const hits = items.map((i) => relevantIds.has(i.id));
  const total = relevantIds.size;
  const top10 = hits.slice(0, 10).filter(Boolean).length;
  const top20 = hits.slice(0, 20).filter(Boolean).length;
  const dcg = hits.slice(0, 10).reduce((sum, hit, i) => sum + (hit ? 1 / Math.log2(i + 2) : 0), 0);
  let ideal = 0;
  for (let i = 0; i < Math.min(10, total); i++) ideal += 1 / Math.log2(i + 2);
  const query = Object.entries(judged.params)
    .map(([k, v]) => (k === "q" ? v : `${k}=${v}`))
    .join(" · ");
  return {
    query,
    kind: judged.kind,
    relevant: total,
    precision10: total ? top10 / Math.min(10, total) : items.length ? 0 : 1,
    recall20: total ? top20 / total : 1,
    ndcg10: ideal ? dcg / ideal : items.length ? 0 : 1,
  };
}

/** Runs each judged query through the engine (20 answers, as the search page shows) and scores it. */
export async function runJudged(engine: SearchEngine, db: Database, set: Judged[]): Promise<Score[]> {
  const all = await judgedListings(db);
  const scores: Score[] = [];
  for (const judged of set) {
    const params = searchParamsSchema.parse({ ...judged.params, pageSize: "20" });
    const result = await engine.search(params);
    scores.push(score(judged, result.items, all));
  }
  return scores;
}

export function mean(scores: Score[], key: "precision10" | "recall20" | "ndcg10") {
  return scores.length ? scores.reduce((s, x) => s + x[key], 0) / scores.length : 0;
}

/** The figures per query class and overall, as a Markdown table. */
export function scoreTable(scores: Score[]) {
  const classes = [...new Set(scores.map((s) => s.kind))];
  const row = (label: string, group: Score[]) =>
    `| ${label} | ${group.length} | ${mean(group, "precision10").toFixed(2)} | ${mean(group, "recall20").toFixed(2)} | ${mean(group, "ndcg10").toFixed(2)} |`;
  return [
    "| query class | queries | precision@10 | recall@20 | NDCG@10 |",
    "| --- | --: | --: | --: | --: |",
    ...classes.map((k) =>
      row(
        k,
        scores.filter((s) => s.kind === k),
      ),
    ),
    row("**all**", scores),
  ].join("\n");
}
