import type { Database } from "../app/.server/db/client";
import type { PageTemplates } from "../app/.server/page-templates";
import type { PublicData } from "../app/.server/public-data";
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
  /** Data everyone sees alike, kept until the next change (app/.server/public-data.ts); absent: computed each time. */
  publicData?: PublicData;
  /**
   * Set for a signed-in reader's GET of a page everyone sees alike: the page may come from the render its readers share,
   * with their own strings put in (app/.server/page-templates.ts). Absent: rendered for the request alone.
   */
  pageTemplates?: PageTemplates;
}

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends RequestContext {}
}
