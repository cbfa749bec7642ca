import type { Context, MiddlewareHandler } from "hono";
import { AppError } from "~/lib/app-error";
import { errorResponse } from "../api/errors";
import type { AppEnv } from "./env";
import { CLIENT_IP_HEADER } from "../../app/features/auth/auth.server";

/**
 * Better Auth's HTTP endpoints under /api/auth/*. The client address goes to
 * Better Auth in a header only we set (any copy from the client is dropped),
 * so its rate limits count per client rather than in one shared bucket.
 */
export function handleAuthRequest(c: Context<AppEnv>, clientIp: string) {
  const headers = new Headers(c.req.raw.headers);
  headers.delete(CLIENT_IP_HEADER);
  if (clientIp && clientIp !== "unknown") headers.set(CLIENT_IP_HEADER, clientIp);
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
