import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createLogger } from "~/.server/logger";
import { createApp } from "../../server/http/app";
import { createTestServices } from "../support/services";

/**
 * Structured logs (issue 13): one JSON access-log line per request — method,
 * path, status, duration, request id — without the query string (it can carry
 * tokens and what people typed), and a Server-Timing header with the same
 * duration.
 */
let ctx: Awaited<ReturnType<typeof createTestServices>>;
let app: ReturnType<typeof createApp>;
let lines: string[] = [];

beforeAll(async () => {
  ctx = await createTestServices();
  app = createApp({ services: { ...ctx.services, logger: createLogger("info", { pretty: false }) } });
});
afterAll(() => ctx.cleanup());

async function capture(fn: () => unknown) {
  lines = [];
  const spy = vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    lines.push(...String(chunk).split("\n").filter(Boolean));
    return true;
  });
  try {
    return await fn();
  } finally {
    spy.mockRestore();
  }
}

describe("access log", () => {
  it("writes one JSON line per request, without the query string, and a Server-Timing header", async () => {
    const res = (await capture(() =>
      app.request("/api/v1/businesses?q=secret-search-words&token=abc123", {
        headers: { "x-request-id": "req-access-log-1" },
      }),
    )) as Response;
    expect(res.status).toBe(200);
    // The whole request, and the database's share of it (this search ran queries).
    expect(res.headers.get("server-timing")).toMatch(/^app;dur=\d+(\.\d)?, db;dur=\d+(\.\d)?;desc="(\d+) queries"$/);
    const queries = Number(/desc="(\d+) queries"/.exec(res.headers.get("server-timing")!)![1]);
    expect(queries).toBeGreaterThan(0);
    const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((e) => e.msg === "request");
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      level: 30,
      method: "GET",
      path: "/api/v1/businesses",
      status: 200,
      requestId: "req-access-log-1",
    });
    expect(typeof entries[0]!.durationMs).toBe("number");
    expect(entries[0]).toMatchObject({ queries });
    expect(typeof entries[0]!.dbMs).toBe("number");
    expect(typeof entries[0]!.time).toBe("string");
    expect(lines.join("\n")).not.toMatch(/secret-search-words|abc123/);
  });

  it("logs refusals too, with their status", async () => {
    await capture(() => app.request("/api/v1/businesses/not-a-real-id"));
    const entry = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((e) => e.msg === "request");
    expect(entry).toMatchObject({ path: "/api/v1/businesses/not-a-real-id", status: 404 });
  });
});
