import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";
import { prefersGzip } from "../../app/.server/gzip-parts";
import { bodyWithNonce, gzipWithNonce, notModified, type CachedPage, type PageCache } from "./page-cache";

/**
 * Produces the answer for a request the cache may serve: the response, and the listings it showed (their search
 * appearances are counted again on every hit). Called with GET semantics; a HEAD's body is dropped here.
 */
export type RenderAnswer = (appearances: string[]) => Promise<Response>;

export interface CachedAnswerOptions {
  /** The key in the cache (server/http/page-cache.ts `cacheKey`). */
  key: string;
  /** This answer's CSP nonce ("" for answers without one, such as JSON). */
  nonce: string;
  render: RenderAnswer;
  /** A hit showed these listings again (listing stats). */
  countHit: (appearances: string[]) => void;
}

/**
 * Anonymous answers from the page cache, pages and the public JSON API alike (docs/performance.md): a hit is served
 * from memory with its own nonce; a miss is rendered once however many requests ask for it at the same moment (when a
 * popular page expires under a crowd, one render serves all of them, rather than fifty renders at once competing for
 * the CPU and the database), then kept when it may be. ETag and 304 either way.
 */
export function createCachedAnswers(pageCache: PageCache) {
  /** Renders under way, by cache key. */
  const rendering = new Map<string, Promise<CachedPage | undefined>>();

  /** Renders and keeps the answer if it may be kept: the entry, or the response to send when it may not. */
  async function renderAndKeep(
    request: Request,
    { key, nonce, render }: CachedAnswerOptions,
  ): Promise<{ entry: CachedPage } | { response: Response }> {
    const appearances: string[] = [];
    const generation = pageCache.generation();
    const res = await render(appearances);
    const keep =
      res.status === 200 &&
      !res.headers.has("Set-Cookie") &&
      !/no-store|private/.test(res.headers.get("Cache-Control") ?? "");
    const body = keep ? await res.text() : null;
    const entry =
      body === null
        ? undefined
        : pageCache.set(key, { status: res.status, headers: res.headers, body, nonce, appearances }, generation);
    if (entry) return { entry };
    if (body !== null) return { response: new Response(request.method === "HEAD" ? null : body, res) };
    // Read and drop the body in the background: cancelling it would abort the render (logged as an error).
    if (request.method === "HEAD") void res.body?.pipeTo(new WritableStream()).catch(() => {});
    return { response: request.method === "HEAD" ? new Response(null, res) : res };
  }

  return async function cachedAnswer(request: Request, options: CachedAnswerOptions): Promise<Response> {
    const { key, nonce } = options;
    // No await between looking for a render under way and registering ours: the first request renders, the others
    // find its promise.
    let entry = pageCache.get(key);
    const pending = entry ? undefined : rendering.get(key);
    if (pending) entry = await pending;
    const hit = !!entry;
    if (entry) {
      options.countHit(entry.appearances);
    } else {
      let share: (entry: CachedPage | undefined) => void = () => {};
      // A request that waited for a render that couldn't be kept renders for itself, without registering.
      const leader = !pending && !rendering.has(key);
      if (leader) rendering.set(key, new Promise((resolve) => (share = resolve)));
      try {
        const rendered = await renderAndKeep(request, options);
        share("entry" in rendered ? rendered.entry : undefined);
        if ("response" in rendered) return rendered.response;
        entry = rendered.entry;
      } catch (error) {
        share(undefined);
        throw error;
      } finally {
        if (leader) rendering.delete(key);
      }
    }
    const headers = new Headers(entry.headers);
    headers.set("ETag", entry.etag);
    // Browsers revalidate every time (a 304 when nothing changed) unless the answer chose its own policy (the
    // autocomplete's minute); a CDN or proxy may keep it as long as we do.
    if (!headers.has("Cache-Control"))
      headers.set("Cache-Control", `public, max-age=0, s-maxage=${pageCache.ttlSeconds}, must-revalidate`);
    headers.set("Vary", "Cookie");
    headers.set("X-Cache", hit ? "HIT" : "MISS");
    if (hit) headers.set("Age", String(pageCache.age(entry)));
    if (notModified(request, entry.etag)) {
      headers.delete("Content-Type");
      return new Response(null, { status: 304, headers });
    }
    if (request.method === "HEAD") return new Response(null, { status: entry.status, headers });
    // Compressed here from the kept parts, so the compression middleware leaves it alone (it says Vary itself
    // only when it compresses).
    if (prefersGzip(request) && COMPRESSIBLE_CONTENT_TYPE_REGEX.test(headers.get("Content-Type") ?? "")) {
      headers.set("Content-Encoding", "gzip");
      headers.set("Vary", "Cookie, Accept-Encoding");
      return new Response(gzipWithNonce(entry, nonce), { status: entry.status, headers });
    }
    return new Response(bodyWithNonce(entry, nonce), { status: entry.status, headers });
  };
}
