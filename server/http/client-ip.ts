import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/**
 * The peer's address, for rate limits. We deliberately ignore
 * X-Forwarded-For: behind a proxy, configure it to pass the client address
 * only once we trust it (not yet supported).
 */
export function clientIp(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown"; // app.request() in tests has no socket
  }
}
