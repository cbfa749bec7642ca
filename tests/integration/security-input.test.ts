import { and, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogPosts, events, reviewReports, reviews } from "~/.server/db/schema";
import { listUpcomingEvents } from "~/features/events/queries.server";
import { parseEventFilters } from "~/features/events/filters";
import { eventInputSchema, EVENT_MESSAGES } from "~/features/events/schema";
import { instantToZonedDate } from "~/features/events/time";
import { postInputSchema } from "~/features/blog/schema";
import { renderMarkdown } from "~/features/blog/markdown";
import { CONTROL_CHARS_MESSAGE } from "~/lib/text";
import { isSiteImagePath, safeLinkHref } from "~/lib/urls";
import { loader as blogPostLoader } from "~/routes/blog-post";
import { loadPostEditor } from "~/routes/admin-blog.server";
import { adminClaimsAction } from "~/routes/admin-claims.server";
import { loadImportJob } from "~/routes/admin-import.server";
import { action as businessAction, loader as businessLoader } from "~/routes/business";
import { claimAction, loadClaimPage } from "~/routes/business-claim.server";
import { loadEditBusiness } from "~/routes/business-edit.server";
import { reviewsAction } from "~/routes/business-reviews.server";
import { loadEvents } from "~/routes/events.server";
import { submitEventAction } from "~/routes/events-new.server";
import { loadListingStats } from "~/routes/portal-stats.server";
import { createApp } from "../../server/http/app";
import { addReviews, createBusiness } from "../support/factories";
import { createTestServices } from "../support/services";
import { signedInUser } from "../support/users";

/**
 * The second security review's input findings (issue 37): NUL bytes on the
 * claims routes and the blog's slug (37.4), forged keyset cursors (37.5),
 * far-future dates (37.6), protocol-relative image URLs (37.8), and a
 * dismissed review report reopened by its reporter. Each answers a 400
 * naming the field (or a 404 for a path), never a 500.
 */

const ORIGIN = "http://near.test";
const TZ = "America/Chicago";
const NUL = "\u0000";
const NOTE = "I'm the owner and have run this place since 2015.";
const DAY = 24 * 60 * 60 * 1000;
const MESSAGE = { name: "Ada", email: "ada@example.com", message: "Do you cater events?" };
const REVIEW = { intent: "save", rating: "4", content: "Lovely coffee, friendly staff and a quiet corner." };

let ctx: Awaited<ReturnType<typeof createTestServices>>;
let app: ReturnType<typeof createApp>;
let context: AppLoadContext;
type Client = Awaited<ReturnType<typeof signedInUser>>;
let claimant: Client;
let customer: Client;
let reporter: Client;
let other: Client;
let admin: Client;
const db = () => ctx.database.db;
const cookieOf = (client: Client) => [...client.jar].map(([k, v]) => `${k}=${v}`).join("; ");

beforeAll(async () => {
  ctx = await createTestServices({ PUBLIC_URL: ORIGIN, AUTH_RATE_LIMIT: "false", SITE_TIMEZONE: TZ });
  app = createApp({ services: ctx.services });
  claimant = await signedInUser(app, db(), { name: "Clara Claimant", type: "business" });
  customer = await signedInUser(app, db(), { name: "Casey Customer" });
  reporter = await signedInUser(app, db(), { name: "Rory Reporter" });
  other = await signedInUser(app, db(), { name: "Otto Other" });
  admin = await signedInUser(app, db(), { name: "Ada Admin", admin: true });
  context = { ...ctx.services, db: db(), nonce: "", requestId: "t", clientIp: "127.0.0.1" } as AppLoadContext;
});
afterAll(async () => {
  await ctx?.cleanup();
});

function formRequest(client: Client | null, path: string, body?: Record<string, string>) {
  const headers = new Headers();
  if (client) headers.set("cookie", cookieOf(client));
  if (!body) return new Request(`${ORIGIN}${path}`, { headers });
  headers.set("origin", ORIGIN);
  const form = new FormData();
  for (const [k, v] of Object.entries(body)) form.append(k, v);
  return new Request(`${ORIGIN}${path}`, { method: "POST", headers, body: form });
}

/** A loader's or action's answer: `data()` unwrapped, or the Response (or `data()`) it returned or threw. */
async function run(fn: () => Promise<unknown>) {
  try {
    const result = (await fn()) as { data?: unknown; init?: { status?: number } | null };
    if (result instanceof Response) return { status: result.status, body: null as never };
    if (result && typeof result === "object" && "data" in result && "init" in result)
      return { status: result.init?.status ?? 200, body: result.data as never };
    return { status: 200, body: result as never };
  } catch (error) {
    if (error instanceof Response) return { status: error.status, body: null as never };
    const e = error as { data?: unknown; init?: { status?: number } };
    if (e && typeof e === "object" && "init" in e) return { status: e.init?.status ?? 500, body: e.data as never };
    throw error;
  }
}

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
const errorOf = async (res: Response) => ((await res.json()) as ErrorBody).error;

describe("NUL bytes on the claims routes and the blog's slug (37.4)", () => {
  it("API: a claim's note and verification detail are a 400 naming each field", async () => {
    const listing = await createBusiness(db(), { name: "Nul Bakery" });
    for (const verificationMethod of ["email_domain", "phone"] as const) {
      const res = await claimant.request(`/api/v1/businesses/${listing.id}/claims`, {
        method: "POST",
        json: {
          note: `${NOTE}${NUL}`,
          verificationMethod,
          verificationDetail: verificationMethod === "phone" ? `217 555 0100${NUL}` : `me${NUL}@bakery.example`,
        },
      });
      expect(res.status).toBe(400);
      expect((await errorOf(res)).fields).toEqual({
        note: CONTROL_CHARS_MESSAGE,
        verificationDetail: CONTROL_CHARS_MESSAGE,
      });
    }
  });

  it("the claim form: a 400 with the fields' messages", async () => {
    const listing = await createBusiness(db(), { name: "Nul Form Bakery" });
    const res = await run(() =>
      claimAction({
        params: { id: listing.id },
        request: formRequest(claimant, `/business/${listing.id}/claim`, {
          note: `${NOTE}${NUL}`,
          verificationMethod: "email_domain",
          verificationDetail: `me${NUL}@bakery.example`,
        }),
        context,
      }),
    );
    expect(res.status).toBe(400);
    const body = res.body as { ok: boolean; result: { error: Record<string, string[]> } };
    expect(body.ok).toBe(false);
    expect(body.result.error.note).toEqual([CONTROL_CHARS_MESSAGE]);
    expect(body.result.error.verificationDetail?.[0]).toBe(CONTROL_CHARS_MESSAGE);
  });

  it("an admin's approve and refuse reason (API and the Claims tab's form)", async () => {
    const listing = await createBusiness(db(), { name: "Nul Decided Bakery" });
    const filed = await claimant.request(`/api/v1/businesses/${listing.id}/claims`, {
      method: "POST",
      json: { note: NOTE, verificationMethod: "email_domain", verificationDetail: "me@bakery.example" },
    });
    expect(filed.status).toBe(201);
    const claimId = ((await filed.json()) as { id: string }).id;
    for (const decision of ["approve", "refuse"]) {
      const res = await admin.request(`/api/v1/admin/claims/${claimId}/${decision}`, {
        method: "POST",
        json: { reason: `Checked the${NUL} phone book.` },
      });
      expect(res.status).toBe(400);
      expect((await errorOf(res)).fields).toEqual({ reason: CONTROL_CHARS_MESSAGE });

      const page = await run(() =>
        adminClaimsAction({
          request: formRequest(admin, "/admin/claims", {
            intent: decision,
            claimId,
            reason: `Checked the${NUL} phone book.`,
          }),
          context,
        }),
      );
      expect(page.status).toBe(400);
      expect((page.body as { message: string }).message).toBe(CONTROL_CHARS_MESSAGE);
    }
    // Still open: nothing was decided with the bad reason.
    const open = await admin.request(`/api/v1/claims/${claimId}`);
    expect(((await open.json()) as { status: string }).status).toBe("open");
  });

  it("GET /blog/%00 (page and .data) is a 404, as is any slug that can't be one", async () => {
    await db()
      .insert(blogPosts)
      .values({
        title: "A real post",
        slug: "a-real-post",
        excerpt: "What this post is about.",
        body: "Some words about the city and its people.",
        category: "local-features",
        author: "Maya Chen",
        status: "published",
        publishedAt: new Date(Date.now() - DAY),
      });
    // React Router hands the loader the decoded segment, for `/blog/%00` and `/blog/%00.data` alike.
    for (const slug of [NUL, `a-real-post${NUL}`, "A-Real-Post", "x".repeat(5000), "a--b", "é"]) {
      const res = await run(() =>
        blogPostLoader({ params: { slug }, context, request: new Request(`${ORIGIN}/blog/x`) } as never),
      );
      expect({ slug, status: res.status }).toEqual({ slug, status: 404 });
    }
    const found = await run(() =>
      blogPostLoader({ params: { slug: "a-real-post" }, context, request: new Request(`${ORIGIN}/blog/x`) } as never),
    );
    expect(found.status).toBe(200);
    // The admin's editor takes the post's id from its path too.
    const editor = await run(() =>
      loadPostEditor({ request: formRequest(admin, "/admin/blog/x"), context, id: `${NUL}` } as never),
    );
    expect(editor.status).toBe(404);
  });

  it("every page route's path parameter: a NUL is a 404, never a database error", async () => {
    const id = `bean${NUL}`;
    const args = (client: Client | null, path: string, body?: Record<string, string>) => ({
      params: { id },
      request: formRequest(client, path, body),
      context,
    });
    const checks: [string, () => Promise<unknown>][] = [
      ["/business/:id", () => businessLoader(args(customer, "/business/x") as never)],
      ["/business/:id (message)", () => businessAction(args(null, "/business/x", MESSAGE) as never)],
      ["/business/:id/claim", () => loadClaimPage(args(claimant, "/business/x/claim"))],
      ["/business/:id/reviews", () => reviewsAction(id, formRequest(customer, "/business/x/reviews", REVIEW), context)],
      ["/business/edit/:id", () => loadEditBusiness(args(admin, "/business/edit/x"))],
      ["/portal/stats/:id", () => loadListingStats(args(admin, "/portal/stats/x"))],
      ["/admin/import/jobs/:id", () => loadImportJob(args(admin, "/admin/import/jobs/x"))],
    ];
    for (const [route, call] of checks) {
      const res = await run(call);
      expect({ route, status: res.status }).toEqual({ route, status: 404 });
    }
  });
});

describe("forged keyset cursors (37.5)", () => {
  /** The cursor for a key; a string is the JSON text itself (2^53 + 1 can't be written as a number literal). */
  const cursor = (key: unknown) =>
    Buffer.from(typeof key === "string" ? key : JSON.stringify(key)).toString("base64url");
  const ID = "3f1d7b3e-0000-4000-8000-000000000000";

  beforeAll(async () => {
    for (let i = 0; i < 3; i++) {
      const b = await createBusiness(db(), { name: `Cursor Cafe ${i}` });
      await addReviews(db(), b.id, [4, 5]);
    }
  });

  it("a real nextCursor still walks on", async () => {
    for (const sort of ["rating", "reviews", "newest"]) {
      const first = await app.request(`/api/v1/businesses?sort=${sort}&pageSize=1`);
      expect(first.status).toBe(200);
      const { nextCursor } = (await first.json()) as { nextCursor?: string };
      expect(nextCursor).toBeTruthy();
      const next = await app.request(`/api/v1/businesses?sort=${sort}&pageSize=1&after=${nextCursor}`);
      expect(next.status).toBe(200);
    }
  });

  const forged: [string, string, unknown][] = [
    ["newest", "month 99", ["newest", "2026-99-99T00:00:00.000000Z", ID]],
    ["newest", "February 30", ["newest", "2026-02-30T12:00:00.000000Z", ID]],
    ["newest", "hour 24", ["newest", "2026-02-10T24:00:00.000000Z", ID]],
    ["newest", "second 60", ["newest", "2026-02-10T23:59:60.000000Z", ID]],
    ["newest", "year 0", ["newest", "0000-01-01T00:00:00.000000Z", ID]],
    ["newest", "not a string", ["newest", 1_700_000_000, ID]],
    ["rating", "review count past int4", ["rating", "4.5", 2147483648, ID]],
    ["rating", "review count 1e20", ["rating", "4.5", 1e20, ID]],
    ["rating", "review count past 2^53", `["rating", "4.5", 9007199254740993, "${ID}"]`],
    ["rating", "negative review count", ["rating", "4.5", -1, ID]],
    ["rating", "fractional review count", ["rating", "4.5", 1.5, ID]],
    ["rating", "rating 1e20", ["rating", "1e20", 3, ID]],
    ["rating", "rating out of 0..5", ["rating", "6", 3, ID]],
    ["rating", "rating not a number", ["rating", "NaN", 3, ID]],
    ["rating", "rating as a number", ["rating", 4.5, 3, ID]],
    ["reviews", "review count past int4", ["reviews", "4.5", 2147483648, ID]],
    ["reviews", "not a uuid", ["reviews", "4.5", 3, "x"]],
    ["newest", "from another sort", ["rating", "4.5", 3, ID]],
    ["newest", "not an array", { sort: "newest" }],
  ];
  for (const [sort, label, key] of forged) {
    it(`${sort}: ${label} is a 400 naming after`, async () => {
      const res = await app.request(`/api/v1/businesses?sort=${sort}&after=${cursor(key)}`);
      expect(res.status).toBe(400);
      expect(Object.keys((await errorOf(res)).fields ?? {})).toEqual(["after"]);
    });
  }

  it("text that isn't JSON is a 400 too", async () => {
    const res = await app.request(`/api/v1/businesses?sort=newest&after=${Buffer.from("[1,").toString("base64url")}`);
    expect(res.status).toBe(400);
    expect(Object.keys((await errorOf(res)).fields ?? {})).toEqual(["after"]);
  });
});

describe("far-future dates (37.6)", () => {
  const dayIn = (days: number) => instantToZonedDate(new Date(Date.now() + days * DAY), TZ);
  const eventForm = (over: Record<string, string> = {}) => ({
    title: "Neighborhood Chili Cook-Off",
    description: "Bring a pot of your best chili; the crowd votes on the winner.",
    date: dayIn(5),
    startTime: "12:00",
    endTime: "15:00",
    venue: "Lincoln Park Pavilion",
    city: "Springfield",
    category: "food",
    ...over,
  });

  it("GET /events?to=9999-12-31 (and other dates out of range or not on the calendar) lists as without the filter", async () => {
    const base = await run(() => loadEvents({ request: formRequest(null, "/events"), context }));
    expect(base.status).toBe(200);
    for (const query of [
      "to=9999-12-31",
      "from=9999-12-31",
      "from=0001-01-01",
      "to=0000-01-01",
      "to=2026-02-30",
      "from=2026-13-01",
    ]) {
      const res = await run(() => loadEvents({ request: formRequest(null, `/events?${query}`), context }));
      expect({ query, status: res.status }).toEqual({ query, status: 200 });
      expect((res.body as { filters: { from: string; to: string } }).filters).toMatchObject({ from: "", to: "" });
    }
    // And the query itself, given what the filters let through, never throws on a far date.
    expect(parseEventFilters(new URLSearchParams("to=9999-12-31&from=2026-02-30"))).toMatchObject({ to: "", from: "" });
    await expect(
      listUpcomingEvents(db(), { ...parseEventFilters(new URLSearchParams()), to: "2100-12-31" }, { timeZone: TZ }),
    ).resolves.toBeTruthy();
    // A date in range is kept.
    const kept = await run(() => loadEvents({ request: formRequest(null, `/events?to=${dayIn(30)}`), context }));
    expect((kept.body as { filters: { to: string } }).filters.to).toBe(dayIn(30));
  });

  it("submitting an event dated 9999-12-31 (or more than five years ahead) is a 400 naming the date", async () => {
    const cases: [Record<string, string>, string][] = [
      [{ date: "9999-12-31" }, "date"],
      [{ date: "2026-02-30" }, "date"],
      [{ endDate: "9999-12-31" }, "endDate"],
      [{ date: dayIn(6 * 366) }, "date"],
      [{ endDate: dayIn(6 * 366) }, "endDate"],
    ];
    for (const [over, field] of cases) {
      const res = await run(() =>
        submitEventAction({ request: formRequest(customer, "/events/new", eventForm(over)), context }),
      );
      const body = res.body as { ok: boolean; result: { error: Record<string, string[]> } };
      expect({ over, status: res.status }).toEqual({ over, status: 400 });
      expect(body.result.error[field]?.length, JSON.stringify(over)).toBeGreaterThan(0);
    }
    expect(await db().select().from(events)).toHaveLength(0);
    // Within the window it goes through.
    const fine = await run(() =>
      submitEventAction({ request: formRequest(customer, "/events/new", eventForm({ date: dayIn(365) })), context }),
    );
    expect(fine.status).toBe(200);
  });

  it("the schema refuses dates not on the calendar and outside 2000–2100", () => {
    const base = eventForm();
    for (const date of ["9999-12-31", "2026-02-30", "2026-02-29", "1999-12-31", "2101-01-01", "0000-01-01"]) {
      const parsed = eventInputSchema.safeParse({ ...base, date });
      expect({ date, success: parsed.success }).toEqual({ date, success: false });
      expect(parsed.error?.issues.find((i) => i.path[0] === "date")?.message).toBe(EVENT_MESSAGES.date);
    }
    expect(eventInputSchema.safeParse({ ...base, date: "2028-02-29" }).success).toBe(true);
  });
});

describe("one URL rule for images and links (37.8)", () => {
  const eventBase = {
    title: "Neighborhood Chili Cook-Off",
    description: "Bring a pot of your best chili; the crowd votes on the winner.",
    date: "2030-05-01",
    startTime: "12:00",
    endTime: "15:00",
    venue: "Lincoln Park Pavilion",
    city: "Springfield",
    category: "food",
  };
  const postBase = {
    title: "A post",
    excerpt: "What this post is about.",
    body: "Some words about the city and its people.",
    category: "local-features",
    author: "Maya Chen",
  };
  const BAD_IMAGES = [
    "//evil.example/x.png",
    "/\\evil.example/x.png",
    "\\\\evil.example/x.png",
    "https://evil.example/x.png",
    "javascript:alert(1)",
    "data:image/png;base64,AAAA",
    "/media/x.png?y=1",
    "/media/ x.png",
    "media/x.png",
    "/",
  ];

  it("an event's imageUrl and a post's cover image refuse the same addresses", () => {
    for (const url of BAD_IMAGES) {
      expect({ url, ok: isSiteImagePath(url) }).toEqual({ url, ok: false });
      const event = eventInputSchema.safeParse({ ...eventBase, imageUrl: url });
      expect({ url, event: event.success }).toEqual({ url, event: false });
      expect(event.error?.issues.find((i) => i.path[0] === "imageUrl")?.message).toBe(EVENT_MESSAGES.image);
      expect({ url, post: postInputSchema.safeParse({ ...postBase, coverImage: url }).success }).toEqual({
        url,
        post: false,
      });
    }
    for (const url of ["/media/abc-800.webp", "/images/events/jazz.jpg"]) {
      expect(eventInputSchema.parse({ ...eventBase, imageUrl: url }).imageUrl).toBe(url);
      expect(postInputSchema.parse({ ...postBase, coverImage: url }).coverImage).toBe(url);
    }
  });

  it("submitting an event with a protocol-relative imageUrl is a 400 naming imageUrl; nothing is stored", async () => {
    const res = await run(() =>
      submitEventAction({
        request: formRequest(customer, "/events/new", {
          ...eventBase,
          date: instantToZonedDate(new Date(Date.now() + 10 * DAY), TZ),
          imageUrl: "//evil.example/x.png",
        }),
        context,
      }),
    );
    expect(res.status).toBe(400);
    expect((res.body as { result: { error: Record<string, string[]> } }).result.error.imageUrl).toEqual([
      EVENT_MESSAGES.image,
    ]);
    expect(await db().select().from(events).where(eq(events.imageUrl, "//evil.example/x.png"))).toHaveLength(0);
  });

  it("links in a post: http(s), mailto and this site's paths; nothing a browser would take to another host", () => {
    for (const href of [
      "//evil.example",
      "/\\evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "javascript:alert(1)",
      " JavaScript:alert(1)",
      "data:text/html,hi",
    ])
      expect({ href, safe: safeLinkHref(href) }).toEqual({ href, safe: null });
    expect(safeLinkHref("/blog/a-post?x=1#top")).toBe("/blog/a-post?x=1#top");
    expect(safeLinkHref("#top")).toBe("#top");
    expect(safeLinkHref("https://example.com/a")).toBe("https://example.com/a");
    expect(safeLinkHref("mailto:hi@example.com")).toBe("mailto:hi@example.com");
    expect(renderMarkdown("[x](/\\evil.example) ![y](//evil.example/y.png)")).not.toContain("evil.example/");
    expect(renderMarkdown("[x](/\\evil.example)")).not.toContain("href");
  });
});

describe("one report per reporter and review (info item)", () => {
  it("a second report by the same reporter is 'already reported', also once dismissed, on the API and the page", async () => {
    const shop = await createBusiness(db(), { name: "Report Once Shop" });
    const [review] = await db()
      .insert(reviews)
      .values({ businessId: shop.id, userId: customer.id, author: "Casey", rating: 2, content: "Slow service today." })
      .returning();
    const reviewId = review!.id;
    const report = () =>
      reporter.request(`/api/v1/reviews/${reviewId}/reports`, {
        method: "POST",
        json: { reason: "Spam or advertising" },
      });
    expect((await report()).status).toBe(201);

    const again = await report();
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toMatchObject({ code: "already_reported" });

    expect((await admin.request(`/api/v1/admin/reviews/${reviewId}/dismiss`, { method: "POST" })).status).toBe(204);
    const afterDismiss = await report();
    expect(afterDismiss.status).toBe(409);
    const page = await run(() =>
      reviewsAction(
        shop.id,
        formRequest(reporter, `/business/${shop.id}/reviews`, {
          intent: "report",
          reviewId,
          reason: "Spam or advertising, again",
        }),
        context,
      ),
    );
    expect(page.status).toBe(409);
    expect(page.body).toMatchObject({ ok: false, code: "already_reported" });

    const rows = await db()
      .select()
      .from(reviewReports)
      .where(and(eq(reviewReports.reviewId, reviewId), eq(reviewReports.userId, reporter.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "resolved", reason: "Spam or advertising" });

    // Someone else may still report it.
    const second = await other.request(`/api/v1/reviews/${reviewId}/reports`, {
      method: "POST",
      json: { reason: "Not a real visit." },
    });
    expect(second.status).toBe(201);
  });
});
