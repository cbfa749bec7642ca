import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startChangeFeed } from "~/.server/changes";
import { openDatabase } from "~/.server/db/client";
import { businesses } from "~/.server/db/schema";
import { MAX_STREAMS_PER_ADDRESS } from "../../server/api/directory";
import { createApp } from "../../server/http/app";
import { listen, type RunningServer } from "../../server/http/serve";
import { createLogger } from "~/.server/logger";
import type { AppServices } from "../../server/services";
import { TEST_DRIVER } from "../support/db";
import { createBusiness } from "../support/factories";
import { createTestServices } from "../support/services";

/** Reads an SSE stream until `predicate` matches an event, or fails after a timeout. */
async function readEvents(
  url: string,
  predicate: (event: string, data: string) => boolean,
  onReady: () => Promise<void>,
) {
  const controller = new AbortController();
  const res = await fetch(url, { signal: controller.signal, headers: { accept: "text/event-stream" } });
  expect(res.headers.get("content-type")).toMatch(/text\/event-stream/);
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  let readyFired = false;
  const timeout = setTimeout(() => controller.abort(), 10_000);
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error("stream ended");
      buffer += value;
      let split: number;
      while ((split = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, split);
        buffer = buffer.slice(split + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1] ?? "message";
        const data = /^data: (.*)$/m.exec(block)?.[1] ?? "";
        if (event === "ready" && !readyFired) {
          readyFired = true;
          await onReady();
        }
        if (predicate(event, data)) return JSON.parse(data) as unknown;
      }
    }
  } finally {
    clearTimeout(timeout);
    controller.abort();
  }
}

let ctx: Awaited<ReturnType<typeof createTestServices>>;
const servers: RunningServer[] = [];

async function serveWith(services: AppServices) {
  const running = await listen({
    app: createApp({ services }),
    port: 0,
    host: "127.0.0.1",
    logger: services.logger,
    timeoutMs: 2000,
    quietMs: 0,
    beforeClose: () => services.changes.closeAll(),
    onClosed: async () => {},
  });
  servers.push(running);
  return `http://127.0.0.1:${running.port}`;
}

beforeAll(async () => {
  ctx = await createTestServices();
});
afterAll(async () => {
  for (const s of servers) await s.shutdown("test done");
  await ctx.cleanup();
});

describe("live updates over SSE", () => {
  it("streams a business change made in this process", async () => {
    const base = await serveWith(ctx.services);
    const business = await createBusiness(ctx.database.db, { name: "Live One" });
    const change = await readEvents(
      `${base}/api/v1/changes`,
      (event, data) => event === "business" && data.includes(business.id),
      async () => {
        await ctx.database.db
          .update(businesses)
          .set({ name: "Live One (renamed)" })
          .where(eq(businesses.id, business.id));
      },
    );
    expect(change).toEqual({ op: "update", id: business.id, status: "published" });
  });

  it.runIf(TEST_DRIVER === "postgres")(
    "a change made through one server process reaches an SSE client of another on the same PostgreSQL",
    async () => {
      // A second, independent server: its own pool, its own LISTEN connection, its own HTTP listener.
      const logger = createLogger("silent");
      const database = await openDatabase({ databaseUrl: ctx.database.url, migrate: false });
      const changes = await startChangeFeed(database, logger);
      const other: AppServices = { ...ctx.services, database, changes, logger };
      const otherBase = await serveWith(other);
      try {
        const change = await readEvents(
          `${otherBase}/api/v1/changes`,
          (event, data) => event === "business" && data.includes('"insert"'),
          async () => {
            await createBusiness(ctx.database.db, { name: "Made Elsewhere" });
          },
        );
        expect(change).toMatchObject({ op: "insert", status: "published" });
      } finally {
        await servers.pop()!.shutdown("test done");
        await changes.close();
        await database.close();
      }
    },
  );

  it("caps the streams one address holds open, and frees a place when one closes (security review 37)", async () => {
    const base = await serveWith(ctx.services);
    const readers: ReadableStreamDefaultReader<Uint8Array>[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_ADDRESS; i++) {
      const res = await fetch(`${base}/api/v1/changes`);
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      await reader.read(); // the ready event
      readers.push(reader);
    }
    const refused = await fetch(`${base}/api/v1/changes`);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("60");
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/live-update/);
    await readers.pop()!.cancel();
    await expect
      .poll(async () => {
        const res = await fetch(`${base}/api/v1/changes`);
        if (res.status === 200) readers.push(res.body!.getReader());
        else await res.body?.cancel();
        return res.status;
      })
      .toBe(200);
    for (const reader of readers) await reader.cancel();
  });

  it("ends open streams on shutdown so the server can close", async () => {
    const base = await serveWith(ctx.services);
    const res = await fetch(`${base}/api/v1/changes`);
    const reader = res.body!.getReader();
    await reader.read(); // the ready event
    const running = servers.pop()!;
    const started = Date.now();
    await running.shutdown("test");
    expect(Date.now() - started).toBeLessThan(1500);
    for (;;) {
      const { done } = await reader.read();
      if (done) break;
    }
  });
});
