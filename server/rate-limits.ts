import { RateLimiter } from "../app/.server/rate-limit";
import { MESSAGE_RATE } from "../app/features/directory/messages.server";
import { PAGE_VIEW_RATE } from "../app/features/directory/page-views.server";
import { HELPFUL_RATE, REPORT_RATE, REVIEW_POST_RATE } from "../app/features/reviews/queries.server";
import { PHOTO_UPLOAD_RATE } from "../app/lib/catalogue";
import { CONTACT_RATE, NEWSLETTER_RATE, NEWSLETTER_TEST_RATE } from "../app/features/content/rates";
import { EVENT_SUBMIT_RATE, RSVP_RATE } from "../app/features/events/mutations.server";
import { FAVORITE_RATE } from "../app/features/favorites/mutations.server";
import { CLAIM_RATE } from "../app/features/claims/mutations.server";
import { STAT_EVENT_RATE } from "../app/features/stats/recording.server";
import { GEOCODE_RATE } from "../app/features/maps/geocode.server";
import { OFFER_WRITE_RATE } from "../app/features/offers/mutations.server";
import { PROFILE_WRITE_RATE } from "../app/features/people/constants";

/**
 * Every rate limit of the app, built once per running app (server/boot.ts, tests' createTestServices): in memory,
 * then moved to the shared rate_limits table on PostgreSQL (server/services.ts).
 */
export interface RateLimits {
  /** Reviews written or edited, per user. */
  reviewPosts: RateLimiter;
  /** Helpful marks (and take-backs), per user. */
  helpful: RateLimiter;
  /** Review reports, per user. */
  reports: RateLimiter;
  /** Messages to businesses, per sender address. */
  messages: RateLimiter;
  /** Counted page views, per address. */
  pageViews: RateLimiter;
  /** Photo files uploaded (API and listing forms together), per user. */
  photoUploads: RateLimiter;
  /** Submitted events, per user. */
  eventSubmissions: RateLimiter;
  /** RSVPs and cancellations, per user. */
  rsvps: RateLimiter;
  /** Contact form messages, per address. */
  contact: RateLimiter;
  /** Newsletter sign-ups, per address. */
  newsletter: RateLimiter;
  /** Newsletter test emails ("Send test to me"), per admin. */
  newsletterTests: RateLimiter;
  /** Favorites saved and removed, per user. */
  favorites: RateLimiter;
  /** Ownership claims filed, per user. */
  claims: RateLimiter;
  /** Business page clicks counted in the listing stats (Call, Website, Directions, Share, Book), per address. */
  statEvents: RateLimiter;
  /** "Find on map" address look-ups, per user. */
  geocode: RateLimiter;
  /** Offers added, edited and deleted (the owner's page and the API together), per user. */
  offerWrites: RateLimiter;
  /** Public profile settings saved (issue 41), per user. */
  profileWrites: RateLimiter;
}

export function createRateLimits(): RateLimits {
  return {
    reviewPosts: new RateLimiter(REVIEW_POST_RATE.limit, REVIEW_POST_RATE.windowMs),
    helpful: new RateLimiter(HELPFUL_RATE.limit, HELPFUL_RATE.windowMs),
    reports: new RateLimiter(REPORT_RATE.limit, REPORT_RATE.windowMs),
    messages: new RateLimiter(MESSAGE_RATE.limit, MESSAGE_RATE.windowMs),
    pageViews: new RateLimiter(PAGE_VIEW_RATE.limit, PAGE_VIEW_RATE.windowMs),
    photoUploads: new RateLimiter(PHOTO_UPLOAD_RATE.photos, PHOTO_UPLOAD_RATE.windowMs),
    eventSubmissions: new RateLimiter(EVENT_SUBMIT_RATE.limit, EVENT_SUBMIT_RATE.windowMs),
    rsvps: new RateLimiter(RSVP_RATE.limit, RSVP_RATE.windowMs),
    contact: new RateLimiter(CONTACT_RATE.limit, CONTACT_RATE.windowMs),
    newsletter: new RateLimiter(NEWSLETTER_RATE.limit, NEWSLETTER_RATE.windowMs),
    newsletterTests: new RateLimiter(NEWSLETTER_TEST_RATE.limit, NEWSLETTER_TEST_RATE.windowMs),
    favorites: new RateLimiter(FAVORITE_RATE.limit, FAVORITE_RATE.windowMs),
    claims: new RateLimiter(CLAIM_RATE.limit, CLAIM_RATE.windowMs),
    statEvents: new RateLimiter(STAT_EVENT_RATE.limit, STAT_EVENT_RATE.windowMs),
    geocode: new RateLimiter(GEOCODE_RATE.limit, GEOCODE_RATE.windowMs),
    offerWrites: new RateLimiter(OFFER_WRITE_RATE.limit, OFFER_WRITE_RATE.windowMs),
    profileWrites: new RateLimiter(PROFILE_WRITE_RATE.limit, PROFILE_WRITE_RATE.windowMs),
  };
}
