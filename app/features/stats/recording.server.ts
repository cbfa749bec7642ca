import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/.server/db/client";
import type { Logger } from "~/.server/logger";
import { businesses, listingStatDays } from "~/.server/db/schema";
import type { RateLimiter } from "~/.server/rate-limit";
import { AppError } from "~/lib/app-error";
import { isBotRequest } from "~/lib/bots";
import { isUuid } from "~/lib/ids";
import { dayIn, STAT_EVENT_KINDS, type StatMetric } from "~/lib/listing-stats";

/**
 * Recording listing stats (issue #16) cheaply: one counter per listing, site day and metric, upserted with
 * `count = count + excluded.count`. Nothing about the visitor is stored: no address, no cookie, no account.
 */

/** What the business page's buttons send (POST /api/v1/businesses/{id}/events). */
export const statEventSchema = z.strictObject({
  kind: z.enum(STAT_EVENT_KINDS, { error: `kind must be one of: ${STAT_EVENT_KINDS.join(", ")}.` }),
});
export type StatEventInput = z.infer<typeof statEventSchema>;

/** Sixty counted clicks per address per minute; past that the beacon is answered 429 and nothing is counted. */
export const STAT_EVENT_RATE = { limit: 60, windowMs: 60 * 1000 } as const;

/** Adds one to each (listing, metric) counter of today, in one statement. */
async function bump(db: Database, rows: { businessId: string; metric: StatMetric }[], timeZone: string, at: Date) {
  if (!rows.length) return;
  const day = dayIn(timeZone, at);
  await db
    .insert(listingStatDays)
    .values(rows.map((r) => ({ ...r, day, count: 1 })))
    .onConflictDoUpdate({
      target: [listingStatDays.businessId, listingStatDays.day, listingStatDays.metric],
      set: { count: sql`${listingStatDays.count} + excluded.count` },
    });
}

/**
 * Appearances waiting for their upsert, per database: at most one upsert runs at a time per process, and what
 * arrives meanwhile is summed into the next one. Idle, a page's appearances are written at once; under a crowd, a
 * few statements carry thousands of pages' counts instead of one statement per page queueing for the pool and for
 * the same hot rows (measured with `npm run bench:load` on PostgreSQL).
 */
interface AppearanceQueue {
  /** "day|businessId" → count. */
  counts: Map<string, number>;
  draining: Promise<void> | null;
}
const appearanceQueues = new WeakMap<Database, AppearanceQueue>();

async function drainAppearances(db: Database, queue: AppearanceQueue, logger: Logger) {
  for (;;) {
    // Checked and cleared in one step: counts added after this see no drain running and start one.
    if (!queue.counts.size) {
      queue.draining = null;
      return;
    }
    const batch = queue.counts;
    queue.counts = new Map();
    // Sorted, so two processes' upserts take the rows' locks in the same order (no deadlock).
    const rows = [...batch.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([key, count]) => {
        const [day, businessId] = key.split("|") as [string, string];
        return { businessId, day, metric: "search_appearance" as const, count };
      });
    try {
      await db
        .insert(listingStatDays)
        .values(rows)
        .onConflictDoUpdate({
          target: [listingStatDays.businessId, listingStatDays.day, listingStatDays.metric],
          set: { count: sql`${listingStatDays.count} + excluded.count` },
        });
    } catch (error) {
      logger.error("Stats: search appearances not recorded", {
        error: error instanceof Error ? error.message : String(error),
        listings: rows.length,
      });
    }
  }
}

/**
 * One search appearance for each listing on a page of results (/search, the category pages, GET
 * /api/v1/businesses): summed into one upsert (see AppearanceQueue), not awaited by the caller's response; the
 * promise settles once they are written. Crawlers' searches don't count; a failure is logged, never thrown.
 */
export function noteSearchAppearances(
  deps: {
    db: Database;
    logger: Logger;
    config: { SITE_TIMEZONE: string };
    clock?: { now(): Date };
    /** The page cache's record of what this page listed (server/http/page-cache.ts). */
    appearanceLog?: string[];
  },
  request: Pick<Request, "headers">,
  businessIds: readonly string[],
): Promise<void> {
  deps.appearanceLog?.push(...businessIds);
  if (!businessIds.length || isBotRequest(request)) return Promise.resolve();
  const day = dayIn(deps.config.SITE_TIMEZONE, deps.clock?.now() ?? new Date());
  let queue = appearanceQueues.get(deps.db);
  if (!queue) {
    queue = { counts: new Map(), draining: null };
    appearanceQueues.set(deps.db, queue);
  }
  for (const id of new Set(businessIds)) {
    const key = `${day}|${id}`;
    queue.counts.set(key, (queue.counts.get(key) ?? 0) + 1);
  }
  queue.draining ??= drainAppearances(deps.db, queue, deps.logger);
  return queue.draining;
}

export type StatEventResult = "counted" | "ignored";

/**
 * A click on the business page's Call, Website, Directions, Share or Book: counted for a published listing.
 * Bots are answered alike and not counted; an unknown listing is not_found; past STAT_EVENT_RATE per address,
 * too_many_requests.
 */
export async function recordStatEvent(
  deps: { db: Database; limiter: RateLimiter; timeZone: string },
  request: Pick<Request, "headers">,
  ip: string,
  businessId: string,
  input: StatEventInput,
  at: Date = new Date(),
): Promise<StatEventResult> {
  const [business] = isUuid(businessId)
    ? await deps.db
        .select({ id: businesses.id })
        .from(businesses)
        .where(and(eq(businesses.id, businessId), eq(businesses.status, "published")))
        .limit(1)
    : [];
  if (!business) throw new AppError("not_found", "Business not found.");
  if (isBotRequest(request)) return "ignored";
  const retryAfter = await deps.limiter.hit(ip);
  if (retryAfter > 0) {
    throw new AppError("too_many_requests", "Too many events. Try again in a minute.", undefined, { retryAfter });
  }
  await bump(deps.db, [{ businessId: business.id, metric: input.kind }], deps.timeZone, at);
  return "counted";
}
