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
  const entries = new Map<string, { value: Promise<unknown>; storedAt: number }>();
  const ttlMs = ttlSeconds * 1000;
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const entry = entries.get(key);
      if (entry && now() - entry.storedAt < ttlMs) return entry.value as Promise<T>;
      const value = load();
      const stored = { value, storedAt: now() };
      entries.delete(key);
      entries.set(key, stored);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      // Only this entry: a clear() since, and a newer load, must not be undone.
      value.catch(() => entries.get(key) === stored && entries.delete(key));
      return value;
    },
    clear() {
      entries.clear();
    },
  } satisfies PublicData;
}
