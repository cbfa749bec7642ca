import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createElement } from "react";
import { useLoaderData, type AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { READ_CONNECT_TIMEOUT_MS } from "~/.server/db/read-replica";
import type { SearchPageData } from "~/routes/search.server";
import { loader as businessLoader } from "~/routes/business";
import { loader as searchLoader } from "~/routes/search";
import { boot } from "../../server/boot";
import { createApp } from "../../server/http/app";
import type { AppServices } from "../../server/services";
import { TEST_DRIVER, createTestDatabase, type TestDatabase } from "../support/db";
import { createBusiness } from "../support/factories";
import { oneRouteBuild } from "../support/one-route-build";
import { freePort, startStandby, standbyUnavailableReason, type Standby } from "../support/standby";
import { tcpProxy } from "../support/tcp-proxy";

/**
 * Issue 42 (ADR 017): a read replica that stops, hangs or falls behind costs capacity, not the site. The replica is a
 * real physical standby of the test PostgreSQL (`pg_basebackup -R`, tests/support/standby.ts).
 *
 * Which server answered is told by data: with the standby's replay paused, a listing written on the primary is
 * missing on the standby, so an answer without it came from the standby and one with it from the primary. Two apps
 * read the same standby: `relaxed` allows an hour of lag (a paused standby stays in use), `strict` one second (a
 * paused standby is soon "lagging"). `relaxed` reaches it through a TCP proxy the test can make hang.
 */

const ORIGIN = "http://near.test";
const adminUrl = process.env.TEST_DATABASE_URL;
const skipReason =
  TEST_DRIVER !== "postgres" || !adminUrl
    ? "a physical standby needs PostgreSQL: this file runs in the postgres project (TEST_DATABASE_URL)"
    : await standbyUnavailableReason(adminUrl);

/** The real /search loader, rendered as a list of the result names through the Hono app and entry.server. */
function SearchNames() {
  const { result } = useLoaderData() as SearchPageData;
  return createElement(
    "html",
    null,
    createElement(
      "body",
      null,
      createElement(
        "ul",
        null,
        result.items.map((b) => createElement("li", { key: b.id }, b.name)),
      ),
    ),
  );
}
const searchPage = oneRouteBuild({ loader: searchLoader, default: SearchNames });

interface RunningApp {
  services: AppServices;
  app: ReturnType<typeof createApp>;
  close(): Promise<void>;
}

async function startApp(primaryUrl: string, readUrl: string, maxLagSeconds: number): Promise<RunningApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "near-replica-fallback-"));
  const services = await boot({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    SEED_DEMO: "false",
    PUBLIC_URL: ORIGIN,
    AUTH_RATE_LIMIT: "false",
    PAGE_CACHE_SECONDS: "0",
    DATABASE_URL: primaryUrl,
    DATABASE_READ_URL: readUrl,
    DATABASE_READ_MAX_LAG_SECONDS: String(maxLagSeconds),
  });
  return {
    services,
    app: createApp({ services, build: searchPage }),
    async close() {
      await services.changes.close();
      await services.mailer.close();
      await services.imports.close();
      await services.readDatabase?.close();
      await services.database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const health = async ({ app }: RunningApp) => {
  const res = await app.request(`${ORIGIN}/healthz`);
  return { status: res.status, body: (await res.json()) as { status: string; replica: string } };
};
const replicaState = async (running: RunningApp) => (await health(running)).body.replica;

/** The directory API's bakeries, and how long the answer took. */
async function apiBakeries({ app }: RunningApp) {
  const started = performance.now();
  const res = await app.request(`${ORIGIN}/api/v1/businesses?q=bakery`);
  const ms = performance.now() - started;
  expect(res.status).toBe(200);
  const names = ((await res.json()) as { items: { name: string }[] }).items.map((b) => b.name).sort();
  return { names, ms };
}

/** The search page's result names. */
async function searchPageBakeries({ app }: RunningApp) {
  const res = await app.request(`${ORIGIN}/?q=bakery`);
  expect(res.status).toBe(200);
  return (await res.text()).replace(/<!-- -->/g, "");
}

/** A visitor's business page by its slug (its loader, with the context the app builds for a page). */
async function businessPage({ services }: RunningApp, slug: string) {
  const context = {
    ...services,
    db: services.database.db,
    nonce: "",
    requestId: "t",
    clientIp: "127.0.0.1",
  } as AppLoadContext;
  const request = new Request(`${ORIGIN}/business/${slug}`);
  try {
    const data = (await businessLoader({ params: { id: slug }, request, context } as never)) as {
      business: { name: string };
    };
    return { status: 200, name: data.business.name };
  } catch (error) {
    const status = (error as { init?: { status?: number } })?.init?.status;
    if (status) return { status, name: null };
    throw error;
  }
}

if (skipReason) {
  describe("a physical standby behind DATABASE_READ_URL", () => {
    it("is skipped here", (ctx) => ctx.skip(skipReason));
  });
} else {
  describe("a physical standby behind DATABASE_READ_URL: losing it costs capacity, not the site", () => {
    let primary: TestDatabase;
    let standby: Standby | undefined;
    let proxy: ReturnType<typeof tcpProxy> | undefined;
    let relaxed: RunningApp | undefined;
    let strict: RunningApp | undefined;
    let dbName: string;

    const pauseReplay = () => standby!.query(dbName, "select pg_wal_replay_pause()");
    const resumeReplay = () => standby!.query(dbName, "select pg_wal_replay_resume()");
    const onStandby = async (name: string) =>
      (
        await standby!.query<{ n: number }>(dbName, `select count(*)::int as n from businesses where name = '${name}'`)
      )[0]!.n;

    beforeAll(async () => {
      primary = await createTestDatabase();
      dbName = new URL(primary.url!).pathname.slice(1);
      await createBusiness(primary.db, { name: "Lighthouse Bakery", cuisine: "bakery" });
      standby = await startStandby(adminUrl!);
      proxy = tcpProxy({ host: "127.0.0.1", port: standby.port });
      const proxied = new URL(standby.urlFor(primary.url!));
      proxied.port = String(await proxy.open());
      relaxed = await startApp(primary.url!, proxied.toString(), 3600);
      strict = await startApp(primary.url!, standby.urlFor(primary.url!), 1);
      // The standby may still be replaying what came before the apps started.
      for (const running of [strict, relaxed]) {
        await vi.waitFor(async () => expect(await replicaState(running)).toBe("ok"), {
          timeout: 15_000,
          interval: 100,
        });
      }
    });

    afterAll(async () => {
      await relaxed?.close();
      await strict?.close();
      await proxy?.close();
      await standby?.destroy();
      await primary?.destroy();
    });

    it("reads reach the standby while it is healthy; beyond the lag bound they go to the primary until it catches up", async () => {
      const warn = vi.spyOn(strict!.services.logger, "warn");
      const info = vi.spyOn(strict!.services.logger, "info");
      expect(await standby!.query(dbName, "select pg_is_in_recovery() as standby")).toEqual([{ standby: true }]);
      expect(await health(relaxed!)).toEqual({
        status: 200,
        body: { status: "ok", database: "postgres", replica: "ok" },
      });

      await pauseReplay();
      const written = await createBusiness(primary.db, { name: "Quiet Harbour Bakery", cuisine: "bakery" });

      // relaxed reads the standby, which hasn't replayed the new listing: not in the API, the search page or its page.
      expect((await apiBakeries(relaxed!)).names).toEqual(["Lighthouse Bakery"]);
      const page = await searchPageBakeries(relaxed!);
      expect(page).toContain("Lighthouse Bakery");
      expect(page).not.toContain("Quiet Harbour Bakery");
      expect((await businessPage(relaxed!, written.slug)).status).toBe(404);
      expect(await replicaState(relaxed!)).toBe("ok");

      // strict finds the standby over a second behind, says so, and reads the primary.
      await expect.poll(() => replicaState(strict!)).toBe("lagging");
      expect((await apiBakeries(strict!)).names).toEqual(["Lighthouse Bakery", "Quiet Harbour Bakery"]);
      expect(await businessPage(strict!, written.slug)).toEqual({ status: 200, name: "Quiet Harbour Bakery" });
      expect((await health(strict!)).status).toBe(200);

      await resumeReplay();
      await expect.poll(() => replicaState(strict!)).toBe("ok");
      await expect.poll(async () => (await apiBakeries(relaxed!)).names).toContain("Quiet Harbour Bakery");
      // Logged when it changed: a warning when it fell behind, info when it caught up. (Not counted: on a shared
      // server, another run's burst of writes may put a one-second bound behind once more; the outage below counts.)
      expect(warn).toHaveBeenCalledWith(
        expect.stringMatching(/more than DATABASE_READ_MAX_LAG_SECONDS \(1 s\) behind/),
        expect.objectContaining({ replica: "lagging" }),
      );
      expect(info).toHaveBeenCalledWith(
        expect.stringMatching(/read replica is back/),
        expect.objectContaining({ replica: "ok", was: "lagging" }),
      );
      warn.mockRestore();
      info.mockRestore();
    });

    it("stopped: pages, the API and search keep answering 200 from the primary at once; started: reads return to it", async () => {
      const warn = vi.spyOn(relaxed!.services.logger, "warn");
      await pauseReplay();
      const written = await createBusiness(primary.db, { name: "Night Ferry Bakery", cuisine: "bakery" });
      expect(await onStandby("Night Ferry Bakery")).toBe(0);
      await standby!.stop();

      // Only the primary has the new listing: every answer that shows it came from there.
      const api = await apiBakeries(relaxed!);
      expect(api.names).toContain("Night Ferry Bakery");
      expect(await searchPageBakeries(relaxed!)).toContain("Night Ferry Bakery");
      expect(await businessPage(relaxed!, written.slug)).toEqual({ status: 200, name: "Night Ferry Bakery" });
      expect((await relaxed!.app.request(`${ORIGIN}/api/v1/businesses/${written.id}`)).status).toBe(200);
      const suggest = await relaxed!.app.request(`${ORIGIN}/api/v1/suggest?q=ferry`);
      expect(suggest.status).toBe(200);
      expect(await health(relaxed!)).toEqual({
        status: 200,
        body: { status: "ok", database: "postgres", replica: "degraded" },
      });
      // A stopped server refuses at once: no request waited for a timeout.
      const again = await apiBakeries(relaxed!);
      expect(again.ms).toBeLessThan(READ_CONNECT_TIMEOUT_MS);
      // One warning for the whole outage, however many reads (and pooled connections) met it.
      expect(warn.mock.calls).toEqual([
        [expect.stringMatching(/can't be reached/), expect.objectContaining({ replica: "degraded" })],
      ]);
      warn.mockRestore();

      await standby!.start();
      // Retried in the background: back in use without a restart, and it replays what it missed.
      await expect.poll(() => replicaState(relaxed!), { timeout: 20_000 }).toBe("ok");
      await expect.poll(() => onStandby("Night Ferry Bakery")).toBe(1);
      // Reads are on it again: with replay paused once more, a new listing is missing from relaxed's answers.
      await pauseReplay();
      await createBusiness(primary.db, { name: "Morning Tide Bakery", cuisine: "bakery" });
      expect((await apiBakeries(relaxed!)).names).not.toContain("Morning Tide Bakery");
      await expect.poll(() => replicaState(strict!), { timeout: 20_000 }).toBe("lagging");
      expect((await apiBakeries(strict!)).names).toContain("Morning Tide Bakery");
      await resumeReplay();
      await expect.poll(() => replicaState(strict!), { timeout: 20_000 }).toBe("ok");
    });

    it("hung (connections accepted, never answered): a read waits at most the connect timeout, then none do", async () => {
      await expect.poll(() => replicaState(relaxed!)).toBe("ok");
      proxy!.hang();
      // Its pooled connections were cut: the next read has to open one, and the replica never answers.
      await expect.poll(() => relaxed!.services.readDatabase!.pool!.totalCount).toBe(0);
      const first = await apiBakeries(relaxed!);
      expect(first.names).toContain("Lighthouse Bakery");
      // The read that met the hung replica (or none, when the background check met it first) waited for at most
      // the connect timeout; its own work is the rest of the margin.
      expect(first.ms).toBeLessThan(READ_CONNECT_TIMEOUT_MS + 2_000);
      await expect.poll(() => replicaState(relaxed!)).toBe("degraded");
      // The breaker is open: reads go straight to the primary without trying the replica.
      for (let i = 0; i < 3; i++) expect((await apiBakeries(relaxed!)).ms).toBeLessThan(READ_CONNECT_TIMEOUT_MS);
      expect(await searchPageBakeries(relaxed!)).toContain("Lighthouse Bakery");

      await proxy!.open();
      await expect.poll(() => replicaState(relaxed!), { timeout: 20_000 }).toBe("ok");
    });
  });
}

describe.skipIf(TEST_DRIVER !== "postgres")("a replica that can't be reached at start (PostgreSQL)", () => {
  it("doesn't stop the start: reads go to the primary, /healthz says degraded", async () => {
    const primary = await createTestDatabase();
    // A port nobody listens on: connections are refused.
    const readUrl = new URL(primary.url!);
    readUrl.port = String(await freePort());
    const running = await startApp(primary.url!, readUrl.toString(), 30);
    try {
      await createBusiness(primary.db, { name: "Early Start Bakery", cuisine: "bakery" });
      expect(await health(running)).toEqual({
        status: 200,
        body: { status: "ok", database: "postgres", replica: "degraded" },
      });
      expect((await apiBakeries(running)).names).toEqual(["Early Start Bakery"]);
    } finally {
      await running.close();
      await primary.destroy();
    }
  });
});
