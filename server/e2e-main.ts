import type { MiddlewareHandler } from "hono";
import type { AppLoadContext } from "react-router";
import { fixedClock } from "../app/.server/clock";
import type { Database } from "../app/.server/db/client";
import { createPostgresSearchEngine } from "../app/features/directory/search-engine.server";
import type { AppEnv } from "./http/env";
import { runProductionServer } from "./run";

/**
 * The end-to-end tests' entry: `build/server/e2e.js` (scripts/e2e-server.mjs,
 * e2e/server-lifecycle.spec.ts). The production server plus two test hooks
 * that live only in this bundle — build/server/main.js and the route table
 * have none:
 *
 * - `x-near-test-fail: database` — every query of the request's load context
 *   (`db`, and `readDb` with the `search` engine over it) fails as when
 *   PostgreSQL goes away; `x-near-test-fail: database-writes` — only writes
 *   do (reads answer, so sign-in and access checks pass). The real loader and
 *   action error paths run.
 * - `x-near-test-delay: <ms>` (up to 5000) — the request waits that long
 *   before it is handled: keeps requests in flight for the shutdown test.
 * - `x-near-test-now: <ISO instant>` — the request's clock service answers
 *   that instant (open-now labels, upcoming events), e2e/clock.spec.ts.
 */

const FAIL_HEADER = "x-near-test-fail";
const DELAY_HEADER = "x-near-test-delay";
const NOW_HEADER = "x-near-test-now";
const WRITES = new Set<PropertyKey>(["insert", "update", "delete", "transaction"]);

/** What node-postgres and PGlite throw when the server ends the connection (SQLSTATE 57P01). */
function connectionLost(): Error {
  return Object.assign(new Error("terminating connection due to administrator command"), {
    code: "57P01",
    severity: "FATAL",
  });
}

/** Anything reached through it (db.select, db.query.x.findFirst…) throws when called. */
function failingHandle(): unknown {
  const target = () => {};
  return new Proxy(target, {
    get: (_t, key) => (key === Symbol.toPrimitive || key === "toJSON" ? undefined : failingHandle()),
    apply: () => {
      throw connectionLost();
    },
  });
}

function failingDatabase(db: Database, only: "all" | "writes"): Database {
  return new Proxy(db, {
    get(target, key, receiver) {
      if (only === "all" || WRITES.has(key)) return failingHandle();
      const value: unknown = Reflect.get(target, key, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

function overrideContext(request: Request, base: AppLoadContext): AppLoadContext {
  const now = Date.parse(request.headers.get(NOW_HEADER) ?? "");
  const context = Number.isNaN(now) ? base : { ...base, clock: fixedClock(new Date(now)) };
  const fail = request.headers.get(FAIL_HEADER);
  if (fail !== "database" && fail !== "database-writes") return context;
  const only = fail === "database" ? "all" : "writes";
  // The read handle (and the search engine over it) fails alike: with or without a replica, a page's reads do.
  const readDb = failingDatabase(context.readDb, only);
  return {
    ...context,
    db: failingDatabase(context.db, only),
    readDb,
    search: createPostgresSearchEngine(readDb, {
      site: { city: context.config.SITE_CITY, state: context.config.SITE_STATE, country: context.config.SITE_COUNTRY },
    }),
  };
}

const delay: MiddlewareHandler<AppEnv> = async (c, next) => {
  const ms = Math.min(Number(c.req.header(DELAY_HEADER)) || 0, 5000);
  if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
  await next();
};

await runProductionServer({ before: [delay], overrideContext });
