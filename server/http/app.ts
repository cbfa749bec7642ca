import fs from "node:fs";
import { randomUUID, timingSafeEqual } from "node:crypto";
import type { ServerResponse } from "node:http";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type MiddlewareHandler } from "hono";
import { clientIp, forwardedProto } from "./client-ip";
import { compileTrustProxy } from "../../app/.server/trust-proxy";
import { acceptedEncoding } from "../../app/.server/gzip-parts";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";
import { HTTPException } from "hono/http-exception";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";
import { createApiRouter } from "../api/router";
import { AppError } from "~/lib/app-error";
import { errorResponse } from "../api/errors";
import { IMPORT_UPLOAD_MAX_BYTES } from "../../app/features/import/upload-schema";
import { PHOTO_REQUEST_BODY_LIMIT } from "../../app/lib/catalogue";
import { handleAuthRequest, sameOriginMutations } from "./auth";
import { databaseReachable, isDatabaseUnavailable } from "../../app/.server/db/unavailable";
import { recordTime, withQueryTiming } from "../../app/.server/db/query-timing";
import { withRequestScope } from "../../app/.server/request-scope";
import { createPublicData, uncachedPublicData } from "../../app/.server/public-data";
import { UNAVAILABLE_API_MESSAGE, UNAVAILABLE_RETRY_AFTER, unavailablePage } from "./unavailable";
import "../context";
import type { AppServices } from "../services";
import type { AppEnv } from "./env";
import { createNonce, securityHeaders } from "./security";
import { createSeoRoutes } from "./seo";
import { streamingBodyLimit } from "./streaming-body-limit";
import { createPageTemplates } from "../../app/.server/page-templates";
import {
  cacheKey,
  createPageCache,
  isCacheableApiRequest,
  isCacheableRequest,
  isPublicPageRequest,
  markPrivate,
} from "./page-cache";
import { createCachedAnswers } from "./cached-answer";
import { pageMethods } from "./page-methods";
import { noteSearchAppearances } from "~/features/stats/recording.server";

export interface CreateAppOptions {
  services: AppServices;
  /** The React Router server build; a function so dev mode can reload it. Omit for API-only tests. */
  build?: ServerBuild | (() => Promise<ServerBuild>);
  /** Directory of the client build (build/client) to serve statically; omit in dev (Vite serves it). */
  clientDir?: string;
  mode?: "production" | "development";
  /**
   * Middleware run before everything else (after the request id is set). Only
   * the end-to-end entry (server/e2e-main.ts) installs any: the production
   * entry never does.
   */
  before?: MiddlewareHandler<AppEnv>[];
  /**
   * Replaces the React Router load context of one request (fault injection in
   * the end-to-end entry, server/e2e-main.ts). Production installs none.
   */
  overrideContext?: (request: Request, context: AppLoadContext) => AppLoadContext;
}

/** A year: hashed file names change whenever their content does. */
const IMMUTABLE = "public, max-age=31536000, immutable";
const API_BODY_LIMIT = 1024 * 1024;
// Account requests (sign-up, sign-in, profile, passwords) carry a few short fields: 16 KB bounds their raw values
// before any hook reads them (security finding 37.2: a name padded with 400,000 spaces).
const AUTH_BODY_LIMIT = 16 * 1024;
const PHOTO_UPLOAD_API_PATH = /^\/api\/v1\/businesses\/[^/]+\/photos$/;
/** Review photos (issue 41): the API's upload and the review item's form (/reviews/:id/photos). */
const REVIEW_PHOTO_UPLOAD_PATH = /^(?:\/api\/v1)?\/reviews\/[^/]+\/photos(?:\.data)?$/;
/** The add and edit forms post their photos to their own actions (`.data` for client-side submissions). */
const LISTING_FORM_PATH = /^\/business\/(new|edit\/[^/]+)(\.data)?$/;
/** Menu attachments (issue 36): one PDF or image of up to 10 MB and its title, by the API or the owner's page. */
const MENU_UPLOAD_PATH = /^\/(?:api\/v1\/businesses\/[^/]+\/menus|business\/edit\/[^/]+\/menus(?:\.data)?)$/;
/** Submit Event: one photo of up to 10 MB and the text fields. */
const EVENT_FORM_PATH = /^\/events\/new(\.data)?$/;
const EVENT_FORM_BODY_LIMIT = 11 * 1024 * 1024;
/** Visit and click counters and address look-ups: writes that change no page. */
const BEACON_PATH = /^\/api\/v1\/(?:page-views|businesses\/[^/]+\/events|geocode)$/;
/** The admin import page's upload: one file of up to 100 MB (streamed to disk by its action) and a few fields. */
const IMPORT_FORM_PATH = /^\/admin\/import(\.data)?$/;
const IMPORT_FORM_BODY_LIMIT = IMPORT_UPLOAD_MAX_BYTES + 1024 * 1024;

/**
 * HEAD gets the headers compress() gives the same GET (Vary, Content-Encoding,
 * no Content-Length), though there is no body to compress: compress() itself
 * leaves HEAD alone, so without this a HEAD answer differed from its GET.
 */
const headLikeCompressedGet: MiddlewareHandler = async (c, next) => {
  await next();
  const headers = c.res.headers;
  const type = headers.get("Content-Type");
  const length = headers.get("Content-Length");
  if (
    c.res.status === 206 ||
    headers.has("Content-Encoding") ||
    headers.has("Transfer-Encoding") ||
    (length && Number(length) < 1024) ||
    !type ||
    !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) ||
    /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(headers.get("Cache-Control") ?? "")
  )
    return;
  const vary = headers.get("Vary");
  if (vary !== "*" && !/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary ?? "")) {
    headers.set("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
  }
  const encoding = acceptedEncoding(c.req.header("Accept-Encoding"));
  if (encoding) {
    headers.delete("Content-Length");
    headers.set("Content-Encoding", encoding);
  }
};

/** The build's public files other than /assets (favicon, robots.txt…), as URL paths, as the build left them. */
function listPublicFiles(clientDir: string): Set<string> {
  const found = new Set<string>();
  for (const entry of fs.readdirSync(clientDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.relative(clientDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
    if (!file.startsWith("assets/")) found.add(`/${file}`);
  }
  return found;
}

/**
 * Sets Cache-Control on successful static responses. (serveStatic's onFound
 * hook runs after its Response is built, so headers set there are lost.)
 */
function cacheFor(value: string): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.res.status === 200) c.res.headers.set("Cache-Control", value);
  };
}

export function createApp({
  services,
  build,
  clientDir,
  mode = "production",
  before = [],
  overrideContext,
}: CreateAppOptions) {
  const { config, logger } = services;
  const dev = mode === "development";
  const https = config.publicUrl.startsWith("https://");
  const app = new Hono<AppEnv>();
  // TRUST_PROXY: whose X-Forwarded-For / X-Forwarded-Proto we believe (none by default).
  const trustProxy = compileTrustProxy(config.TRUST_PROXY);

  const debugSecret = config.DEBUG_TIMING_SECRET ? Buffer.from(config.DEBUG_TIMING_SECRET) : null;
  const debugTiming = (given: string | undefined) =>
    debugSecret !== null &&
    given !== undefined &&
    Buffer.byteLength(given) === debugSecret.length &&
    timingSafeEqual(Buffer.from(given), debugSecret);

  app.use(forwardedProto(trustProxy));
  app.use(async (c, next) => {
    const started = performance.now();
    const nonce = createNonce();
    c.set("services", services);
    c.set("nonce", nonce);
    c.set("requestId", c.req.header("x-request-id")?.slice(0, 64) || randomUUID());
    c.set("clientIp", clientIp(c, trustProxy));
    // Timings, and the request's own memo (the session, read once however many loaders ask).
    const { timing, result } = withQueryTiming(() => withRequestScope(next));
    await result;
    // Until the response's head is ready (a page's body may still be streaming): for the browser's and a proxy's
    // timings, and one access-log line. The path only — a query string can carry tokens and what people typed — and
    // the logger redacts a path's secret segments (a reset link's token: redact() in app/.server/logger.ts).
    // db is the sum of the request's query times (app/.server/db/query-timing.ts); for a rendered page, render is
    // React's render up to the shell (entry.server) and loaders the rest of React Router's handling (routing,
    // loaders, actions: wall time, so it includes waiting for the database and for other requests' CPU).
    const headReady = performance.now();
    const round = (ms: number) => Math.round(ms * 10) / 10;
    const duration = round(headReady - started);
    const dbMs = round(timing.ms);
    const renderMs = timing.renderMs === null ? undefined : round(timing.renderMs);
    const loadersMs = timing.pageMs === null ? undefined : round(Math.max(0, timing.pageMs - (timing.renderMs ?? 0)));
    c.res.headers.append("Server-Timing", `app;dur=${duration}`);
    // The rest says how a page was made — whether another reader's visit left its render in the cache a moment ago,
    // why it wasn't shared, how many queries ran — so only admins and holders of the debug secret get it (37.9).
    if (config.serverTiming === "all" || timing.detailAllowed || debugTiming(c.req.header("x-debug-timing"))) {
      c.res.headers.append("Server-Timing", `db;dur=${dbMs};desc="${timing.queries} queries"`);
      if (loadersMs !== undefined) c.res.headers.append("Server-Timing", `loaders;dur=${loadersMs}`);
      if (renderMs !== undefined) c.res.headers.append("Server-Timing", `render;dur=${renderMs}`);
      if (timing.template)
        c.res.headers.append("Server-Timing", `template;desc="${timing.template.replace(/["\\]/g, "")}"`);
    } else c.res.headers.delete("X-Cache");
    const line = {
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      durationMs: duration,
      dbMs,
      queries: timing.queries,
      ...(loadersMs === undefined ? {} : { loadersMs }),
      ...(renderMs === undefined ? {} : { renderMs }),
      ...(timing.template ? { template: timing.template } : {}),
      requestId: c.var.requestId,
    };
    // Writing the body (a streamed page's rest, compression, the socket) happens after these headers have left, so
    // it can't be in Server-Timing: on a real socket the log line waits for the response to finish and says how long
    // that took (writeMs); app.request() in tests has no socket, and logs at once.
    const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
    if (!outgoing || outgoing.writableFinished || outgoing.destroyed) logger.info("request", line);
    else
      outgoing.once("close", () => {
        const writeMs = round(performance.now() - headReady);
        logger.info("request", { ...line, writeMs, finished: outgoing.writableFinished });
      });
    for (const [name, value] of Object.entries(
      securityHeaders({ nonce, dev, https, tileSource: config.mapTiles?.cspSource }),
    )) {
      // A 304 keeps the browser's stored page, whose inline scripts carry the nonce of its stored policy: a fresh
      // nonce here would replace that policy and block them.
      if (c.res.status === 304 && name === "Content-Security-Policy") continue;
      c.res.headers.set(name, value);
    }
  });

  for (const middleware of before) app.use(middleware);

  // gzip/deflate everything compressible except live streams, in the encoding acceptedEncoding chose (with neither,
  // the gzip middleware only adds Vary: it finds gzip not accepted).
  const compressors = { gzip: compress({ encoding: "gzip" }), deflate: compress({ encoding: "deflate" }) };
  app.use(async (c, next) => {
    if (c.req.header("accept")?.includes("text/event-stream")) return next();
    if (c.req.method === "HEAD") return headLikeCompressedGet(c, next);
    return compressors[acceptedEncoding(c.req.header("Accept-Encoding")) ?? "gzip"](c, next);
  });

  // CSRF: cookie-authenticated mutations must come from our own pages.
  app.use(sameOriginMutations(config.publicUrl));

  // Anonymous pages are kept for PAGE_CACHE_SECONDS (server/http/page-cache.ts). Any write answered by this process
  // drops them all before its answer leaves (so its author never reads a stale page), and so does any public listing change
  // from another process (the change feed); only the visit and click beacons, which change no page, leave them.
  const pageCache = createPageCache({ ttlSeconds: config.PAGE_CACHE_SECONDS });
  const cachedAnswer = createCachedAnswers(pageCache);
  // What signed-in pages share with everyone's (app/.server/public-data.ts): kept and dropped with the pages.
  const publicData = createPublicData({ ttlSeconds: config.PAGE_CACHE_SECONDS });
  // Signed-in readers' pages rendered once per situation, their own strings put in per answer (ADR 016).
  const pageTemplates = createPageTemplates({ ttlSeconds: config.PAGE_CACHE_SECONDS });
  if (pageCache.enabled) {
    services.changes.subscribe((_change, visible) => {
      // A pending listing's edits show on no public page.
      if (!visible) return;
      pageCache.clear();
      publicData.clear();
      pageTemplates.clear();
    });
    app.use(async (c, next) => {
      await next();
      if (c.req.method !== "GET" && c.req.method !== "HEAD" && !BEACON_PATH.test(c.req.path)) {
        pageCache.clear();
        publicData.clear();
        pageTemplates.clear();
      }
    });
  }

  app.onError((error, c) => {
    const isApi = c.req.path.startsWith("/api/");
    if (error instanceof AppError) return errorResponse(c, error);
    // The database is down: a quick 503 (the API's JSON error, or a friendly page), never a hang or a 500.
    if (isDatabaseUnavailable(error)) {
      logger.warn("The database is unavailable", { requestId: c.var.requestId, path: c.req.path });
      if (!isApi) return unavailablePage(config.SITE_NAME, c.var.nonce);
      const retryAfter = UNAVAILABLE_RETRY_AFTER;
      return errorResponse(c, new AppError("service_unavailable", UNAVAILABLE_API_MESSAGE, undefined, { retryAfter }));
    }
    if (error instanceof HTTPException && error.status < 500) {
      if (isApi) {
        return errorResponse(c, AppError.fromStatus(error.status, error.message || "Bad request."));
      }
      return error.getResponse();
    }
    logger.error("Unhandled error", { requestId: c.var.requestId, path: c.req.path, error });
    if (isApi)
      return errorResponse(c, new AppError("internal_error", "Something went wrong on our side. Please try again."));
    return c.html("<!doctype html><title>Server error</title><h1>Unexpected Application Error!</h1>", 500);
  });

  app.get("/healthz", async (c) => {
    const replica = services.readDatabase?.state() ?? "none";
    try {
      await services.database.ping();
      // The replica's state (ADR 017) is reported, never fatal: while the primary answers, the site does.
      return c.json({ status: "ok", database: services.database.driver, replica });
    } catch (error) {
      logger.warn("Health check failed", { error: (error as Error).message });
      return c.json({ status: "unavailable", database: services.database.driver, replica }, 503);
    }
  });

  // robots.txt and the sitemaps (server/http/seo.ts).
  app.route("/", createSeoRoutes());

  const api = createApiRouter();
  const apiBodyLimit = bodyLimit({
    maxSize: API_BODY_LIMIT,
    onError: (c) =>
      errorResponse(
        c,
        new AppError("payload_too_large", `The request body is larger than ${API_BODY_LIMIT / 1024 / 1024} MB.`),
      ),
  });
  // Photo uploads (the API's and the listing forms') carry several files of up to 10 MB each. Bounded while
  // streaming and read only when the handler reads it (after the access and plan checks): see streaming-body-limit.ts.
  const photoBodyLimit = streamingBodyLimit<AppEnv>({
    maxSize: PHOTO_REQUEST_BODY_LIMIT,
    onError: (c) =>
      errorResponse(
        c,
        new AppError(
          "payload_too_large",
          `The request body is larger than ${Math.floor(PHOTO_REQUEST_BODY_LIMIT / 1024 / 1024)} MB.`,
        ),
      ),
  });
  const eventFormBodyLimit = streamingBodyLimit<AppEnv>({
    maxSize: EVENT_FORM_BODY_LIMIT,
    onError: (c) => errorResponse(c, new AppError("payload_too_large", "The photo must be 10 MB or smaller.")),
  });
  const menuBodyLimit = streamingBodyLimit<AppEnv>({
    maxSize: EVENT_FORM_BODY_LIMIT,
    onError: (c) => errorResponse(c, new AppError("payload_too_large", "The menu file must be 10 MB or smaller.")),
  });
  const importFormBodyLimit = streamingBodyLimit<AppEnv>({
    maxSize: IMPORT_FORM_BODY_LIMIT,
    onError: (c) => errorResponse(c, new AppError("payload_too_large", "The file must be 100 MB or smaller.")),
  });
  const authBodyLimit = bodyLimit({
    maxSize: AUTH_BODY_LIMIT,
    onError: (c) =>
      errorResponse(
        c,
        new AppError("payload_too_large", `The request body is larger than ${AUTH_BODY_LIMIT / 1024} KB.`),
      ),
  });
  // Every request body is bounded: 16 KB for accounts, 1 MB (JSON, forms), more only where photos are uploaded.
  app.use((c, next) => {
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    const p = c.req.path;
    if (p.startsWith("/api/auth/")) return authBodyLimit(c, next);
    if (PHOTO_UPLOAD_API_PATH.test(p) || LISTING_FORM_PATH.test(p) || REVIEW_PHOTO_UPLOAD_PATH.test(p))
      return photoBodyLimit(c, next);
    if (IMPORT_FORM_PATH.test(p)) return importFormBodyLimit(c, next);
    if (MENU_UPLOAD_PATH.test(p)) return menuBodyLimit(c, next);
    return EVENT_FORM_PATH.test(p) ? eventFormBodyLimit(c, next) : apiBodyLimit(c, next);
  });
  // The public API's reads (search, one business, autocomplete: the same for everyone, signed in or not) come from the
  // same cache as the pages.
  if (pageCache.enabled) {
    const apiContext = { ...services, db: services.database.db };
    app.use("/api/v1/*", async (c, next) => {
      if (!isCacheableApiRequest(c.req.raw)) return next();
      const request = c.req.raw;
      const res = await cachedAnswer(request, {
        key: cacheKey(request),
        nonce: "",
        render: async (appearances) => {
          c.set("appearanceLog", appearances);
          await next();
          const answer = c.res;
          // Detached so that setting the cached answer below doesn't merge this one's headers into it.
          c.res = undefined;
          return answer;
        },
        countHit: (appearances) => void noteSearchAppearances(apiContext, request, appearances),
      });
      c.res = res;
    });
  }
  app.route("/api/v1", api);
  // Better Auth: sign-in, sign-up, OAuth callbacks, two-factor, password reset…
  app.on(["GET", "POST"], "/api/auth/*", (c) => handleAuthRequest(c, c.var.clientIp));
  app.all("/api/*", (c) =>
    errorResponse(c, new AppError("not_found", `No API route for ${c.req.method} ${c.req.path}.`)),
  );

  // Uploaded and demo photos: keys are unique per file, so they never change.
  const mediaDir = path.join(config.dataDir, "media");
  fs.mkdirSync(mediaDir, { recursive: true });
  app.use("/media/*", cacheFor(IMMUTABLE));
  // PDF menus sit beside the photos but are served only by their download route (a download, the plan's allowance).
  app.use("/media/*", async (c, next) => (c.req.path.endsWith(".pdf") ? c.text("Not Found", 404) : next()));
  // With S3_BUCKET set the files live in the bucket; the same URLs read them from there.
  const readObject = services.storage.get?.bind(services.storage);
  if (readObject) {
    app.get("/media/:name", async (c) => {
      const object = await readObject(c.req.param("name"));
      if (!object) return c.text("Not Found", 404);
      const headers = new Headers({ "Content-Type": object.headers.get("content-type") ?? "image/webp" });
      const length = object.headers.get("content-length");
      if (length) headers.set("Content-Length", length);
      return new Response(object.body, { headers });
    });
  }
  app.use(
    "/media/*",
    serveStatic({
      root: path.relative(process.cwd(), mediaDir) || ".",
      rewriteRequestPath: (p) => p.replace(/^\/media/, ""),
    }),
  );

  if (clientDir) {
    const root = path.relative(process.cwd(), clientDir) || ".";
    app.use("/assets/*", cacheFor(IMMUTABLE));
    // The build writes .br and .gz beside each hashed file (scripts/build-server.mjs): sent as they are.
    app.use("/assets/*", serveStatic({ root, precompressed: true }));
    // A missing hashed file (an old build's chunk) is a plain 404, not a rendered page.
    app.get("/assets/*", (c) => c.text("Not found", 404));
    // Other public files (favicon…): an hour. index.html is never served: "/" is server-rendered.
    const publicFiles = serveStatic({ root, rewriteRequestPath: (p) => (p.endsWith("/") ? "/__no_index__" : p) });
    // Listed once: a page request then costs no look at the disk (a stat per request was 0.5% of a crowd's CPU).
    const publicPaths = listPublicFiles(clientDir);
    app.use("*", async (c, next) => {
      if (!publicPaths.has(c.req.path)) return next();
      let served = true;
      const res = await publicFiles(c, async () => {
        served = false;
        await next();
      });
      if (served && res) {
        c.res = res;
        if (res.status === 200) c.res.headers.set("Cache-Control", "public, max-age=3600");
      }
    });
  }

  if (build) {
    const handleDocument = createRequestHandler(build as ServerBuild, mode);
    // A page that failed while the database (or the read replica) is unreachable becomes the friendly 503 page.
    const handleRequest = async (request: Request, context: AppLoadContext, nonce: string) => {
      const started = performance.now();
      const res = await handleDocument(request, context);
      recordTime("page", performance.now() - started);
      if (res.status < 500) return res;
      // A replica that fails only sends its reads to the primary (ADR 017): the primary decides.
      if (await databaseReachable(services.database)) return res;
      void res.body?.pipeTo(new WritableStream()).catch(() => {});
      logger.warn("The database is unavailable", { path: new URL(request.url).pathname });
      return unavailablePage(config.SITE_NAME, nonce);
    };
    // Methods a page doesn't handle never reach React Router, which would run loaders for OPTIONS (page-methods.ts).
    const methodsOf = new WeakMap<ServerBuild, ReturnType<typeof pageMethods>>();
    app.all("*", async (c, next) => {
      if (c.req.method === "GET" || c.req.method === "HEAD") return next();
      const current = typeof build === "function" ? await build() : build;
      let methods = methodsOf.get(current);
      if (!methods) methodsOf.set(current, (methods = pageMethods(current)));
      const allowed = methods(c.req.path);
      if (c.req.method === "OPTIONS") return c.body(null, 204, { Allow: allowed.join(", ") });
      if (!allowed.includes(c.req.method)) return c.text("Method Not Allowed", 405, { Allow: allowed.join(", ") });
      return next();
    });
    app.all("*", async (c) => {
      const base: AppLoadContext = {
        ...services,
        db: services.database.db,
        nonce: c.var.nonce,
        requestId: c.var.requestId,
        clientIp: c.var.clientIp,
        publicData,
      };
      const replaced = overrideContext ? overrideContext(c.req.raw, base) : base;
      // A replaced context (its own clock or faults) computes its own data, as it renders its own page.
      const context = replaced === base ? base : { ...replaced, publicData: uncachedPublicData };
      // A request whose context was replaced (the e2e entry's clock or faults) is rendered for itself alone.
      if (pageCache.enabled && replaced === base && isCacheableRequest(c.req.raw)) {
        const request = c.req.raw;
        return cachedAnswer(request, {
          key: cacheKey(request),
          nonce: c.var.nonce,
          render: (appearances) =>
            handleRequest(
              new Request(request, { method: "GET" }),
              { ...context, appearanceLog: appearances },
              c.var.nonce,
            ),
          // The listings this page shows were seen again (listing stats), as if it had been rendered.
          countHit: (appearances) => void noteSearchAppearances(context, request, appearances),
        });
      }
      // HEAD is GET without the body: the same status and headers (text/html, not the text/plain of an empty HEAD render).
      if (c.req.method !== "HEAD") {
        // A signed-in reader's public page may come from the render its readers share (entry.server.tsx).
        const templated =
          pageTemplates.enabled && replaced === base && isPublicPageRequest(c.req.raw)
            ? { ...context, pageTemplates }
            : context;
        return markPrivate(c.req.raw, await handleRequest(c.req.raw, templated, c.var.nonce));
      }
      const res = await handleRequest(new Request(c.req.raw, { method: "GET" }), context, c.var.nonce);
      // Read and drop the body in the background: cancelling it would abort the render (logged as an error).
      void res.body?.pipeTo(new WritableStream()).catch(() => {});
      const head = new Response(null, { status: res.status, statusText: res.statusText, headers: res.headers });
      return markPrivate(c.req.raw, head);
    });
  }

  return app;
}
