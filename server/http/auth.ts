import type { Context, MiddlewareHandler } from "hono";
import { AppError } from "~/lib/app-error";
import { errorResponse } from "../api/errors";
import type { AppEnv } from "./env";
import { CLIENT_IP_HEADER } from "../../app/features/auth/auth.server";

/** Body fields Better Auth redirects to: callbackURL, newUserCallbackURL, errorCallbackURL, redirectTo. */
const REDIRECT_FIELD = /(callbackurl|redirectto)$/i;
/** A character a URL can't carry as it is: past ASCII, or a lone surrogate (which encodeURIComponent refuses). */
const NOT_URL_SAFE = /[^\p{ASCII}]/u;

/**
 * Better Auth puts a redirect field in a Location header or percent-encodes it into an email's link; a character past
 * Latin-1 in the one and a lone surrogate in the other throw, and the request ended in a 500 (found by the fuzz pass,
 * tests/integration/fuzz-api.test.ts). Such characters are sent percent-encoded, as a browser would send them; our own
 * pages only ever send ASCII here.
 */
function urlSafe(value: string) {
  return value.replace(new RegExp(NOT_URL_SAFE, "gu"), (ch) => {
    try {
      return encodeURIComponent(ch);
    } catch {
      return "%EF%BF%BD"; // a lone surrogate: U+FFFD, as a browser sends it
    }
  });
}

/** The request's JSON or form body with its redirect fields made URL-safe, or null when none needed it. */
function withUrlSafeRedirects(text: string, type: string): string | null {
  const needs = (key: string, value: unknown): value is string =>
    REDIRECT_FIELD.test(key) && typeof value === "string" && NOT_URL_SAFE.test(value);
  if (type.includes("application/x-www-form-urlencoded")) {
    const form = new URLSearchParams(text);
    const keys = [...form].filter(([k, v]) => needs(k, v)).map(([k]) => k);
    for (const key of keys) form.set(key, urlSafe(form.get(key)!));
    return keys.length ? form.toString() : null;
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null; // Better Auth answers broken JSON itself.
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) return null;
  const fields = Object.entries(body).filter(([k, v]) => needs(k, v));
  return fields.length
    ? JSON.stringify({ ...body, ...Object.fromEntries(fields.map(([k, v]) => [k, urlSafe(v)])) })
    : null;
}

/**
 * Better Auth's HTTP endpoints under /api/auth/*. The client address goes to
 * Better Auth in a header only we set (any copy from the client is dropped),
 * so its rate limits count per client rather than in one shared bucket.
 */
export async function handleAuthRequest(c: Context<AppEnv>, clientIp: string) {
  const headers = new Headers(c.req.raw.headers);
  headers.delete(CLIENT_IP_HEADER);
  if (clientIp && clientIp !== "unknown") headers.set(CLIENT_IP_HEADER, clientIp);
  const type = headers.get("content-type") ?? "";
  if (c.req.method === "POST" && /application\/(json|x-www-form-urlencoded)/.test(type)) {
    const text = await c.req.raw.text();
    const safe = withUrlSafeRedirects(text, type);
    // The body is sent again as text: its length in bytes may differ (a changed field, malformed UTF-8 decoded).
    headers.delete("content-length");
    return c.var.services.auth.handler(new Request(c.req.raw.url, { method: "POST", headers, body: safe ?? text }));
  }
  return c.var.services.auth.handler(new Request(c.req.raw, { headers }));
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Whether a request comes from another site. Browsers send Sec-Fetch-Site on
 * every request (and Origin on every POST); a request with neither is not
 * from a browser page, so it carries no victim's cookies by accident.
 */
export function isCrossSite(request: Request, publicUrl: string) {
  const site = request.headers.get("sec-fetch-site");
  if (site) return site !== "same-origin" && site !== "none";
  const origin = request.headers.get("origin");
  if (!origin) return false;
  if (origin === "null") return true;
  const allowed = new Set([new URL(publicUrl).origin, new URL(request.url).origin]);
  return !allowed.has(origin);
}

/**
 * Refuses cookie-authenticated mutations that another site started (CSRF):
 * 403 in the API's JSON error shape under /api/, a plain 403 elsewhere.
 * Better Auth's own endpoints (/api/auth/*) run their own origin checks.
 */
export function sameOriginMutations(publicUrl: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || !c.req.header("cookie") || c.req.path.startsWith("/api/auth/")) return next();
    if (!isCrossSite(c.req.raw, publicUrl)) return next();
    const message = "Cross-site requests are not allowed.";
    if (c.req.path.startsWith("/api/")) return errorResponse(c, new AppError("forbidden", message));
    return c.text(message, 403);
  };
}
