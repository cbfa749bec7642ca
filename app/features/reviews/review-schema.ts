import { z } from "zod";
import { safeText } from "~/lib/text";

import { REVIEW_MAX_LENGTH, REVIEW_MIN_LENGTH, REVIEW_SORTS } from "./review-constants";

export {
  REVIEW_MAX_LENGTH,
  REVIEW_MIN_LENGTH,
  REVIEW_SORT_LABELS,
  REVIEW_SORTS,
  REVIEWS_PAGE_SIZE,
} from "./review-constants";

/** Write or edit a review: one schema for the browser, the action and the API. */
export const reviewSchema = z.object({
  rating: z.coerce
    .number({ error: "Choose a rating from 1 to 5 stars." })
    .int("Choose a rating from 1 to 5 stars.")
    .min(1, "Choose a rating from 1 to 5 stars.")
    .max(5, "Choose a rating from 1 to 5 stars."),
  // Empty (Conform sends it as missing) or short: the same message.
  content: safeText({ error: `Your review must be at least ${REVIEW_MIN_LENGTH} characters.` })
    .trim()
    .min(REVIEW_MIN_LENGTH, `Your review must be at least ${REVIEW_MIN_LENGTH} characters.`)
    .max(REVIEW_MAX_LENGTH, `Your review must be at most ${REVIEW_MAX_LENGTH} characters.`),
});
export type ReviewInput = z.infer<typeof reviewSchema>;

export const replySchema = z.object({
  content: safeText({ error: "Write a reply." })
    .trim()
    .min(2, "Write a reply.")
    .max(1000, "Your reply must be at most 1000 characters."),
});

export const reportSchema = z.object({
  reason: safeText({ error: "Tell us what is wrong with this review (at least 5 characters)." })
    .trim()
    .min(5, "Tell us what is wrong with this review (at least 5 characters).")
    .max(500, "The reason must be at most 500 characters."),
});

export const reviewListSchema = z.object({
  sort: z.enum(REVIEW_SORTS, { error: "Sort must be newest, highest, lowest or helpful." }).default("newest"),
  page: z.coerce
    .number({ error: "Page must be a whole number from 1." })
    .int()
    .min(1, "Page must be a whole number from 1.")
    .max(1000)
    .default(1),
});
export type ReviewListParams = z.infer<typeof reviewListSchema>;
