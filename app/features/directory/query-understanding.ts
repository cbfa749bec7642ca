import type { ListingCategory, PriceRange } from "~/lib/catalogue-basics";
import { editDistance } from "~/lib/edit-distance";
import type { SearchParams } from "./search-params";

/**
 * Query understanding (issue 35): what people type into a search box is rarely only the words a listing holds.
 * "restaurants", "chinese food", "coffee shop", "a mechanic", "cheap eats", "pizza near me", "best tacos in Tampa",
 * "pizza springfield": the words that name a category or a kind, a price, a time, a quality or a place become the
 * filters they mean, and only the rest is searched as text. Before this, "restaurants" found 0 of 26 restaurants
 * (no listing's text holds the word) and "chinese food" 0 (no listing holds "food").
 *
 * Conservative by design: a phrase is read as a filter only when it names one unambiguously, an explicit filter in
 * the URL always wins, and the search engine runs the literal text again when the understood search finds nothing
 * (search-engine.server.ts), so understanding never loses a result the words alone would have found.
 *
 * Hand-written rather than a library: the phrases are the catalogue's own categories and kinds (and their common
 * names), and no maintained package maps free text onto them.
 */

export interface QueryUnderstanding {
  /** The text as typed. */
  typed: string;
  /** What is still searched as text ("" when every word became a filter). */
  text: string;
  category?: ListingCategory;
  kind?: string;
  price?: PriceRange[];
  open?: boolean;
  /** A place read from the text ("in Tampa", "near 19103"). */
  near?: string;
  /** "near me" with no position: the site's city, as every search without a place. */
  nearMe?: boolean;
  /** A quality word ("best", "top rated") was read: the order leans on ratings (relevance already does). */
  quality?: boolean;
}

interface Meaning {
  category: ListingCategory;
  kind?: string;
}

/**
 * Phrases that name a category or a kind, with their common plurals and synonyms. Longest phrases are matched first,
 * so "coffee shop" is a kind of restaurant, not a shop.
 */
const PHRASES: Record<string, Meaning> = {};
function add(category: ListingCategory, kind: string | undefined, ...phrases: string[]) {
  for (const phrase of phrases) PHRASES[phrase] = { category, kind };
}
// Restaurants: the category, then the cuisines (catalogue.ts CUISINE_OPTIONS) by their names and dishes' places.
add(
  "restaurants",
  undefined,
  "restaurant",
  "restaurants",
  "food",
  "foods",
  "eat",
  "eats",
  "eatery",
  "eateries",
  "dining",
  "dinner",
  "lunch",
  "places to eat",
  "place to eat",
  "where to eat",
  "somewhere to eat",
);
add("restaurants", "italian", "italian", "italian food", "italian restaurant", "italian restaurants", "trattoria");
add("restaurants", "chinese", "chinese", "chinese food", "chinese restaurant", "chinese restaurants", "dim sum");
add("restaurants", "mexican", "mexican", "mexican food", "mexican restaurant", "mexican restaurants", "taqueria");
add("restaurants", "indian", "indian", "indian food", "indian restaurant", "indian restaurants", "curry house");
add("restaurants", "american", "american", "american food", "american restaurant", "diner", "diners");
add("restaurants", "pizza", "pizzeria", "pizzerias", "pizza place", "pizza places", "pizza restaurant", "pizza shop");
add(
  "restaurants",
  "cafe",
  "cafe",
  "cafes",
  "café",
  "cafés",
  "coffee shop",
  "coffee shops",
  "coffee house",
  "coffeehouse",
  "coffee bar",
  "coffee place",
  "espresso bar",
);
add("restaurants", "bakery", "bakery", "bakeries", "bakeshop", "patisserie", "pastry shop");
// Shopping.
add("shopping", undefined, "shopping", "shop", "shops", "store", "stores", "retail", "boutiques", "mall");
add("shopping", "clothing", "clothing", "clothes", "clothing store", "apparel", "fashion", "boutique", "clothes shop");
add("shopping", "jewelry", "jewelry", "jewellery", "jeweler", "jewelers", "jeweller", "jewelry store", "accessories");
add("shopping", "gifts", "gifts", "gift shop", "gift shops", "gift store", "souvenirs");
add("shopping", "home", "home decor", "home goods", "furniture", "furniture store", "homeware", "decor");
add("shopping", "sports", "sporting goods", "sports store", "outdoor gear", "bike shop");
add("shopping", "books", "bookstore", "bookstores", "bookshop", "book store", "record store", "music store");
// Services.
add("services", undefined, "services", "service", "home services", "contractor", "contractors");
add("services", "plumbing", "plumbing", "plumber", "plumbers", "drain cleaning", "leak repair");
add("services", "electrical", "electrical", "electrician", "electricians", "wiring");
add("services", "cleaning", "cleaning", "cleaner", "cleaners", "house cleaning", "maid", "maids", "janitorial");
add("services", "landscaping", "landscaping", "landscaper", "landscapers", "gardener", "gardeners", "lawn care");
add(
  "services",
  "auto",
  "auto repair",
  "car repair",
  "mechanic",
  "mechanics",
  "auto mechanic",
  "auto shop",
  "car mechanic",
);
// Entertainment.
add(
  "entertainment",
  undefined,
  "entertainment",
  "things to do",
  "something to do",
  "activities",
  "attractions",
  "nightlife",
);
add("entertainment", "theater", "theater", "theatre", "theaters", "theatres", "shows", "live shows", "cinema");
add("entertainment", "arcade", "arcade", "arcades", "game center", "video games", "bowling");
add("entertainment", "escape", "escape room", "escape rooms", "escape game", "escape games");
add("entertainment", "attractions", "attraction", "museum", "museums", "zoo", "aquarium", "landmarks", "sights");

const CHEAP = ["cheap", "inexpensive", "affordable", "budget", "low cost", "low-cost", "cheap eats"];
const UPSCALE = ["upscale", "fancy", "expensive", "fine dining", "high end", "high-end", "luxury"];
// Only words people put before what they look for; "good" or "great" start too many names ("Great Wall").
const QUALITY = ["best", "top rated", "top-rated", "highest rated", "best rated", "most popular"];
const OPEN = ["open now", "open today", "open right now", "currently open"];
const NEAR_ME = ["near me", "nearby", "close to me", "around me", "close by", "near here", "in my area"];
/** Words that carry nothing once the rest is understood ("a mechanic", "the best pizza"). */
const FILLER = new Set(["a", "an", "the", "some", "any", "for", "with", "and", "&", "of", "to", "place", "places"]);

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const phrasePattern = (phrases: readonly string[]) =>
  new RegExp(
    `(?:^|\\s)(${[...phrases]
      .sort((a, b) => b.length - a.length)
      .map(escape)
      .join("|")})(?=\\s|$)`,
    "u",
  );
const PHRASE_RE = phrasePattern(Object.keys(PHRASES));
const CHEAP_RE = phrasePattern(CHEAP);
const UPSCALE_RE = phrasePattern(UPSCALE);
const QUALITY_RE = phrasePattern(QUALITY);
const OPEN_RE = phrasePattern(OPEN);
const NEAR_ME_RE = phrasePattern(NEAR_ME);
/** "… in Tampa", "… near 19103", "… around Downtown, Springfield": the rest of the text is the place. */
const PLACE_RE = /(?:^|\s)(?:in|near|around|at)\s+(.+)$/u;

/** Removes the first match of `re` from `text` (the captured phrase), returning it and the rest. */
function take(text: string, re: RegExp): [string | null, string] {
  const m = re.exec(text);
  if (!m) return [null, text];
  const start = m.index + m[0].indexOf(m[1]!);
  return [m[1]!, `${text.slice(0, start)} ${text.slice(start + m[1]!.length)}`.replace(/\s+/g, " ").trim()];
}

/** Lower case, punctuation that separates words as spaces (keeping letters, digits, hyphens and apostrophes). */
function normalise(text: string) {
  return text
    .normalize("NFC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}'&\s-]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

const sameMeaning = (a: Meaning, b: Meaning) => a.category === b.category && a.kind === b.kind;
const SINGLE_WORDS = Object.keys(PHRASES).filter((p) => !p.includes(" ") && p.length >= 5);

/** The phrases that mean a category (kind undefined) or a kind: what autocomplete also matches ("mechanic"). */
export function phrasesFor(category: ListingCategory, kind?: string): string[] {
  return Object.entries(PHRASES)
    .filter(([, m]) => m.category === category && m.kind === kind)
    .map(([phrase]) => phrase);
}

/** The one-word phrase a misspelt word means: one edit for 5–7 letters, two from 8; none when two fit equally. */
function nearestPhrase(word: string): string | null {
  if (word.length < 5 || /\d/.test(word)) return null;
  const max = word.length >= 8 ? 2 : 1;
  let best: string | null = null;
  let bestDistance = max + 1;
  let tie = false;
  for (const phrase of SINGLE_WORDS) {
    const distance = editDistance(word, phrase, max);
    if (distance < bestDistance) [best, bestDistance, tie] = [phrase, distance, false];
    else if (distance === bestDistance && best && !sameMeaning(PHRASES[best]!, PHRASES[phrase]!)) tie = true;
  }
  return best && !tie && bestDistance <= max ? best : null;
}

function withoutFiller(text: string) {
  return text
    .split(" ")
    .filter((w) => w && !FILLER.has(w))
    .join(" ");
}

/**
 * Reads the text of a search. Returns null when nothing in it is a filter (the search runs on the text as typed).
 * `site` is the site's city: its name in the text ("pizza springfield") is the default place already.
 */
export function understandQuery(params: SearchParams): QueryUnderstanding | null {
  const typed = params.q?.trim();
  if (!typed) return null;
  let text = normalise(typed);
  const out: QueryUnderstanding = { typed, text: "" };
  let changed = false;
  const hasPlace = params.near !== undefined || params.lat !== undefined || params.bbox !== undefined;

  let found: string | null;
  [found, text] = take(text, NEAR_ME_RE);
  if (found) {
    changed = true;
    if (!hasPlace) out.nearMe = true;
  }
  [found, text] = take(text, OPEN_RE);
  if (found) {
    changed = true;
    out.open = true;
  }
  // "cheap eats" names a price and a category: the price first, the category below.
  [found, text] = take(text, CHEAP_RE);
  if (found) {
    changed = true;
    out.price = ["$", "$$"];
    if (found === "cheap eats") text = `${text} eats`.trim();
  } else {
    [found, text] = take(text, UPSCALE_RE);
    if (found) {
      changed = true;
      out.price = ["$$$", "$$$$"];
      if (found === "fine dining") text = `${text} dining`.trim();
    }
  }
  [found, text] = take(text, QUALITY_RE);
  if (found) {
    changed = true;
    out.quality = true;
  }
  // A place at the end: only when the search has none of its own, and what follows "in" is not itself a kind
  // ("open in" is gone by now; "sushi in tampa" → tampa).
  if (!hasPlace) {
    const m = PLACE_RE.exec(text);
    const place = m?.[1]?.trim();
    if (m && place && !PHRASES[place] && place.length >= 2) {
      // The place as typed ("Downtown, Springfield"), when the text after it was nothing else.
      const raw = /(?:^|\s)(?:in|near|around|at)\s+([^]+)$/iu.exec(typed)?.[1]?.trim();
      out.near = raw && normalise(raw) === place ? raw : place;
      text = text.slice(0, m.index).trim();
      changed = true;
    } else if (params.site) {
      // The site's city named in the text is where the search runs anyway.
      const city = normalise(params.site.city);
      const state = normalise(params.site.state);
      const cityRe = new RegExp(`(?:^|\\s)(${escape(city)}(?:\\s${escape(state)})?)(?=\\s|$)`, "u");
      const [cityFound, rest] = take(text, cityRe);
      if (cityFound && rest) {
        text = rest;
        changed = true;
      }
    }
  }
  // Categories and kinds, longest phrase first; one kind at most (the filter takes one). A misspelt word
  // ("resturants", "plumbr") is read as the phrase it is one or two edits from.
  text = text
    .split(" ")
    .map((w) => (w && !PHRASES[w] ? (nearestPhrase(w) ?? w) : w))
    .join(" ");
  const [beforePhrases, changedBefore] = [text, changed];
  for (let i = 0; i < 3; i++) {
    [found, text] = take(text, PHRASE_RE);
    if (!found) break;
    const meaning = PHRASES[found]!;
    if (
      (out.category && out.category !== meaning.category) ||
      (out.kind && meaning.kind && out.kind !== meaning.kind)
    ) {
      // Two categories or kinds ("restaurants and shops"): keep the words as text, filter on neither.
      [text, changed] = [beforePhrases, changedBefore];
      delete out.category;
      delete out.kind;
      break;
    }
    out.category = meaning.category;
    if (meaning.kind) out.kind = meaning.kind;
    changed = true;
  }
  // An explicit filter in the URL wins over what the text says.
  if (params.category && out.category && params.category !== out.category) return null;
  if (params.kind && out.kind && params.kind !== out.kind) return null;
  if (!changed) return null;
  out.text = withoutFiller(text);
  return out;
}

/** The search to run for what was understood: its filters merged into the params, the text what's left of it. */
export function applyUnderstanding(params: SearchParams, u: QueryUnderstanding): SearchParams {
  return {
    ...params,
    q: u.text || undefined,
    category: params.category ?? u.category,
    kind: params.kind ?? (u.category && (params.category ?? u.category) === u.category ? u.kind : undefined),
    price: params.price?.length ? params.price : u.price,
    open: params.open || u.open,
    near: params.near ?? u.near,
  };
}
