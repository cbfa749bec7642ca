import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { BusinessChange } from "~/.server/changes";
import { queryRows } from "~/.server/db/client";
import { businesses } from "~/.server/db/schema";
import { TEST_DRIVER } from "../support/db";
import { createBusiness } from "../support/factories";
import { createTestServices } from "../support/services";

/**
 * The LISTEN connection comes back by itself after PostgreSQL terminates it
 * (a restart, an admin's pg_terminate_backend): live updates keep flowing.
 */
/** How long the listener may take to come back (its back-off), for vi.waitFor. */
const RECONNECT = { timeout: 30_000, interval: 100 };

describe.skipIf(TEST_DRIVER !== "postgres")("LISTEN reconnect (PostgreSQL)", () => {
  let ctx: Awaited<ReturnType<typeof createTestServices>>;
  let admin: pg.Client;

  beforeAll(async () => {
    ctx = await createTestServices();
    // Another connection, as an operator would use: it terminates the listener's backend.
    admin = new pg.Client({ connectionString: ctx.database.url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await ctx?.cleanup();
  });

  /** The backend pid of the connection LISTENing on business_changes in this test's database. */
  const listenerPid = async () => {
    const { rows } = await admin.query<{ pid: number }>(
      `select pid from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and query ilike 'LISTEN business_changes%'`,
    );
    return rows[0]?.pid;
  };

  it("reconnects with back-off after pg_terminate_backend, and a change then reaches the feed", async () => {
    const received: BusinessChange[] = [];
    const unsubscribe = ctx.services.changes.subscribe((change) => received.push(change));
    const business = await createBusiness(ctx.database.db, { status: "published" });
    await vi.waitFor(() => expect(received.some((c) => c.id === business.id)).toBe(true), RECONNECT);

    const before = await vi.waitFor(async () => {
      const pid = await listenerPid();
      if (!pid) throw new Error("no LISTEN connection yet");
      return pid;
    }, RECONNECT);
    const { rows } = await admin.query<{ ok: boolean }>("select pg_terminate_backend($1) as ok", [before]);
    expect(rows[0]!.ok).toBe(true);

    // A new listener backend appears (the old one is gone)…
    const after = await vi.waitFor(async () => {
      const pid = await listenerPid();
      if (!pid || pid === before) throw new Error("the old LISTEN connection, or none yet");
      return pid;
    }, RECONNECT);
    expect(after).not.toBe(before);

    // …and changes arrive on the feed again. Touch the listing until one does (polling, no fixed sleep).
    received.length = 0;
    let n = 0;
    await vi.waitFor(async () => {
      n += 1;
      await ctx.database.db
        .update(businesses)
        .set({ name: `Renamed ${n}` })
        .where(eq(businesses.id, business.id));
      expect(received.some((c) => c.id === business.id && c.op === "update")).toBe(true);
    }, RECONNECT);
    unsubscribe();
    // The pool was not disturbed either.
    expect(await queryRows<{ one: number }>(ctx.database.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
  }, 90_000);
});
