import { randomBytes } from "node:crypto";
import { VIDEO_FRAME_HOSTS } from "~/lib/video-url";

export function createNonce() {
  return randomBytes(16).toString("base64");
}

/**
 * Security headers for every response. Scripts run only with this request's
 * nonce (React Router passes it to its inline scripts); styles allow inline
 * attributes because Radix positions popovers with style="".
 */
export function securityHeaders(options: { nonce: string; dev: boolean; https: boolean; tileSource?: string }) {
  const scriptSrc = options.dev
    ? "'self' 'unsafe-inline' 'unsafe-eval'" // Vite's HMR client and React refresh preamble.
    : `'self' 'nonce-${options.nonce}'`;
  const csp = [
    "default-src 'self'",
    `script-src ${scriptSrc}`,
    "style-src 'self' 'unsafe-inline'",
    // Map tiles (MAP_TILE_URL, docs/maps.md) come from that one host only.
    `img-src 'self' data: blob:${options.tileSource ? ` ${options.tileSource}` : ""}`,
    "font-src 'self' data:",
    `connect-src 'self'${options.dev ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    // A listing's videos (issue 36): only the providers' privacy-minded players, loaded after a press on play.
    `frame-src ${VIDEO_FRAME_HOSTS.join(" ")}`,
  ].join("; ");
  const headers: Record<string, string> = {
    "Content-Security-Policy": csp,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), payment=(), geolocation=(self)",
  };
  if (options.https) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}
