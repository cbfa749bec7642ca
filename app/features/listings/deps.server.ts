import type { Config } from "~/.server/config";
import type { Database } from "~/.server/db/client";
import type { Logger } from "~/.server/logger";
import { createMediaStorage } from "~/.server/media/storage";
import type { ListingDeps } from "./mutations.server";

/** What the listing mutations need, from the load context or the API's services. */
export function listingDeps(services: { db: Database; config: Config; logger: Logger }): ListingDeps {
  return {
    db: services.db,
    storage: createMediaStorage(services.config),
    defaultTimezone: services.config.SITE_TIMEZONE,
    logger: services.logger,
  };
}
