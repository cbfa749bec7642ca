import zlib from "node:zlib";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows, runMigrations } from "~/.server/db/client";
import { createApp } from "../../server/http/app";
import { createTestServices } from "../support/services";

let ctx: Awaited<ReturnType<typeof createTestServices>>;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  ctx = await createTestServices();
  app = createApp({ services: ctx.services });
});
afterAll(async () => {
  await ctx.cleanup();
});

describe("database", () => {
  it("has the schema and pg_trgm after migrations, and migrating again is a no-op", async () => {
    await runMigrations(ctx.database);
    const tables = await queryRows<{ table_name: string }>(
      ctx.database.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
    );
    expect(tables.map((r) => r.table_name)).toEqual(
      expect.arrayContaining(["businesses", "business_hours", "reviews", "admins", "business_images"]),
    );
    const [trgm] = await queryRows<{ s: number }>(ctx.database.db, sql`select similarity('pizza', 'piza') as s`);
    expect(Number(trgm?.s)).toBeGreaterThan(0.3);
  });

  it("delivers NOTIFY to a LISTENer", async () => {
    let deliver!: (payload: string) => void;
    const received = new Promise<string>((resolve) => (deliver = resolve));
    // listen() resolves once the LISTEN has run, so the NOTIFY after it can't be missed.
    await ctx.database.listen("near_test_channel", (payload) => deliver(payload));
    await ctx.database.notify("near_test_channel", "hello");
    await expect(received).resolves.toBe("hello");
  });
});

describe("HTTP foundation", () => {
  it("GET /healthz runs SELECT 1 and answers 200", async () => {
    const res = await app.request("/healthz");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ok" });
  });

  it("answers 503 from /healthz when the database is down", async () => {
    const broken = createApp({
      services: {
        ...ctx.services,
        database: { ...ctx.services.database, ping: () => Promise.reject(new Error("down")) },
      },
    });
    const res = await broken.request("/healthz");
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ status: "unavailable" });
  });

  it("answers unknown API routes with the JSON error shape, never HTML", async () => {
    for (const p of ["/api/v1/nope", "/api/nope"]) {
      const res = await app.request(p, { method: "POST" });
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toMatch(/application\/json/);
      const body = await res.json();
      expect(body).toEqual({ error: { code: "not_found", message: expect.stringContaining("No API route") } });
    }
  });

  it("answers an oversized API body with 413 in the JSON shape", async () => {
    const res = await app.request("/api/v1/anything", {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": String(2 * 1024 * 1024) },
      body: "x".repeat(2 * 1024 * 1024),
    });
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe("payload_too_large");
  });

  it("bounds page form and sign-in bodies too (413), not only the JSON API", async () => {
    for (const target of ["/business/some-id", "/api/auth/sign-in/email", "/contact"]) {
      const res = await app.request(target, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "content-length": String(2 * 1024 * 1024) },
        body: "x=" + "y".repeat(2 * 1024 * 1024),
      });
      expect(res.status, target).toBe(413);
    }
  });

  it("serves the OpenAPI document", async () => {
    const res = await app.request("/api/v1/openapi.json");
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.title).toBe("Near API");
  });

  it("serves hashed assets for a year (immutable), other public files for an hour, and compresses text", async () => {
    const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "near-client-"));
    fs.mkdirSync(path.join(clientDir, "assets"));
    fs.writeFileSync(
      path.join(clientDir, "assets", "entry-AbC123.js"),
      `console.log(${JSON.stringify("x".repeat(4000))});`,
    );
    fs.writeFileSync(path.join(clientDir, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
    const withClient = createApp({ services: ctx.services, clientDir });
    const asset = await withClient.request("/assets/entry-AbC123.js", { headers: { "accept-encoding": "gzip" } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(asset.headers.get("content-encoding")).toBe("gzip");
    // Precompressed siblings (scripts/build-server.mjs writes them) are sent as they are, Brotli first.
    const body = `console.log(${JSON.stringify("y".repeat(4000))});`;
    fs.writeFileSync(path.join(clientDir, "assets", "route-XyZ789.js"), body);
    fs.writeFileSync(path.join(clientDir, "assets", "route-XyZ789.js.gz"), zlib.gzipSync(body));
    fs.writeFileSync(path.join(clientDir, "assets", "route-XyZ789.js.br"), zlib.brotliCompressSync(body));
    const br = await withClient.request("/assets/route-XyZ789.js", { headers: { "accept-encoding": "gzip, br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("content-type")).toMatch(/javascript/);
    expect(br.headers.get("vary")).toMatch(/Accept-Encoding/);
    expect(br.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(zlib.brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(body);
    const gz = await withClient.request("/assets/route-XyZ789.js", { headers: { "accept-encoding": "gzip" } });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(zlib.gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(body);
    const plain = await withClient.request("/assets/route-XyZ789.js");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(body);
    const icon = await withClient.request("/favicon.svg");
    expect(icon.headers.get("cache-control")).toBe("public, max-age=3600");
    const missing = await withClient.request("/assets/missing.js");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(missing.headers.get("cache-control")).toBeNull();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it("sets security headers with a fresh CSP nonce per request", async () => {
    const a = await app.request("/healthz");
    const b = await app.request("/healthz");
    const csp = a.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toEqual(b.headers.get("content-security-policy"));
    expect(a.headers.get("x-content-type-options")).toBe("nosniff");
    expect(a.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });
});
