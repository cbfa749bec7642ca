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
  /**
   * Set by the page cache while it renders a page it will keep: the listings the page showed are added here, so
   * a later answer from the cache counts their search appearances too (server/http/page-cache.ts).
   */
  appearanceLog?: string[];
}

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends RequestContext {}
}
