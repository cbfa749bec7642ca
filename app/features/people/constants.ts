/** Reviewer profiles' constants (issue 41), apart from the form's schema so pages that only need these stay light. */

/** The profile form on /account/settings. */
export const PROFILE_INTENT = "public-profile" as const;

/** Reviews a profile page lists at a time. */
export const PERSON_REVIEWS_PAGE_SIZE = 10;

/** Profile settings writes: 20 per account per 10 minutes (as the other settings writes: favorites, RSVPs). */
export const PROFILE_WRITE_RATE = { limit: 20, windowMs: 10 * 60 * 1000 } as const;
