/**
 * Search autocomplete (docs/search.md): what GET /api/v1/suggest answers and the search boxes show.
 * Isomorphic and free of zod, so the boxes' first-load JavaScript stays small.
 */

export type SuggestionType = "business" | "category" | "cuisine" | "kind";

export interface Suggestion {
  type: SuggestionType;
  /** The business's name, or the catalogue's label ("Cafe & Coffee"). */
  label: string;
  /** A short second line: "Pizza · Springfield" for a business, "Cuisine" or the kind's category. */
  detail: string;
  /** Where choosing it goes: the business page, or the search filtered by category and kind. */
  url: string;
}

export interface SuggestResponse {
  /** The text the suggestions are for, as normalized (trimmed, single spaces). */
  query: string;
  suggestions: Suggestion[];
}

/** Suggestions per answer. */
export const SUGGEST_LIMIT = 8;
/** Business names are suggested from this many characters (one letter matches too much to be useful). */
export const SUGGEST_MIN_BUSINESS_CHARS = 2;

/** Trimmed, lower-case, runs of white space as one space: the form of the text matched and cached. */
export function normalizeSuggestQuery(q: string) {
  return q.trim().replace(/\s+/g, " ").toLowerCase();
}
