import type { ListingCategory, PriceRange } from "~/lib/catalogue-basics";
import { categoryGroup, categoryName, categoryPhrases, categoryTrail, isGroup } from "~/lib/category-tree";
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
  /** The category the text names: a slug of the tree, a group ("restaurants") or below one ("dentists"). */
  category?: string;
  /** Its display name ("Dentists"). */
  categoryName?: string;
  /** The words that named it ("bar-b-q"): searched as words again when the category finds too little. */
  categoryText?: string;
  price?: PriceRange[];
  open?: boolean;
  /** A place read from the text ("in Tampa", "near 19103"). */
  near?: string;
  /** "near me" with no position: the site's city, as every search without a place. */
  nearMe?: boolean;
  /** A quality word ("best", "top rated") was read: the order leans on ratings (relevance already does). */
  quality?: boolean;
}

/** What a phrase means: a category of the tree (its slug) and its group. */
interface Meaning {
  category: ListingCategory;
  /** The tree's category, when the phrase names one below its group ("dentist" → dentists). */
  within?: string;
}

/**
 * Phrases that name a category: every name and synonym of the category tree (app/lib/category-data.ts: "vet",
 * "mechanic", "coffee shop", "chinese food"), plus a few words people search with that name no category ("eat",
 * "dinner"). Longest phrases are matched first, so "coffee shop" is a cafe, not a shop.
 */
const PHRASES: Record<string, Meaning> = {};
function meaningOf(slug: string): Meaning {
  return isGroup(slug) ? { category: slug } : { category: categoryGroup(slug)!, within: slug };
}
for (const [phrase, slug] of categoryPhrases()) PHRASES[phrase] = meaningOf(slug);
for (const phrase of ["eat", "eats", "dinner", "lunch", "where to eat", "somewhere to eat", "something to eat"])
  PHRASES[phrase] ??= meaningOf("restaurants");
for (const phrase of ["pizza shop", "pizza restaurant", "pizza restaurants"]) PHRASES[phrase] ??= meaningOf("pizza");

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

const sameMeaning = (a: Meaning, b: Meaning) => a.category === b.category && a.within === b.within;
/** The slug a meaning names. */
const slugOf = (m: Meaning) => m.within ?? m.category;
/** `a` is `b` or lies under it in the tree. */
const under = (a: string, b: string) => categoryTrail(a).some((n) => n.slug === b);
const SINGLE_WORDS = Object.keys(PHRASES).filter((p) => !p.includes(" ") && p.length >= 5);

/** The phrases that mean a category (its name and synonyms): what autocomplete also matches ("mechanic"). */
export function phrasesFor(slug: string): string[] {
  return Object.entries(PHRASES)
    .filter(([, m]) => slugOf(m) === slug)
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
  let named: string | undefined;
  for (let i = 0; i < 3; i++) {
    [found, text] = take(text, PHRASE_RE);
    if (!found) break;
    const slug = slugOf(PHRASES[found]!);
    // "italian restaurant": the finer of two related categories; two unrelated ones ("restaurants and shops"):
    // the words stay text, filtered on neither.
    if (named && !under(slug, named) && !under(named, slug)) {
      [text, changed] = [beforePhrases, changedBefore];
      named = undefined;
      break;
    }
    if (!named || under(slug, named)) named = slug;
    out.categoryText = [out.categoryText, found].filter(Boolean).join(" ");
    changed = true;
  }
  if (named) {
    out.category = named;
    out.categoryName = categoryName(named);
  }
  // An explicit category in the URL wins over what the text says, unless the text names a category inside it.
  if (params.category && out.category && !under(out.category, params.category)) return null;
  if (params.kind && out.category && !isGroup(out.category)) return null;
  if (!changed) return null;
  out.text = withoutFiller(text);
  return out;
}

/** The search to run for what was understood: its filters merged into the params, the text what's left of it. */
export function applyUnderstanding(params: SearchParams, u: QueryUnderstanding): SearchParams {
  return {
    ...params,
    q: u.text || undefined,
    category: u.category ?? params.category,
    price: params.price?.length ? params.price : u.price,
    open: params.open || u.open,
    near: params.near ?? u.near,
  };
}
