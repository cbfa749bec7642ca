import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { businesses } from "~/.server/db/schema";
import { browserSession } from "../support/auth-http";
import { TEST_DRIVER } from "../support/db";
import { createBusiness } from "../support/factories";
import { createTestServices } from "../support/services";

/**
 * Two Near server processes on one PostgreSQL behave as one: a rate limit
 * counted in one holds in the other, a session made in one is valid in the
 * other, and a change reaches the live-update streams of both.
 */
const ORIGIN = "http://near.test";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "near-two-processes-"));

interface Proc {
  child: ChildProcess;
  base: string;
}

function startServer(databaseUrl: string): Promise<Proc> {
  const tsx = path.resolve("node_modules/.bin/tsx");
  const child = spawn(tsx, ["tests/support/api-server.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: "0",
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: ORIGIN,
      SEED_DEMO: "false",
      LOG_LEVEL: "error",
      // Both processes sign sessions with one secret, as a deployment would.
      BETTER_AUTH_SECRET: "two-processes-test-secret-0123456789abcdef",
      DATA_DIR: dataDir,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${stderr}`)), 90_000);
    readline.createInterface({ input: child.stdout! }).on("line", (line) => {
      const match = /^LISTENING (\d+)$/.exec(line);
      if (!match) return;
      clearTimeout(timer);
      resolve({ child, base: `http://127.0.0.1:${match[1]}` });
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}: ${stderr}`));
    });
  });
}

/** A cookie-keeping client of one process (browserSession rewritten onto its real address). */
const client = (proc: Proc, jar?: ReturnType<typeof browserSession>["jar"]) => {
  const session = browserSession({ request: (url, init) => fetch(url.replace(ORIGIN, proc.base), init) }, ORIGIN);
  if (jar) for (const [k, v] of jar) session.jar.set(k, v);
  return session;
};

/** Collects the events of one process's change stream; resolves once it says `ready`. */
async function changeStream(proc: Proc) {
  const controller = new AbortController();
  const res = await fetch(`${proc.base}/api/v1/changes`, {
    signal: controller.signal,
    headers: { accept: "text/event-stream" },
  });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  const events: { event: string; data: string }[] = [];
  let buffer = "";
  let onReady: () => void = () => {};
  const ready = new Promise<void>((r) => (onReady = r));
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let split: number;
        while ((split = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, split);
          buffer = buffer.slice(split + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1] ?? "message";
          const data = /^data: (.*)$/m.exec(block)?.[1] ?? "";
          if (event === "ready") onReady();
          events.push({ event, data });
        }
      }
    } catch {
      // aborted
    }
  })();
  await ready;
  return { events, close: () => controller.abort() };
}

describe.skipIf(TEST_DRIVER !== "postgres")("two server processes on one PostgreSQL", () => {
  let ctx: Awaited<ReturnType<typeof createTestServices>>;
  let a: Proc;
  let b: Proc;

  beforeAll(async () => {
    ctx = await createTestServices();
    [a, b] = await Promise.all([startServer(ctx.database.url!), startServer(ctx.database.url!)]);
  }, 180_000);

  afterAll(async () => {
    for (const proc of [a, b]) {
      if (!proc || proc.child.exitCode !== null) continue;
      const exited = new Promise((r) => proc.child.once("exit", r));
      proc.child.kill("SIGTERM");
      await exited;
    }
    await ctx?.cleanup();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it("a session made through one is valid in the other", async () => {
    const viaA = client(a);
    const signUp = await viaA.post("/api/auth/sign-up/email", {
      name: "Sam",
      email: "sam@example.com",
      password: "secret-1",
      type: "customer",
    });
    expect(signUp.status).toBe(200);
    expect(viaA.hasSession()).toBe(true);
    const viaB = client(b, viaA.jar);
    const session = await viaB.json<{ user: { email: string } } | null>("/api/auth/get-session");
    expect(session.body?.user.email).toBe("sam@example.com");
  }, 60_000);

  it("a rate limit counted in one holds in the other (Better Auth's sign-in: 10 a minute)", async () => {
    const attempt = (i: number) =>
      client(i % 2 ? b : a).json("/api/auth/sign-in/email", { email: "sam@example.com", password: `wrong-${i}` });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await attempt(i)).status);
    expect(statuses).toEqual(Array(10).fill(401));
    expect((await attempt(10)).status).toBe(429);
    expect((await attempt(11)).status).toBe(429);
  }, 240_000);

  it("our own limits too: 5 messages per address per 10 minutes, spread over both", async () => {
    const business = await createBusiness(ctx.database.db, { status: "published" });
    const send = (i: number) =>
      fetch(`${(i % 2 ? b : a).base}/api/v1/businesses/${business.id}/messages`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "Kim", email: "kim@example.com", message: `Hello there, number ${i}` }),
      }).then((res) => res.status);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push(await send(i));
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  }, 60_000);

  it("a change reaches the live-update streams of both processes", async () => {
    const business = await createBusiness(ctx.database.db, { status: "published" });
    const streams = await Promise.all([changeStream(a), changeStream(b)]);
    try {
      await ctx.database.db.update(businesses).set({ name: "Renamed" }).where(eq(businesses.id, business.id));
      for (const stream of streams) {
        await vi.waitFor(
          () => expect(stream.events.some((e) => e.event === "business" && e.data.includes(business.id))).toBe(true),
          { timeout: 20_000, interval: 100 },
        );
      }
    } finally {
      for (const stream of streams) stream.close();
    }
  }, 60_000);
});
