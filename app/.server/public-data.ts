import { LRUCache } from "lru-cache";

/**
 * Data every visitor sees alike, computed once per change rather than once per request (issue 13): the anonymous page
 * cache already serves visitors without an account, but a signed-in user's page is rendered for them alone, and its
 * user-independent parts (the home page's trending listings and category counts: 25 queries) were read again for
 * every such page. Kept for PAGE_CACHE_SECONDS and dropped with the page cache (server/http/app.ts): by any write this
 * process answers and by every public change from any process, so whoever made a change sees it on their next page.
 * Nothing per user may go in here.
 */
export interface PublicData {
  /** `load`'s value for `key`, shared by concurrent callers; a failure is not kept. */
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  clear(): void;
}

/** Computes every time (the cache turned off, or a request whose clock or faults were replaced). */
export const uncachedPublicData: PublicData = { get: (_key, load) => load(), clear() {} };

export function createPublicData({
  ttlSeconds,
  now = Date.now,
  maxEntries = 1000,
}: {
  ttlSeconds: number;
  now?: () => number;
  /** A bound on what is kept: searches are keys too, one per filter combination (the oldest go first). */
  maxEntries?: number;
}) {
  if (ttlSeconds <= 0) return uncachedPublicData;
  // lru-cache keeps the bound and the age; the entry object tells a failed load from a newer one.
  const entries = new LRUCache<string, { value: Promise<unknown> }>({
    max: maxEntries,
    ttl: ttlSeconds * 1000,
    perf: { now },
    // Read the clock on every get (a cached reading lags by a timer tick: a test clock, or a page just expired).
    ttlResolution: 0,
  });
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const entry = entries.get(key);
      if (entry) return entry.value as Promise<T>;
      const stored = { value: load() };
      entries.set(key, stored);
      // Only this entry: a clear() since, and a newer load, must not be undone.
      stored.value.catch(() => entries.peek(key) === stored && entries.delete(key));
      return stored.value as Promise<T>;
    },
    clear() {
      entries.clear();
    },
  } satisfies PublicData;
}
