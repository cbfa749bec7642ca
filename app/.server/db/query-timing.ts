import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Timings per request (issue 13): the HTTP layer opens a timing scope around each request; the drivers' query
 * functions add each query's duration to the scope they run in, and entry.server adds how long React took to render
 * the page up to the point its head is sent. They go out as `Server-Timing` (and in the access log), so a slow page
 * says whether its time went to the database, to the loaders or to rendering.
 * Concurrent queries add up: the db figure is database work, not the wall time spent waiting for it.
 */
export interface QueryTiming {
  queries: number;
  ms: number;
  /** React's render up to the shell (entry.server), or null when no page was rendered (API, redirects, HEAD). */
  renderMs: number | null;
  /** React Router's whole handling (routing, loaders and actions, then that render), or null when it had none. */
  pageMs: number | null;
  /** What the signed-in page templates did for this page (app/.server/page-templates.ts): hit, miss, or why not. */
  template: string | null;
  /** Whether this request may see the detail (an admin's session was read: security finding 37.9). */
  detailAllowed: boolean;
}

// One store per process, however many bundles include this module: the server (build/server/main.js, where the
// drivers and the HTTP layer live) and React Router's build (entry.server, the loaders) each have their own copy.
const scope = ((globalThis as Record<symbol, unknown>)[Symbol.for("near.query-timing")] ??=
  new AsyncLocalStorage<QueryTiming>()) as AsyncLocalStorage<QueryTiming>;

export function withQueryTiming<T>(fn: () => Promise<T>): { timing: QueryTiming; result: Promise<T> } {
  const timing: QueryTiming = {
    queries: 0,
    ms: 0,
    renderMs: null,
    pageMs: null,
    template: null,
    detailAllowed: false,
  };
  return { timing, result: scope.run(timing, fn) };
}

/** Adds the time of one phase ("render" from entry.server, "page" from the HTTP layer) to the caller's scope. */
export function recordTime(phase: "render" | "page", ms: number) {
  const timing = scope.getStore();
  if (!timing) return;
  if (phase === "render") timing.renderMs = (timing.renderMs ?? 0) + ms;
  else timing.pageMs = (timing.pageMs ?? 0) + ms;
}

/** Notes what the signed-in page templates did for the caller's page (Server-Timing's `template`). */
export function recordTemplate(outcome: string) {
  const timing = scope.getStore();
  if (timing) timing.template = outcome;
}

/** The request is an admin's: Server-Timing may carry its detail (server/http/app.ts). */
export function allowTimingDetail() {
  const timing = scope.getStore();
  if (timing) timing.detailAllowed = true;
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
