/**
 * The one rule for addresses people give us: an image (an event's picture, a post's cover or a picture in a post),
 * a link in a post, or a listing's website. Isomorphic, no library: the WHATWG URL parser decides what a browser
 * would do with a link, so "//host", "/\host" and "/<tab>/host" (all another site to a browser) are refused.
 */

const BASE = "https://near.invalid";

/**
 * A picture on this site: one leading "/", then letters, digits and `/_.-` only — no second "/" or "\" at the start
 * (a protocol-relative `//evil.example/x.png` loads from another host), no scheme, query or spaces. Pages may load
 * only our own images (CSP `img-src 'self'`).
 */
export function isSiteImagePath(value: string) {
  return /^\/(?![/\\])[A-Za-z0-9/_.-]+$/.test(value);
}

/**
 * A link we are willing to render: http(s) or mailto, a `#fragment`, or a path on this site — one that a browser
 * resolves to this site (not `//host`, `/\host`, or with tabs and newlines it would drop). Returns the href to use,
 * or null.
 */
export function safeLinkHref(href: string): string | null {
  const trimmed = href.trim();
  if (trimmed.startsWith("#")) return /^#[^\s]*$/.test(trimmed) ? trimmed : null;
  if (trimmed.startsWith("/")) {
    // Whitespace and control characters inside are refused, not dropped as a browser would.
    // eslint-disable-next-line no-control-regex
    if (/[\s\u0000-\u001f\u007f\\]/.test(trimmed)) return null;
    try {
      return new URL(trimmed, BASE).origin === BASE ? trimmed : null;
    } catch {
      return null;
    }
  }
  try {
    const url = new URL(trimmed);
    return ["http:", "https:", "mailto:"].includes(url.protocol) ? url.toString() : null;
  } catch {
    return null;
  }
}

/**
 * A website a user types for a listing: "example.com" → "https://example.com"; null unless it is an http(s) URL
 * with a real host name and no credentials. A path ("/x", "//host") is not a website.
 */
export function normalizeWebUrl(input: string): string | null {
  const value = input.trim();
  if (!value || /\s/.test(value) || /^[/\\]/.test(value)) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    if (!url.hostname.includes(".") && url.hostname !== "localhost") return null;
    if (url.username || url.password) return null;
    return withScheme;
  } catch {
    return null;
  }
}
