import { z } from "zod";
import type { Database } from "~/.server/db/client";
import { eq } from "drizzle-orm";
import { businesses, pageViews } from "~/.server/db/schema";

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
  // A view of an unknown business is kept without the link rather than failing on the foreign key.
  const [business] = view.businessId
    ? await db.select({ id: businesses.id }).from(businesses).where(eq(businesses.id, view.businessId)).limit(1)
    : [];
  await db.insert(pageViews).values({
    path: view.path,
    name: view.name,
    businessId: business?.id ?? null,
    referrer: view.referrer || null,
    visitorId,
  });
}
