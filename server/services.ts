import type { Auth } from "../app/features/auth/auth.server";
import type { Mailer } from "../app/.server/mail";
import type { ChangeFeed } from "../app/.server/changes";
import type { Config } from "../app/.server/config";
import type { DatabaseHandle } from "../app/.server/db/client";
import type { Logger } from "../app/.server/logger";
import type { MediaStorage } from "../app/.server/media/types";
import type { RateLimits } from "./rate-limits";

/**
 * Long-lived things the server creates once at boot and hands to every
 * request through the router's load context (never module-level imports in
 * route code — see React Router's node-postgres template).
 */
export interface AppServices {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  /** Business change notifications (LISTEN/NOTIFY), relayed to browsers over SSE. */
  changes: ChangeFeed;
  /** Better Auth: sessions, sign-in, sign-up, social sign-in, two-factor (app/features/auth/auth.server.ts). */
  auth: Auth;
  /** Account emails: SMTP when SMTP_URL is set, else DATA_DIR/outbox/. */
  mailer: Mailer;
  /** Photo files: DATA_DIR/media, or S3 when S3_BUCKET is set. */
  storage: MediaStorage;
  /** The in-memory rate limits (per process), one set per running app. */
  limits: RateLimits;
}
