import { z } from "zod";
import { isUuid } from "~/lib/ids";

/**
 * Favorites' inputs, one schema for the API and the business page's form.
 * A business is named by its UUID or its slug; anything else is a 400 here
 * (never a database error).
 */

const SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const FAVORITE_MESSAGES = {
  businessId: "Not a business id: expected a UUID or a slug.",
  intent: "Choose save or remove.",
} as const;

export const businessRefSchema = z
  .string({ error: FAVORITE_MESSAGES.businessId })
  .max(120, FAVORITE_MESSAGES.businessId)
  .refine((v) => isUuid(v) || SLUG_RE.test(v), FAVORITE_MESSAGES.businessId);

/** Favorites per page: 12 unless asked, at most 50. */
export const FAVORITES_PAGE_SIZE = 12;
export const FAVORITES_MAX_PAGE_SIZE = 50;

export const favoriteListSchema = z.strictObject({
  page: z.coerce
    .number({ error: "Page must be a whole number from 1." })
    .int("Page must be a whole number from 1.")
    .min(1, "Page must be a whole number from 1.")
    .max(1000, "Page must be at most 1000.")
    .default(1),
  pageSize: z.coerce
    .number({ error: `Page size must be a whole number from 1 to ${FAVORITES_MAX_PAGE_SIZE}.` })
    .int(`Page size must be a whole number from 1 to ${FAVORITES_MAX_PAGE_SIZE}.`)
    .min(1, `Page size must be a whole number from 1 to ${FAVORITES_MAX_PAGE_SIZE}.`)
    .max(FAVORITES_MAX_PAGE_SIZE, `Page size must be a whole number from 1 to ${FAVORITES_MAX_PAGE_SIZE}.`)
    .default(FAVORITES_PAGE_SIZE),
});
export type FavoriteListParams = z.output<typeof favoriteListSchema>;

/** The business page's Save button and the dashboard's Remove button post this. */
export const FAVORITE_INTENTS = ["favorite-save", "favorite-remove"] as const;
export type FavoriteIntent = (typeof FAVORITE_INTENTS)[number];

export const favoriteFormSchema = z.strictObject({
  intent: z.enum(FAVORITE_INTENTS, { error: FAVORITE_MESSAGES.intent }),
  /** Where to go afterwards (the dashboard's Remove without JavaScript); a path on this site only. */
  returnTo: z.string().max(500).optional(),
});
