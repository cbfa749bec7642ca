import { editDistance } from "~/lib/edit-distance";
import { businessPath } from "~/lib/business-url";
import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { queryRows, type Database } from "~/.server/db/client";
import { businesses } from "~/.server/db/schema";
import { LIMITS, optionLabel } from "~/lib/catalogue";
import { kindOptions } from "~/lib/category-kinds";
import { ALL_CATEGORIES } from "~/lib/category-tree";
import { searchTerms, spellingWords } from "~/lib/spellings";
import { safeText } from "~/lib/text";
import { CATEGORY_LABELS } from "./labels";
import { phrasesFor } from "./query-understanding";
import type { SiteCity } from "./search-query";
import { beginsWith } from "./queries.server";
import {
  normalizeSuggestQuery,
  SUGGEST_LIMIT,
  SUGGEST_MIN_BUSINESS_CHARS,
  type Suggestion,
  type SuggestResponse,
} from "./suggest";

/** GET /api/v1/suggest's query: no text is no suggestions; text too long or with control characters is a 400. */
export const suggestQuerySchema = z.object({
  q: safeText().max(LIMITS.search, `Search text must be at most ${LIMITS.search} characters.`).optional().default(""),
});

// --- the catalogue: categories, cuisines and kinds, matched in memory -------------------------

interface CatalogueEntry {
  suggestion: Suggestion;
  /** The label's and the value's words ("cafe & coffee" → cafe, coffee), then its synonyms' ("mechanic"). */
  words: string[];
  /** How many of `words` are the label's and value's own. */
  own: number;
}

/**
 * Every category of the tree (issue 34): "Dentists" leads to its category page, located like search (the site's
 * city, or the place typed after it). A group is a "category", a restaurant's category a "cuisine", the rest a
 * "kind" named with its group.
 */
const CATALOGUE_SOURCE = ALL_CATEGORIES.map((node) => ({
  suggestion: {
    type:
      node.depth === 0
        ? ("category" as const)
        : node.group === "restaurants"
          ? ("cuisine" as const)
          : ("kind" as const),
    label: node.name,
    detail: node.depth === 0 ? "Category" : node.group === "restaurants" ? "Cuisine" : CATEGORY_LABELS[node.group],
    url: `/categories/${node.slug}`,
  },
  value: node.slug.replace(/-/g, " "),
  synonyms: phrasesFor(node.slug),
}));

const CATALOGUE: CatalogueEntry[] = [...CATALOGUE_SOURCE].map(({ suggestion, value, synonyms }) => ({
  suggestion,
  // The label's and the value's words, and the synonyms' that search reads as it ("mechanic" → Auto Repair).
  words: [
    ...new Set([...spellingWords(suggestion.label), ...spellingWords(value), ...synonyms.flatMap(spellingWords)]),
  ],
  own: new Set([...spellingWords(suggestion.label), ...spellingWords(value)]).size,
}));

/** Typos forgiven in a word: none up to 3 letters, one up to 7, two beyond. */
function allowedTypos(word: string) {
  return word.length <= 3 ? 0 : word.length <= 7 ? 1 : 2;
}

/**
 * How well one typed word fits one catalogue word: 0 when it begins it, 1 with a typo (against
 * the whole word, or its start while the word is still being typed: "cofe" → "coffee"), null
 * when it doesn't fit.
 */
function wordFit(typed: string, word: string, last: boolean): 0 | 1 | null {
  if (last ? word.startsWith(typed) : word === typed) return 0;
  const typos = allowedTypos(typed);
  if (!typos) return null;
  if (editDistance(typed, word, typos) <= typos) return 1;
  if (last && editDistance(typed, word.slice(0, typed.length), typos) <= typos) return 1;
  return null;
}

/**
 * Categories, cuisines and kinds whose words the query's words begin (the last one while typed),
 * allowing a typo or two: the label's own start first, then other words, then typos.
 */
export function catalogueSuggestions(q: string): Suggestion[] {
  const typed = spellingWords(q);
  if (!typed.length) return [];
  const scored: { suggestion: Suggestion; score: number; order: number }[] = [];
  CATALOGUE.forEach((entry, order) => {
    let score = 0;
    for (const [i, word] of typed.entries()) {
      const last = i === typed.length - 1;
      const fits = entry.words.map((w) => wordFit(word, w, last));
      const best = fits.reduce<number | null>((a, f) => (f !== null && (a === null || f < a) ? f : a), null);
      if (best === null) return;
      // Only a synonym's word: after every category whose own name fits ("restau": Restaurants, not Pizza's
      // "pizza restaurant").
      const own = fits.slice(0, entry.own).some((f) => f === best);
      score += best * 2 + (own ? 0 : 1);
    }
    // The label itself begins with the text ("Pi" → "Pizza" before "Home & Decor" for "de").
    if (!spellingWords(entry.suggestion.label).join(" ").startsWith(typed.join(" "))) score += 1;
    scored.push({ suggestion: entry.suggestion, score, order });
  });
  // With some words begun exactly, a typo's guesses are noise among five hundred categories ("kart": Go Karts, not
  // the "cart" of Food Trucks): they show only when nothing fits exactly.
  const exact = scored.filter((s) => s.score < 2);
  return (exact.length ? exact : scored)
    .sort((a, b) => a.score - b.score || a.order - b.order)
    .map((s) => s.suggestion);
}

// --- businesses: published listings by name --------------------------------------------------

const b = businesses;

const REGEX_SPECIALS = /[\\^$.|?*+()[\]{}]/g;

/** Text this long is rare in names: its own trigrams, all of them, find the few candidates. */
const LONG_TEXT = 12;

/**
 * A name with a word beginning with the text, as a regular expression on lower(name): the text
 * (its special characters escaped, so it matches itself) at the start or after anything but a
 * letter or digit ("kar" finds "Go-Karts"). pg_trgm answers it from businesses_name_trgm_idx,
 * and PostgreSQL estimates how many names match from the column's statistics. pg_trgm takes
 * only a few trigrams from a long expression, so long text also says "contains the text"
 * (LIKE), whose every trigram the index uses. A walk (`walked`) says it always, before the
 * regular expression: a substring test turns most names away at a fraction of the cost.
 */
function beginsAWord(text: string, column: SQL, { walked = false } = {}): SQL {
  const name = sql`lower(${column})`;
  const regex = sql`${name} ~ ${`(^|[^a-z0-9])${text.replace(REGEX_SPECIALS, "\\$&")}`}`;
  return walked || text.length >= LONG_TEXT ? and(sql`${name} like ${`%${escapeLike(text)}%`}`, regex)! : regex;
}

const columns = {
  id: b.id,
  slug: b.slug,
  name: b.name,
  category: b.category,
  cuisine: b.cuisine,
  subcategory: b.subcategory,
  city: b.city,
};

/** How many of the site's city's listings, best rated first, a located suggestion tests at most. */
export const SUGGEST_WALK = 20_000;

/** The site's city, as the expressions of businesses_city_suggest_idx (migration 0031). */
const inCity = (site: SiteCity) =>
  and(sql`lower(${b.city}) = ${site.city.toLowerCase()}`, sql`lower(${b.state}) = ${site.state.toLowerCase()}`)!;

/**
 * Published businesses with a word of their name beginning with the text, the best rated first.
 *
 * Located (a `site`, as the engine passes it): the site's city's listings only, walked best rated
 * first on businesses_city_suggest_idx (migration 0031: city, state, rating, reviews, id, name) as
 * an index-only scan, testing the name on each index tuple and stopping at the limit. The walk is
 * an inner query with its own limit (SUGGEST_WALK), which PostgreSQL can neither flatten nor answer
 * from the name's trigram index: however rare the text, it tests at most one city's listings, so
 * its cost does not grow with the directory. (A city of more than SUGGEST_WALK listings is
 * suggested from its SUGGEST_WALK best rated; the search page still finds the rest.)
 *
 * Anywhere (no site): the inner query reads only what businesses_suggest_idx holds (migration 0027:
 * rating, reviews, id, name), so for a common beginning PostgreSQL walks that index as an index-only
 * scan and stops at the limit; for a rare one it takes the few matches from businesses_name_trgm_idx.
 *
 * Then the (at most `limit`) rows themselves, by primary key. (Exported for bench/suggest.ts's EXPLAIN.)
 */
export function namesBeginningWith(db: Database, text: string, limit: number, { site }: { site?: SiteCity } = {}) {
  const order = [desc(b.rating), desc(b.reviewCount), asc(b.id)];
  let top;
  if (site) {
    const walk = db
      .select({ id: b.id, rating: b.rating, reviewCount: b.reviewCount, name: sql<string>`${b.name}`.as("walk_name") })
      .from(b)
      .where(and(eq(b.status, "published"), inCity(site)))
      .orderBy(...order)
      .limit(SUGGEST_WALK)
      .as("walk");
    top = db
      .select({ id: walk.id, rating: walk.rating, reviewCount: walk.reviewCount })
      .from(walk)
      .where(beginsAWord(text, sql`${walk.name}`, { walked: true }))
      .orderBy(desc(walk.rating), desc(walk.reviewCount), asc(walk.id))
      .limit(limit)
      .as("top");
  } else {
    top = db
      .select({ id: b.id, rating: b.rating, reviewCount: b.reviewCount })
      .from(b)
      .where(and(eq(b.status, "published"), beginsAWord(text, sql`${b.name}`)))
      .orderBy(...order)
      .limit(limit)
      .as("top");
  }
  return db
    .select(columns)
    .from(top)
    .innerJoin(b, eq(b.id, top.id))
    .orderBy(desc(top.rating), desc(top.reviewCount), asc(top.id));
}

/** Escapes LIKE wildcards so a word's "%" or "_" matches itself. */
function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The search's typo tolerance (queries.server.ts), for a few words at a time: each word of three
 * letters or more that no dictionary word (search_words) begins with becomes the closest one by
 * pg_trgm similarity. One indexed lookup per word, each word a constant the planner sees.
 */
async function corrections(db: Database, q: string): Promise<Map<string, string>> {
  const words = [
    ...new Set(
      searchTerms(q)
        .filter((t) => !t.expanded && t.text.length >= 3)
        .map((t) => t.text),
    ),
  ].slice(0, 4);
  const found = new Map<string, string>();
  if (!words.length) return found;
  const rows = await queryRows<{ input: string; word: string }>(
    db,
    sql.join(
      words.map(
        (w) => sql`(select ${w}::text as input, w.word from search_words w
          where not exists (select 1 from search_words p where ${beginsWith(sql`p.word`, sql`${w}::text`)})
            and w.word % ${w}
          order by similarity(w.word, ${w}) desc, w.word
          limit 1)`,
      ),
      sql` union all `,
    ),
  );
  for (const row of rows) found.set(row.input, row.word);
  return found;
}

/**
 * Names beginning with the text ("gol" → "Golden Dragon", "dra" too); when they are fewer than
 * `limit`, also the names of the text with its misspelt words corrected as the search corrects
 * them ("goldn dra" → "golden dra"). Text longer than a name can be matches no name.
 */
async function businessSuggestions(
  db: Database,
  q: string,
  limit: number,
  where: { site?: SiteCity },
): Promise<Suggestion[]> {
  if (q.length < SUGGEST_MIN_BUSINESS_CHARS || q.length > LIMITS.name || limit <= 0) return [];
  const rows = await namesBeginningWith(db, q, limit, where);
  if (rows.length < limit) {
    let corrected = q;
    for (const [word, best] of await corrections(db, q))
      corrected = corrected.replace(new RegExp(`(^|[^a-z0-9])${word}(?![a-z0-9])`), `$1${best}`);
    if (corrected !== q) {
      const seen = new Set(rows.map((r) => r.id));
      const more = await namesBeginningWith(db, corrected, limit, where);
      rows.push(...more.filter((r) => !seen.has(r.id)).slice(0, limit - rows.length));
    }
  }
  return rows.map((r) => {
    const kind = r.cuisine ?? r.subcategory;
    const kindText = kind ? optionLabel(kindOptions(r.category), kind) : CATEGORY_LABELS[r.category];
    return {
      type: "business" as const,
      label: r.name,
      detail: [kindText, r.city].filter(Boolean).join(" · "),
      url: businessPath(r),
    };
  });
}

/**
 * Suggestions for the text typed so far: catalogue entries (at most 3 while businesses fill the
 * rest) then businesses, `SUGGEST_LIMIT` in all. Empty text, empty list. With a `site` (the
 * site's city, as the search engine passes it) the businesses are that city's, like a located
 * search's; without one, the whole directory's. The catalogue is the same everywhere.
 */
export async function suggest(
  db: Database,
  text: string,
  { site }: { site?: SiteCity } = {},
): Promise<SuggestResponse> {
  const query = normalizeSuggestQuery(text);
  if (!query) return { query, suggestions: [] };
  // A category leads to its page in the search's place: the site's city ("Dentists", "Health & Medical in Springfield").
  const catalogue = catalogueSuggestions(query).map((c) =>
    site ? { ...c, detail: `${c.detail} in ${site.city}` } : c,
  );
  const found = await businessSuggestions(db, query, SUGGEST_LIMIT - Math.min(catalogue.length, 3), { site });
  return {
    query,
    suggestions: [...catalogue.slice(0, SUGGEST_LIMIT - found.length), ...found],
  };
}
