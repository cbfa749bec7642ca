import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Database time per request (issue 13): the HTTP layer opens a timing scope around each request, and the drivers'
 * query functions add each query's duration to the scope they run in. The sum goes out as `Server-Timing: db;dur=…`
 * (and in the access log), so a slow page says whether its time went to the database or to rendering.
 * Concurrent queries add up: the figure is database work, not the wall time spent waiting for it.
 */
export interface QueryTiming {
  queries: number;
  ms: number;
}

const scope = new AsyncLocalStorage<QueryTiming>();

export function withQueryTiming<T>(fn: () => Promise<T>): { timing: QueryTiming; result: Promise<T> } {
  const timing: QueryTiming = { queries: 0, ms: 0 };
  return { timing, result: scope.run(timing, fn) };
}

/** Wraps an async query function so its calls count toward the caller's scope (when there is one). */
export function timedQuery<A extends unknown[], R>(query: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return (...args: A) => {
    const timing = scope.getStore();
    if (!timing) return query(...args);
    const started = performance.now();
    const done = () => {
      timing.queries += 1;
      timing.ms += performance.now() - started;
    };
    const result = query(...args);
    // pg returns a submittable (a cursor, a stream) rather than a promise for those: not timed.
    if (typeof (result as { then?: unknown } | undefined)?.then === "function") result.then(done, done);
    return result;
  };
}
