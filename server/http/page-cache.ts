import { LRUCache } from "lru-cache";
import { createHash } from "node:crypto";
import { deflatePart, gzipParts, joinParts } from "../../app/.server/gzip-parts";

/**
 * The anonymous page cache (issue 13, docs/performance.md): a visitor without an account sees the same home,
 * search, category and business pages as every other such visitor, so a page rendered once serves them all for
 * a few seconds. Nothing here is shared between users: a request that carries any cookie but the anonymous
 * visitor id, or any test header, goes straight to the renderer, and a response that sets a cookie is never kept.
 *
 * Written here rather than with a caching library: what makes it correct is Near's own (which cookies mean
 * "anonymous", swapping the CSP nonce, replaying stats, dropping everything when a listing changes); the store
 * itself is a Map in insertion order used as an LRU.
 */

/** Pages everyone sees alike, and their single-fetch data (`.data`) for client-side navigation. */
const PUBLIC_PAGE =
  /^\/(?:|_root\.data|search|categories\/(?:restaurants|shopping|services|entertainment)|business\/[^/]+(?:\/reviews)?|blog(?:\/[^/]+)?|people\/[^/]+|events|deals|about|press|terms|privacy|pricing)(?:\.data)?$/;
/** Business pages' sub-paths that are not pages of their own (claim form, edit, new). */
const PRIVATE_BUSINESS = /^\/business\/(?:new|edit)(?:\.data)?$/;
/** Cookies an anonymous visitor may carry: the distinct-visitor id of the page-view beacon (server/api/directory.ts). */
const ANONYMOUS_COOKIES = new Set(["near_vid"]);
/** Where the nonce was, in the ETag's hash: each answer gets its own nonce. */
const NONCE_MARK = "\u0000nonce\u0000";

export interface CachedPage {
  status: number;
  headers: [string, string][];
  /**
   * The body as UTF-8, cut where the nonce was: each answer joins the parts with its own nonce. Bytes, not a
   * string: a hit then costs a copy, where a string body was re-encoded and scanned (undici's USVString check) on
   * every answer — 12% of the CPU of a crowd of visitors.
   */
  parts: Buffer<ArrayBuffer>[];
  /** Each part compressed on its own (raw deflate, a fresh window, ending byte-aligned): see app/.server/gzip-parts.ts. */
  deflated: Buffer[];
  etag: string;
  /** Listings the page showed: a hit counts their search appearances again (listing stats). */
  appearances: string[];
  storedAt: number;
  bytes: number;
}

export interface PageCacheOptions {
  /** Seconds a page is served from memory; 0 turns the cache off. */
  ttlSeconds: number;
  maxEntries?: number;
  maxBytes?: number;
  now?: () => number;
}

/**
 * The public JSON API's reads that answer everyone alike: the directory search, one published business, the
 * autocomplete. (A business's reviews are not among them: they say which ones the reader found helpful.)
 */
const PUBLIC_API = /^\/api\/v1\/(?:businesses(?:\/[^/]+)?|suggest)$/;

/** True when the request is a GET or HEAD of a page (or its data) everyone sees alike, whoever asks. */
export function isPublicPageRequest(request: Request): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const { pathname } = new URL(request.url);
  return PUBLIC_PAGE.test(pathname) && !PRIVATE_BUSINESS.test(pathname);
}

/** True when the request is an anonymous GET or HEAD of a page everyone sees alike. */
export function isCacheableRequest(request: Request): boolean {
  return isPublicPageRequest(request) && isAnonymous(request);
}

/**
 * True when the request is a GET of a public API read (HEAD is left to the router). Cookies don't matter: these
 * handlers never read a session, so a signed-in reader's answer is everyone's (only credentials sent as
 * `Authorization` keep a request to itself).
 */
export function isCacheableApiRequest(request: Request): boolean {
  return (
    request.method === "GET" && PUBLIC_API.test(new URL(request.url).pathname) && !request.headers.has("authorization")
  );
}

/**
 * True when the request carries no cookie but the anonymous visitor's (no session, no notice, nothing of anyone's)
 * and no credentials: nothing in the answer can be this visitor's own.
 */
export function isAnonymous(request: Request): boolean {
  if (request.headers.has("authorization")) return false;
  const cookie = request.headers.get("cookie");
  if (!cookie) return true;
  return cookie.split(";").every((part) => {
    const name = part.split("=", 1)[0]!.trim();
    return !name || ANONYMOUS_COOKIES.has(name);
  });
}

/**
 * A page rendered for a request with cookies (a signed-in user's) may show that user: only their browser may keep
 * it, and only to revalidate (`private, no-cache`; no-store would also keep it out of the back/forward cache).
 * A response that says how it may be kept already is left alone.
 */
export function markPrivate(request: Request, res: Response): Response {
  if (isAnonymous(request) || res.headers.has("Cache-Control")) return res;
  // A copy: some responses' headers are immutable (Response.redirect).
  const headers = new Headers(res.headers);
  headers.set("Cache-Control", "private, no-cache");
  const vary = headers.get("Vary");
  if (!vary?.split(",").some((v) => v.trim().toLowerCase() === "cookie" || v.trim() === "*"))
    headers.set("Vary", vary ? `${vary}, Cookie` : "Cookie");
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}

/** The cache key: the URL without the anonymous visitor's own bits (none today), path and query as sent. */
export function cacheKey(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

export function createPageCache({
  ttlSeconds,
  maxEntries = 1000,
  maxBytes = 64 * 1024 * 1024,
  now = Date.now,
}: PageCacheOptions) {
  const ttlMs = ttlSeconds * 1000;
  // lru-cache keeps the bounds (entries and bytes, the least recently used going first) and the age.
  const entries = new LRUCache<string, CachedPage>({
    max: maxEntries,
    maxSize: maxBytes,
    sizeCalculation: (entry) => entry.bytes,
    // A page over an eighth of the whole is not kept (set() checks first).
    maxEntrySize: Math.floor(maxBytes / 8),
    ttl: Math.max(ttlMs, 1),
    perf: { now },
    // Read the clock on every get (a cached reading lags by a timer tick).
    ttlResolution: 0,
  });
  // Bumped by every clear(): a page whose render began before a change must not be kept after it.
  let generation = 0;

  return {
    enabled: ttlMs > 0,
    ttlSeconds,
    get: (key: string): CachedPage | undefined => entries.get(key),
    /** Taken before a render; set() keeps the page only if nothing was cleared since. */
    generation: () => generation,
    /** Keeps a rendered page; `nonce` is the one it was rendered with. Returns what a later hit would serve. */
    set(
      key: string,
      page: { status: number; headers: Headers; body: string; nonce: string; appearances: string[] },
      renderedIn: number,
    ): CachedPage | undefined {
      if (!this.enabled || renderedIn !== generation) return undefined;
      const parts = (page.nonce ? page.body.split(page.nonce) : [page.body]).map((part) => Buffer.from(part));
      const deflated = parts.map(deflatePart);
      const size = [...parts, ...deflated].reduce((n, part) => n + part.length, 0) + 512;
      if (size > Math.floor(maxBytes / 8)) return undefined;
      const hash = createHash("sha1");
      // The ETag of the body without its nonce (the parts and where they join), the same for every answer.
      for (const part of parts) hash.update(part).update(NONCE_MARK);
      const entry: CachedPage = {
        status: page.status,
        headers: [...page.headers].filter(([name]) => !DROPPED_HEADERS.has(name)),
        parts,
        deflated,
        etag: `W/"${hash.digest("base64url").slice(0, 27)}"`,
        appearances: page.appearances,
        storedAt: now(),
        bytes: size,
      };
      entries.set(key, entry);
      return entry;
    },
    clear() {
      generation += 1;
      entries.clear();
    },
    size: () => entries.size,
    /** Age in whole seconds (the `Age` header). */
    age: (entry: CachedPage) => Math.max(0, Math.floor((now() - entry.storedAt) / 1000)),
  };
}

export type PageCache = ReturnType<typeof createPageCache>;

/** Headers recomputed for every answer rather than replayed. */
const DROPPED_HEADERS = new Set(["content-length", "date", "server-timing", "etag", "age", "x-cache"]);

/** The stored body for one answer, with this answer's nonce. */
export function bodyWithNonce(entry: CachedPage, nonce: string): Uint8Array<ArrayBuffer> {
  return joinParts(entry.parts, nonceFills(entry, nonce));
}

function nonceFills(entry: CachedPage, nonce: string): Buffer[] {
  const mark = Buffer.from(nonce);
  return entry.parts.slice(1).map(() => mark);
}

/** True when the request's If-None-Match names the entry's ETag. */
export function notModified(request: Request, etag: string): boolean {
  const header = request.headers.get("if-none-match");
  if (!header) return false;
  return header === "*" || header.split(",").some((tag) => tag.trim() === etag);
}

/** The stored entry as gzip, with this answer's nonce (app/.server/gzip-parts.ts). */
export function gzipWithNonce(entry: CachedPage, nonce: string): Uint8Array<ArrayBuffer> {
  return gzipParts(entry.parts, entry.deflated, nonceFills(entry, nonce));
}
