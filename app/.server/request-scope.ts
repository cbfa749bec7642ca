import { AsyncLocalStorage } from "node:async_hooks";

/**
 * One HTTP request's own memory, opened by the HTTP layer (server/http/app.ts) around each request and gone with it:
 * for what every loader of a page would otherwise read again (the session). React Router hands each loader its own
 * copy of the Request and a load context that callers may reuse (tests do), so neither can key it; this scope can't
 * outlive its request or be shared with another one.
 */
// One store per process, however many bundles include this module: the server (build/server/main.js, which opens
// the scope) and React Router's build (the loaders, which read it) each have their own copy.
const scope = ((globalThis as Record<symbol, unknown>)[Symbol.for("near.request-scope")] ??= new AsyncLocalStorage<
  Map<string, unknown>
>()) as AsyncLocalStorage<Map<string, unknown>>;

export function withRequestScope<T>(fn: () => T): T {
  return scope.run(new Map(), fn);
}

/** Whether the caller runs inside a request's scope (not in a script, a job, or a test calling a loader directly). */
export function inRequestScope(): boolean {
  return scope.getStore() !== undefined;
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
