import type { Database } from "../app/.server/db/client";
import type { AppServices } from "./services";

/** What every loader, action and API handler receives. */
export interface RequestContext extends AppServices {
  db: Database;
  /** Per-request CSP nonce for inline scripts. */
  nonce: string;
  requestId: string;
  /** The peer address (for rate limits); "unknown" when there is no socket. */
  clientIp: string;
}

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends RequestContext {}
}
