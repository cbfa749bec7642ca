const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a string is a UUID. Ids from URLs are checked before they reach a
 * uuid column: comparing malformed text with one is a database error (a 500),
 * where the caller wants a 404.
 */
export function isUuid(value: string) {
  return UUID_RE.test(value);
}
