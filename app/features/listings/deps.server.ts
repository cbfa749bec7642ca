import type { Config } from "~/.server/config";
import type { Database } from "~/.server/db/client";
import type { Logger } from "~/.server/logger";
import type { Mailer } from "~/.server/mail";
import type { MediaStorage } from "~/.server/media/types";
import type { RateLimiter } from "~/.server/rate-limit";
import type { ListingDeps } from "./mutations.server";

/**
 * What the listing mutations need, from the load context or the API's
 * services. The storage and the photo-upload limiter (PHOTO_UPLOAD_RATE) are
 * built once at boot and shared by the API and the listing forms, so a
 * user's uploads count in one place.
 */
export function listingDeps(services: {
  db: Database;
  config: Config;
  logger: Logger;
  storage: MediaStorage;
  mailer?: Mailer;
  limits: { photoUploads: RateLimiter };
}): ListingDeps {
  return {
    db: services.db,
    storage: services.storage,
    defaultTimezone: services.config.SITE_TIMEZONE,
    siteCountry: services.config.SITE_COUNTRY,
    logger: services.logger,
    uploadLimiter: services.limits.photoUploads,
    // Listings written without coordinates are looked up here first (docs/maps.md, "Positions and precision").
    geocoder: services.config.GEOCODER_URL
      ? {
          url: services.config.GEOCODER_URL,
          userAgent: `${services.config.SITE_NAME} directory (${services.config.publicUrl})`,
        }
      : undefined,
    mail: services.mailer
      ? { mailer: services.mailer, site: services.config.SITE_NAME, publicUrl: services.config.publicUrl }
      : undefined,
  };
}
