import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clearInitPending, openDatabase, queryRows, type DatabaseHandle } from "~/.server/db/client";

/**
 * The embedded database on its own thread (docs/decisions/013-embedded-database-thread.md): the main thread keeps
 * running while a query does, and the stand-in client keeps PGlite's behaviour (results, errors, transactions,
 * LISTEN, dumps).
 */
let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openDatabase({ migrate: false });
}, 60_000);
afterAll(() => handle?.close());

describe("the embedded database's thread", () => {
  it("runs a query while the main thread goes on (timers fire during it)", async () => {
    // The longest gap between timer ticks while a query of a few hundred milliseconds or more runs. On the main thread PGlite ran it
    // in one synchronous call: the gap was the query's whole duration.
    let last = performance.now();
    let longestGap = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 5);
    const started = performance.now();
    const [row] = await queryRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from generate_series(1, 2000000) as g(i) where i % 7 = 3`,
    );
    const took = performance.now() - started;
    clearInterval(ticker);
    expect(row!.n).toBe(285714);
    expect(took).toBeGreaterThan(300);
    expect(longestGap).toBeLessThan(took / 2);
  }, 60_000);

  it("answers rows, typed values and PostgreSQL's errors with their fields", async () => {
    const [row] = await queryRows<{ t: string; j: unknown; a: number[]; b: boolean }>(
      handle.db,
      sql`select '2026-11-25 10:00:00+00'::timestamptz as t, '{"x":[1,2]}'::jsonb as j, array[3,4] as a, true as b`,
    );
    expect(row).toMatchObject({ j: { x: [1, 2] }, a: [3, 4], b: true });
    await handle.db.execute(sql`create table thread_t (id int primary key, note text)`);
    await handle.db.execute(sql`insert into thread_t values (1, 'one')`);
    const failure = await handle.db.execute(sql`insert into thread_t values (1, 'again')`).catch((e: unknown) => e);
    const cause = (failure as { cause?: Record<string, unknown> }).cause;
    expect(cause).toBeInstanceOf(Error);
    expect(cause).toMatchObject({ code: "23505", constraint: "thread_t_pkey", table: "thread_t" });
  });

  it("commits a transaction whose callback returns, rolls back one that throws, and serialises them", async () => {
    await handle.db.execute(sql`create table thread_tx (id int primary key)`);
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_tx values (1)`);
    });
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`insert into thread_tx values (2)`);
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    // A query outside a transaction waits for it, as with PGlite in process: it sees the committed rows only.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const inside = handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_tx values (3)`);
      await held;
    });
    const outside = queryRows<{ id: number }>(handle.db, sql`select id from thread_tx order by id`);
    await new Promise((r) => setTimeout(r, 50));
    release();
    await inside;
    expect((await outside).map((r) => r.id)).toEqual([1, 3]);
  });

  it("delivers notifications to listeners and stops when unsubscribed", async () => {
    const got: string[] = [];
    const unsubscribe = await handle.listen("thread_channel", (payload) => got.push(payload));
    await handle.notify("thread_channel", "first");
    await expect.poll(() => got).toEqual(["first"]);
    await unsubscribe();
    await handle.notify("thread_channel", "second");
    // Notifications arrive in the order they were sent: once a later one on another channel is in, "second" would be.
    const later: string[] = [];
    await handle.listen("thread_barrier", (payload) => later.push(payload));
    await handle.notify("thread_barrier", "after");
    await expect.poll(() => later).toEqual(["after"]);
    expect(got).toEqual(["first"]);
  });

  it("dumps and reopens a data directory on disk", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "near-thread-"));
    try {
      const onDisk = await openDatabase({ dataDir: dir, migrate: false });
      // Without migrations the first start stays marked unfinished (client.ts): mark it done, as migrating would.
      clearInitPending(dir);
      await onDisk.db.execute(sql`create table kept (v text)`);
      await onDisk.db.execute(sql`insert into kept values ('still here')`);
      const dump = await onDisk.dump!();
      expect(dump.size).toBeGreaterThan(1000);
      await onDisk.close();
      const again = await openDatabase({ dataDir: dir, migrate: false });
      expect(await queryRows(again.db, sql`select v from kept`)).toEqual([{ v: "still here" }]);
      await again.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
