import { Readable } from "node:stream";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openReader, runImport } from "~/features/import/run.server";
import { loader as exportLoader } from "~/routes/admin-listings-export";
import { createApp } from "../../server/http/app";
import { createTestServices } from "../support/services";
import { signedInUser } from "../support/users";

/** GET /admin/listings/export: admins only, filtered, in the columns the import reads back. */

const ORIGIN = "http://near.test";
let ctx: Awaited<ReturnType<typeof createTestServices>>;
const cookies: Record<"customer" | "admin", string> = { customer: "", admin: "" };
const context = () =>
  ({ ...ctx.services, db: ctx.database.db, nonce: "", requestId: "t", clientIp: "203.0.113.9" }) as AppLoadContext;
const get = (who: "customer" | "admin", path: string) =>
  new Request(`${ORIGIN}${path}`, { headers: { cookie: cookies[who] } });

beforeAll(async () => {
  ctx = await createTestServices({ PUBLIC_URL: ORIGIN, AUTH_RATE_LIMIT: "false" });
  const app = createApp({ services: ctx.services });
  for (const who of ["customer", "admin"] as const) {
    const user = await signedInUser(app, ctx.database.db, { admin: who === "admin" });
    cookies[who] = [...user.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  const csv =
    "id,name,category,kind,address,city,state,zip,status\n" +
    "a,Alpha Cafe,restaurants,cafe,1 A St,Springfield,IL,62701,published\n" +
    "b,Beta Gifts,shopping,gifts,2 B St,Springfield,IL,62701,pending\n";
  await runImport(ctx.database.db, openReader("csv", Readable.from([csv]), { source: "seed-test" }), {
    status: "published",
    defaultTimezone: "America/Chicago",
  });
});
afterAll(async () => {
  await ctx?.cleanup();
});

describe("admin listings export", () => {
  it("sends a non-admin away", async () => {
    let location: string | null = null;
    try {
      await exportLoader({ request: get("customer", "/admin/listings/export"), context: context() } as never);
    } catch (error) {
      if (!(error instanceof Response)) throw error;
      location = error.headers.get("location");
    }
    expect(location).toBe("/");
  });

  it("gives an admin the filtered listings as CSV or JSON lines", async () => {
    const csv = (await exportLoader({
      request: get("admin", "/admin/listings/export?format=csv&status=published"),
      context: context(),
    } as never)) as Response;
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toMatch(/^attachment; filename="listings-published-[\d-]+\.csv"$/);
    const text = await csv.text();
    expect(text).toContain("Alpha Cafe");
    expect(text).not.toContain("Beta Gifts");
    const jsonl = (await exportLoader({
      request: get("admin", "/admin/listings/export?format=jsonl&category=shopping"),
      context: context(),
    } as never)) as Response;
    const rows = (await jsonl.text())
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { name: string; status: string });
    expect(rows.map((r) => [r.name, r.status])).toEqual([["Beta Gifts", "pending"]]);
  });
});
