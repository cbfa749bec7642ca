import type { IncomingMessage } from "node:http";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, MiddlewareHandler } from "hono";
import proxyaddr from "proxy-addr";
import { trustNothing, type ProxyTrust } from "../../app/.server/trust-proxy";

function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined; // app.request() in tests has no socket
  }
}

/** A request shaped the way proxy-addr reads one. */
function forProxyAddr(socket: string, forwardedFor: string | undefined) {
  return {
    socket: { remoteAddress: socket },
    connection: { remoteAddress: socket },
    headers: forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor },
  } as unknown as IncomingMessage;
}

/**
 * The client's address, for rate limits and Better Auth: the socket's peer,
 * or, when that peer is a trusted proxy (TRUST_PROXY), the right-most address
 * in X-Forwarded-For that is not itself a trusted proxy.
 */
export function clientIp(c: Context, trust: ProxyTrust = trustNothing): string {
  const socket = socketAddress(c);
  if (!socket) return "unknown";
  if (trust === trustNothing) return socket;
  return proxyaddr(forProxyAddr(socket, c.req.header("x-forwarded-for")), trust) || socket;
}

/**
 * Believes X-Forwarded-Proto only from a trusted proxy (the socket's peer):
 * then the request's URL takes that scheme, so what reads `request.url`
 * (Secure on our own cookies, the same-origin check) sees the https the
 * visitor used in front of a TLS-terminating proxy. Otherwise the header is
 * ignored and the scheme is the socket's.
 */
export function forwardedProto(trust: ProxyTrust): MiddlewareHandler {
  return async (c, next) => {
    if (trust === trustNothing) return next();
    const header = c.req.header("x-forwarded-proto");
    const socket = socketAddress(c);
    if (!header || !socket || !trust(socket, 0)) return next();
    const proto = header.split(",")[0]!.trim().toLowerCase();
    if (proto !== "http" && proto !== "https") return next();
    const url = new URL(c.req.url);
    if (url.protocol === `${proto}:`) return next();
    url.protocol = `${proto}:`;
    const raw = c.req.raw;
    c.req.raw = new Request(url, {
      method: raw.method,
      headers: raw.headers,
      body: raw.body,
      signal: raw.signal,
      duplex: "half",
    } as RequestInit);
    return next();
  };
}
