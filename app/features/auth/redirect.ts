/**
 * Where to send someone after signing in: only a path on this site. Anything
 * else ("https://evil.example", "//evil.example", "/\evil.example",
 * "javascript:…") falls back, so `?redirectTo=` can't be used to bounce people
 * to another origin. Auth pages themselves are never a destination (no loops).
 */
export function safeRedirect(to: unknown, fallback = "/"): string {
  if (typeof to !== "string") return fallback;
  const target = to.trim();
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  // Browsers treat "\" as "/" and drop tabs/newlines inside URLs: refuse both outright.
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(target)) return fallback;
  let url: URL;
  try {
    url = new URL(target, "http://near.invalid");
  } catch {
    return fallback;
  }
  if (url.origin !== "http://near.invalid") return fallback;
  // Dot segments resolve away ("/.//evil.example", "/x/..//evil.example"): the
  // resolved path must itself be a path, not a scheme-relative "//host".
  if (url.pathname.startsWith("//")) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (/^\/(auth|api)(\/|$)/.test(url.pathname)) return fallback;
  return path;
}

/** Admins land on /admin unless a page sent them to sign in. */
export function postSignInPath({ redirectTo, isAdmin }: { redirectTo?: string | null; isAdmin: boolean }) {
  const fallback = isAdmin ? "/admin" : "/";
  return safeRedirect(redirectTo, fallback);
}

/** /auth?redirectTo=… for a page that needs a signed-in user. */
export function signInPath(redirectTo?: string) {
  const target = redirectTo ? safeRedirect(redirectTo, "") : "";
  return target ? `/auth?${new URLSearchParams({ redirectTo: target })}` : "/auth";
}
