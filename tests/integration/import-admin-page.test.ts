import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businesses } from "~/.server/db/schema";
import { action as importAction, loader as importLoader } from "~/routes/admin-import";
import { loader as jobLoader } from "~/routes/admin-import-job";
import { loader as rejectsLoader } from "~/routes/admin-import-rejects";
import { createApp } from "../../server/http/app";
import { createTestServices } from "../support/services";
import { signedInUser } from "../support/users";

/** /admin/import: upload, preview, run in the background, progress JSON and rejects file — admins only. */

const ORIGIN = "http://near.test";
type Who = "visitor" | "customer" | "owner" | "admin" | "otherAdmin";
let ctx: Awaited<ReturnType<typeof createTestServices>>;
const cookies: Record<Who, string> = { visitor: "", customer: "", owner: "", admin: "", otherAdmin: "" };
const context = () =>
  ({ ...ctx.services, db: ctx.database.db, nonce: "", requestId: "t", clientIp: "203.0.113.9" }) as AppLoadContext;

const CSV =
  "id,Business Name,category,kind,address,city,state,zip,phone,hours\n" +
  "p1,Page Import Cafe,restaurants,cafe,1 Main St,Springfield,IL,62701,(217) 555-0101,Mon-Fri 07:00-15:00\n" +
  "p2,Page Import Gifts,shopping,gifts,2 Main St,Springfield,IL,62701,,\n" +
  "p3,Broken Row,spaceships,,3 Main St,Springfield,IL,62701,,\n" +
  "p4,Page Import Plumbing,services,plumbing,4 Main St,Springfield,IL,62701,,\n";

function uploadRequest(who: Who, file: { name: string; text: string } | null, fields: Record<string, string> = {}) {
  const form = new FormData();
  if (file) form.append("file", new File([file.text], file.name, { type: "text/csv" }));
  for (const [k, v] of Object.entries({ format: "auto", status: "published", ...fields })) form.append(k, v);
  return new Request(`${ORIGIN}/admin/import`, { method: "POST", body: form, headers: { cookie: cookies[who] } });
}

const formRequest = (who: Who, fields: Record<string, string>) =>
  new Request(`${ORIGIN}/admin/import`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { cookie: cookies[who], "content-type": "application/x-www-form-urlencoded" },
  });

const get = (who: Who, path: string) => new Request(`${ORIGIN}${path}`, { headers: { cookie: cookies[who] } });

/** What a loader or action answered: a thrown redirect / Response, a data() result, or a plain value. */
async function call(fn: () => unknown) {
  try {
    const value = (await fn()) as unknown;
    if (value instanceof Response) return { status: value.status, location: value.headers.get("location"), value };
    if (
      value &&
      typeof value === "object" &&
      "type" in value &&
      (value as { type: string }).type === "DataWithResponseInit"
    ) {
      const d = value as unknown as { data: unknown; init?: { status?: number } };
      return { status: d.init?.status ?? 200, location: null, value: d.data };
    }
    return { status: 200, location: null, value };
  } catch (error) {
    if (!(error instanceof Response)) throw error;
    return { status: error.status, location: error.headers.get("location"), value: error };
  }
}

const args = (request: Request, params: Record<string, string> = {}) =>
  ({ request, context: context(), params }) as never;

async function uploadAndRun(who: Who) {
  const uploaded = await call(() => importAction(args(uploadRequest(who, { name: "page.csv", text: CSV }))));
  expect(uploaded.status).toBe(302);
  const uploadId = new URL(uploaded.location!, ORIGIN).searchParams.get("upload")!;
  const run = await call(() => importAction(args(formRequest(who, { intent: "run", uploadId }))));
  expect(run.status).toBe(302);
  const jobId = new URL(run.location!, ORIGIN).searchParams.get("job")!;
  await ctx.services.imports.settled(jobId);
  return { uploadId, jobId };
}

beforeAll(async () => {
  ctx = await createTestServices({ PUBLIC_URL: ORIGIN, AUTH_RATE_LIMIT: "false" });
  const app = createApp({ services: ctx.services });
  for (const who of ["customer", "owner", "admin", "otherAdmin"] as const) {
    const user = await signedInUser(app, ctx.database.db, {
      admin: who === "admin" || who === "otherAdmin",
      type: who === "owner" ? "business" : "customer",
    });
    cookies[who] = [...user.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  }
});
afterAll(async () => {
  await ctx?.cleanup();
});

describe("admin import page", () => {
  it("refuses visitors, customers and owners on every loader, action and endpoint", async () => {
    const { jobId, uploadId } = await uploadAndRun("admin");
    for (const who of ["visitor", "customer", "owner"] as const) {
      const expected = who === "visitor" ? /^\/auth\?redirectTo=/ : /^\/(\?|$)/;
      const answers = [
        await call(() => importLoader(args(get(who, "/admin/import")))),
        await call(() => importLoader(args(get(who, `/admin/import?job=${jobId}`)))),
        await call(() => importAction(args(uploadRequest(who, { name: "x.csv", text: CSV })))),
        await call(() => importAction(args(formRequest(who, { intent: "run", uploadId })))),
        await call(() => jobLoader(args(get(who, `/admin/import/jobs/${jobId}`), { id: jobId }))),
        await call(() => rejectsLoader(args(get(who, `/admin/import/jobs/${jobId}/rejects.csv`), { id: jobId }))),
      ];
      for (const answer of answers) {
        expect(answer.status, who).toBe(302);
        expect(answer.location, who).toMatch(expected);
      }
    }
    // Nothing a refused upload sent was imported twice or at all.
    const rows = await ctx.database.db.select().from(businesses).where(eq(businesses.source, "x"));
    expect(rows).toHaveLength(0);
  });

  it("previews, runs in the background, reports progress, the summary and the rejected row's line", async () => {
    const uploaded = await call(() => importAction(args(uploadRequest("admin", { name: "page.csv", text: CSV }))));
    const uploadId = new URL(uploaded.location!, ORIGIN).searchParams.get("upload")!;
    const page = await call(() => importLoader(args(get("admin", `/admin/import?upload=${uploadId}`))));
    const preview = page.value as {
      step: string;
      upload: {
        preview: {
          format: string;
          columns: { header: string; column: string | null }[];
          rows: (
            | { line: number; ok: true; listing: { name: string; hours: string } }
            | { line: number; ok: false; reason: string }
          )[];
        };
      };
    };
    expect(preview.step).toBe("preview");
    expect(preview.upload.preview.format).toBe("csv");
    expect(preview.upload.preview.columns).toContainEqual({ header: "Business Name", column: "name" });
    expect(preview.upload.preview.rows).toHaveLength(4);
    expect(preview.upload.preview.rows[0]).toMatchObject({
      line: 2,
      ok: true,
      listing: { name: "Page Import Cafe", hours: "Mon–Fri 07:00–15:00" },
    });
    expect(preview.upload.preview.rows[2]).toEqual({ line: 4, ok: false, reason: 'unknown category "spaceships"' });

    // Another admin can't see or run this admin's upload.
    const others = await call(() => importLoader(args(get("otherAdmin", `/admin/import?upload=${uploadId}`))));
    expect((others.value as { step: string; expired: boolean }).expired).toBe(true);
    const stolen = await call(() => importAction(args(formRequest("otherAdmin", { intent: "run", uploadId }))));
    expect(stolen.status).toBe(404);

    const run = await call(() => importAction(args(formRequest("admin", { intent: "run", uploadId }))));
    const jobId = new URL(run.location!, ORIGIN).searchParams.get("job")!;
    await ctx.services.imports.settled(jobId);
    const progress = await call(() => jobLoader(args(get("admin", `/admin/import/jobs/${jobId}`), { id: jobId })));
    expect(progress.status).toBe(200);
    const job = (await (progress.value as Response).json()) as {
      state: string;
      percent: number;
      summary: Record<string, number>;
      firstRejects: { line: number; reason: string }[];
    };
    expect(job.state).toBe("done");
    expect(job.percent).toBe(100);
    // The first test imported the same rows: idempotent by (source, external id).
    expect(job.summary).toMatchObject({ read: 4, inserted: 0, unchanged: 3, rejected: 1 });
    expect(job.firstRejects).toEqual([{ line: 4, reason: 'unknown category "spaceships"' }]);

    const rejects = await call(() =>
      rejectsLoader(args(get("admin", `/admin/import/jobs/${jobId}/rejects.csv`), { id: jobId })),
    );
    expect(rejects.status).toBe(200);
    expect((rejects.value as Response).headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(await (rejects.value as Response).text()).toBe(
      'line,external_id,reason\r\n4,p3,"unknown category ""spaceships"""\r\n',
    );
    const rows = await ctx.database.db.select().from(businesses).where(eq(businesses.source, "page"));
    expect(rows.map((r) => r.name).sort()).toEqual(["Page Import Cafe", "Page Import Gifts", "Page Import Plumbing"]);

    // Another admin's progress and rejects: 404, as for an unknown id.
    for (const id of [jobId, "no-such-job"]) {
      const who = id === jobId ? "otherAdmin" : "admin";
      expect((await call(() => jobLoader(args(get(who, `/admin/import/jobs/${id}`), { id })))).status).toBe(404);
      expect(
        (await call(() => rejectsLoader(args(get(who, `/admin/import/jobs/${id}/rejects.csv`), { id })))).status,
      ).toBe(404);
    }
    expect((await call(() => importLoader(args(get("admin", "/admin/import?job=no-such-job"))))).status).toBe(404);
  });

  it("shows where a Yelp category with no mapping was filed: on the previewed row and in the job's summary", async () => {
    const yelp = [
      {
        business_id: "pg-1",
        name: "Bubble Zorb Park",
        city: "Springfield",
        state: "IL",
        is_open: 1,
        categories: "Zorbing, Active Life",
      },
      {
        business_id: "pg-2",
        name: "Gentle Dental",
        city: "Springfield",
        state: "IL",
        is_open: 1,
        categories: "Dentists",
      },
    ]
      .map((row) => JSON.stringify(row))
      .join("\n");
    const uploaded = await call(() =>
      importAction(args(uploadRequest("admin", { name: "businesses.json", text: yelp }, { dryRun: "on" }))),
    );
    const uploadId = new URL(uploaded.location!, ORIGIN).searchParams.get("upload")!;
    const page = await call(() => importLoader(args(get("admin", `/admin/import?upload=${uploadId}`))));
    const { preview } = (page.value as { upload: { preview: { format: string; rows: unknown[] } } }).upload;
    expect(preview.format).toBe("yelp");
    expect(preview.rows).toMatchObject([
      {
        line: 1,
        ok: true,
        listing: {
          category: "fitness",
          categoryNotes: ['no category for Yelp "Zorbing": filed under Fitness & Recreation'],
        },
      },
      { line: 2, ok: true, listing: { category: "health" } },
    ]);
    const run = await call(() => importAction(args(formRequest("admin", { intent: "run", uploadId }))));
    const jobId = new URL(run.location!, ORIGIN).searchParams.get("job")!;
    await ctx.services.imports.settled(jobId);
    const progress = await call(() => jobLoader(args(get("admin", `/admin/import/jobs/${jobId}`), { id: jobId })));
    const job = (await (progress.value as Response).json()) as { summary: Record<string, unknown> };
    expect(job.summary).toMatchObject({
      read: 2,
      inserted: 2,
      rejected: 0,
      filedByFallback: 1,
      categoryNotes: [{ note: 'no category for Yelp "Zorbing": filed under Fitness & Recreation', count: 1 }],
    });
  });

  it("answers a bad file with a clear message, not a 500", async () => {
    const cases: {
      file: { name: string; text: string } | null;
      fields: Record<string, string>;
      message: string | RegExp;
    }[] = [
      { file: { name: "empty.csv", text: "" }, fields: {}, message: "The file is empty." },
      { file: null, fields: {}, message: "Choose a file to import." },
      {
        file: { name: "broken.geojson", text: '{"type": "FeatureCollection", "features": [ {' },
        fields: {},
        message: /can't be read as OSM/,
      },
      {
        file: { name: "data.bin", text: "\u0000\u0001" },
        fields: { format: "spaceships" },
        message: "Check the form.",
      },
      { file: { name: "header-only.csv", text: "name,category\n" }, fields: {}, message: "No rows found in the file." },
    ];
    for (const c of cases) {
      const answer = await call(() => importAction(args(uploadRequest("admin", c.file, c.fields))));
      expect(answer.status, c.file?.name).toBe(400);
      expect((answer.value as { message: string }).message).toMatch(c.message);
    }
    const notMultipart = await call(() => importAction(args(formRequest("admin", { intent: "run", uploadId: "" }))));
    expect(notMultipart.status).toBe(400);
  });
});
