import type { Auth } from "../app/features/auth/auth.server";
import type { Mailer } from "../app/.server/mail";
import type { ChangeFeed } from "../app/.server/changes";
import type { Config } from "../app/.server/config";
import type { DatabaseHandle } from "../app/.server/db/client";
import type { Logger } from "../app/.server/logger";

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
