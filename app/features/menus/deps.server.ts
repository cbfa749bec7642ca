import type { Database } from "~/.server/db/client";
import type { Logger } from "~/.server/logger";
import type { MediaStorage } from "~/.server/media/types";
import type { RateLimiter } from "~/.server/rate-limit";
import type { MenuDeps } from "./mutations.server";

/** What the menu mutations need, from the load context or the API's services (the photo-upload limiter is shared). */
export function menuDeps(services: {
  db: Database;
  storage: MediaStorage;
  logger?: Logger;
  limits: { photoUploads: RateLimiter };
}): MenuDeps {
  return {
    db: services.db,
    storage: services.storage,
    uploadLimiter: services.limits.photoUploads,
    logger: services.logger,
  };
}
