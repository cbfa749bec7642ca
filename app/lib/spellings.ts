/**
 * One home for the spellings people use for the same thing ("wifi", "Wi-Fi",
 * "wi fi"). Search expands a query word into every spelling of its group, and
 * the listing form stores a feature under its group's label, so "wifi" finds
 * the cafés whose owners wrote "Wi-Fi" and an owner's "WiFi" becomes "Wi-Fi".
 *
 * Hyphens and spaces need no entry: "take-out" also searches "takeout", and
 * "gluten free" matches "Gluten-Free". List a group only when a spelling
 * differs by more than that (a joined word, a different word).
 */
export const SPELLING_GROUPS: readonly { label: string; spellings: readonly string[] }[] = [
  { label: "Wi-Fi", spellings: ["wifi", "wireless internet"] },
  { label: "Takeout", spellings: ["take out", "carryout", "carry out"] },
  { label: "Gluten-Free", spellings: ["glutenfree"] },
  { label: "Drive-Through", spellings: ["drive thru", "drivethru", "drivethrough"] },
  { label: "Dine-In", spellings: ["dinein"] },
  { label: "Pet Friendly", spellings: ["petfriendly", "dog friendly"] },
  { label: "Wheelchair Accessible", spellings: ["wheelchair access", "accessible entrance"] },
  { label: "Barbecue", spellings: ["bbq", "barbeque"] },
  { label: "Doughnuts", spellings: ["donuts", "doughnut", "donut"] },
  { label: "Theater", spellings: ["theatre"] },
  { label: "Yogurt", spellings: ["yoghurt", "frozen yogurt", "froyo"] },
];

/** Lower-case ASCII words: accents dropped, anything but letters and digits separates. */
export function spellingWords(text: string): string[] {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Hyphens, spaces, case and accents ignored: "Wi-Fi", "wi fi" and "WiFi" are all "wifi". */
export function compactKey(text: string): string {
  return spellingWords(text).join("");
}

interface Group {
  label: string;
  /** Each spelling as words: the phrases a search for any of them looks for. */
  phrases: string[][];
}

const GROUPS: Group[] = SPELLING_GROUPS.map(({ label, spellings }) => {
  const phrases = new Map<string, string[]>();
  for (const spelling of [label, ...spellings]) {
    const words = spellingWords(spelling);
    phrases.set(words.join(" "), words);
    // The joined spelling too ("wi fi" → "wifi"), unless it is already a single word.
    if (words.length > 1) phrases.set(words.join(""), [words.join("")]);
  }
  return { label, phrases: [...phrases.values()] };
});

const BY_KEY = new Map<string, Group>();
for (const group of GROUPS) for (const phrase of group.phrases) BY_KEY.set(phrase.join(""), group);

/** How many query words in a row may spell one group ("wi fi", "carry out", "wireless internet"). */
const MAX_RUN = 4;

/** One word of a query and its other spellings: each alternative is a phrase (words in order). */
export interface SearchTerm {
  /** The words as typed, joined with a space ("wi fi"). */
  text: string;
  alternatives: string[][];
  /** True when the alternatives came from the spelling list or a hyphen: no typo correction needed. */
  expanded: boolean;
}

/**
 * A query as search terms, at most `max`: runs of words that spell a listed
 * group ("wi fi", "wifi") become that group's spellings; a hyphenated word
 * ("take-out") also matches its joined form; every other word is itself.
 */
export function searchTerms(q: string, max = 8): SearchTerm[] {
  // Chunks split on white space keep hyphenated words together ("wi-fi" → ["wi", "fi"]).
  const chunks = q
    .split(/\s+/)
    .map(spellingWords)
    .filter((c) => c.length > 0);
  const words: { word: string; chunk: number }[] = chunks.flatMap((c, chunk) => c.map((word) => ({ word, chunk })));
  const terms: SearchTerm[] = [];
  let i = 0;
  while (i < words.length && terms.length < max) {
    let matched = false;
    for (let k = Math.min(MAX_RUN, words.length - i); k >= 1; k--) {
      const run = words.slice(i, i + k).map((w) => w.word);
      const group = BY_KEY.get(run.join(""));
      if (group) {
        terms.push({ text: run.join(" "), alternatives: group.phrases, expanded: true });
        i += k;
        matched = true;
        break;
      }
    }
    if (matched) continue;
    const chunk = chunks[words[i]!.chunk]!;
    const startsChunk = i === 0 || words[i - 1]!.chunk !== words[i]!.chunk;
    if (startsChunk && chunk.length > 1) {
      terms.push({ text: chunk.join(" "), alternatives: [chunk, [chunk.join("")]], expanded: true });
      i += chunk.length;
      continue;
    }
    terms.push({ text: words[i]!.word, alternatives: [[words[i]!.word]], expanded: false });
    i += 1;
  }
  return terms;
}

/** A feature as stored: a listed spelling becomes its group's label ("wifi", "WiFi" → "Wi-Fi"); others as typed. */
export function canonicalFeature(tag: string): string {
  const trimmed = tag.trim().replace(/\s+/g, " ");
  return BY_KEY.get(compactKey(trimmed))?.label ?? trimmed;
}

/** Two features are the same when their keys are ("Wi-Fi", "wifi", "wi fi"). */
export function featureKey(tag: string): string {
  const key = compactKey(tag);
  const group = BY_KEY.get(key);
  return group ? compactKey(group.label) : key;
}
