import { AsyncLocalStorage } from "node:async_hooks";

/**
 * One HTTP request's own memory, opened by the HTTP layer (server/http/app.ts) around each request and gone with it:
 * for what every loader of a page would otherwise read again (the session). React Router hands each loader its own
 * copy of the Request and a load context that callers may reuse (tests do), so neither can key it; this scope can't
 * outlive its request or be shared with another one.
 */
const scope = new AsyncLocalStorage<Map<string, unknown>>();

export function withRequestScope<T>(fn: () => T): T {
  return scope.run(new Map(), fn);
}

/** The value `load` gives, once per request and key; outside a request scope, `load` every time. */
export function oncePerRequest<T>(key: string, load: () => T): T {
  const memo = scope.getStore();
  if (!memo) return load();
  if (memo.has(key)) return memo.get(key) as T;
  const value = load();
  memo.set(key, value);
  return value;
}
