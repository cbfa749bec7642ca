/** Public writes of the content pages, per client address (limiters built once at boot: server/rate-limits.ts). */
export const CONTACT_RATE = { limit: 5, windowMs: 60 * 60 * 1000 } as const;
export const NEWSLETTER_RATE = { limit: 20, windowMs: 10 * 60 * 1000 } as const;
/** "Send test to me" in the newsletter composer, per admin. */
export const NEWSLETTER_TEST_RATE = { limit: 10, windowMs: 10 * 60 * 1000 } as const;
