import type { Auth } from "./auth/auth";
import type { Mailer } from "./auth/mailer";
import type { ChangeFeed } from "./changes";
import type { Config } from "./config";
import type { DatabaseHandle } from "./db/client";
import type { Logger } from "./logger";

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
  /** Better Auth: sessions, sign-in, sign-up, social sign-in, two-factor (app/.server/auth). */
  auth: Auth;
  /** Account emails: SMTP when SMTP_URL is set, else DATA_DIR/outbox/. */
  mailer: Mailer;
}
