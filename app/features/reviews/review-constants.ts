/**
 * Limits shared by the form (live counter), the action and the API; the list's sorts. Apart from the schemas
 * (review-schema.ts), so the business page's reviews section doesn't load zod.
 */
export const REVIEW_MIN_LENGTH = 20;
export const REVIEW_MAX_LENGTH = 2000;
export const REVIEWS_PAGE_SIZE = 10;
export const REVIEW_SORTS = ["newest", "highest", "lowest", "helpful"] as const;
export const REVIEW_SORT_LABELS: Record<(typeof REVIEW_SORTS)[number], string> = {
  newest: "Newest",
  highest: "Highest rated",
  lowest: "Lowest rated",
  helpful: "Most helpful",
};
