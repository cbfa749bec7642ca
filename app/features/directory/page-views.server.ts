import { z } from "zod";
import { safeText } from "~/lib/text";
import type { Database } from "~/.server/db/client";
import { eq } from "drizzle-orm";
import { businesses, pageViews } from "~/.server/db/schema";
import type { RateLimiter } from "~/.server/rate-limit";

/** What the browser reports when a page loads (POST /api/v1/page-views). */
export const pageViewSchema = z.object({
  path: safeText().trim().min(1).max(500).startsWith("/", "Path must start with /."),
  name: safeText().trim().min(1).max(100),
  businessId: z.uuid({ error: "businessId must be a UUID." }).optional(),
  referrer: safeText().trim().max(500).optional(),
});

export type PageViewInput = z.infer<typeof pageViewSchema>;

/** Twenty counted page views per address per minute; past that, views are answered alike but not stored. */
export const PAGE_VIEW_RATE = { limit: 20, windowMs: 60 * 1000 } as const;

/** Whether a view from this address counts (and counts it against the limit: PAGE_VIEW_RATE, built once at boot). */
export async function countPageView(viewLimiter: RateLimiter, ip: string) {
  return (await viewLimiter.hit(ip)) === 0;
}

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
