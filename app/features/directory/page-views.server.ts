import { z } from "zod";
import type { Database } from "~/.server/db/client";
import { pageViews } from "~/.server/db/schema";

/** What the browser reports when a page loads (POST /api/v1/page-views). */
export const pageViewSchema = z.object({
  path: z.string().trim().min(1).max(500).startsWith("/", "Path must start with /."),
  name: z.string().trim().min(1).max(100),
  businessId: z.uuid({ error: "businessId must be a UUID." }).optional(),
  referrer: z.string().trim().max(500).optional(),
});

export type PageViewInput = z.infer<typeof pageViewSchema>;

/** First-party analytics: path, page name, referrer, an anonymous visitor id, time. */
export async function recordPageView(db: Database, view: PageViewInput, visitorId: string | null) {
  await db.insert(pageViews).values({
    path: view.path,
    name: view.name,
    businessId: view.businessId ?? null,
    referrer: view.referrer || null,
    visitorId,
  });
}
