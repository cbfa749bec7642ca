import type { Config } from "~/.server/config";
import type { Database } from "~/.server/db/client";
import type { Logger } from "~/.server/logger";
import { createMediaStorage } from "~/.server/media/storage";
import { RateLimiter } from "~/.server/rate-limit";
import type { ListingDeps } from "./mutations.server";
import { PHOTO_UPLOAD_RATE } from "../../lib/catalogue";

/**
 * One photo-upload limiter per running app (its config object), shared by
 * the API and the listing forms, so a user's uploads count in one place.
 */
const uploadLimiters = new WeakMap<Config, RateLimiter>();

function uploadLimiterFor(config: Config) {
  let limiter = uploadLimiters.get(config);
  if (!limiter) {
    limiter = new RateLimiter(PHOTO_UPLOAD_RATE.photos, PHOTO_UPLOAD_RATE.windowMs);
    uploadLimiters.set(config, limiter);
  }
  return limiter;
}

/** What the listing mutations need, from the load context or the API's services. */
export function listingDeps(services: { db: Database; config: Config; logger: Logger }): ListingDeps {
  return {
    db: services.db,
    storage: createMediaStorage(services.config),
    defaultTimezone: services.config.SITE_TIMEZONE,
    logger: services.logger,
    uploadLimiter: uploadLimiterFor(services.config),
  };
}
