import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogPosts } from "~/.server/db/schema";
import { premiumArticleQueue, postsAboutBusiness } from "~/features/blog/queries.server";
import { UNKNOWN_BUSINESS } from "~/features/blog/mutations.server";
import { loadAdminBlog, loadPostEditor, postEditorAction } from "~/routes/admin-blog.server";
import { createApp } from "../../server/http/app";
import { createBusiness } from "../support/factories";
import { createTestServices } from "../support/services";
import { signedInUser } from "../support/users";
import { documentOf, pagesApp, textOf } from "../support/page-app";

/**
 * The Premium plan's "monthly blog article" (issue 36): a post may be about a listing; /admin/blog shows which
 * Premium listings are due their article this month (in the site's time zone); the listing's page links the posts
 * about it once published.
 */
const ORIGIN = "http://near.test";
const NOW = new Date("2026-11-15T18:00:00Z");
const TIME_ZONE = "America/Chicago";
let ctx: Awaited<ReturnType<typeof createTestServices>>;
let context: AppLoadContext;
const cookies: Record<"customer" | "admin", string> = { customer: "", admin: "" };
const ids: Record<string, string> = {};
const db = () => ctx.database.db;

beforeAll(async () => {
  ctx = await createTestServices({ PUBLIC_URL: ORIGIN, AUTH_RATE_LIMIT: "false", SITE_TIMEZONE: TIME_ZONE });
  const app = createApp({ services: ctx.services });
  for (const who of ["customer", "admin"] as const) {
    const user = await signedInUser(app, db(), { admin: who === "admin" });
    cookies[who] = [...user.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  context = {
    ...ctx.services,
    db: db(),
    clock: { now: () => NOW },
    nonce: "",
    requestId: "t",
    clientIp: "127.0.0.1",
  } as AppLoadContext;
  for (const [key, name, plan, status] of [
    ["done", "Aurora Bistro", "premium", "published"],
    ["drafting", "Birch Dental", "premium", "published"],
    ["lastMonth", "Cedar Yoga", "premium", "published"],
    ["none", "Dune Books", "premium", "published"],
    ["pending", "Elm Pending", "premium", "pending"],
    ["basic", "Fern Basic", "basic", "published"],
  ] as const)
    ids[key] = (await createBusiness(db(), { name, plan, status })).id;
  const post = (title: string, businessId: string, status: "published" | "draft", publishedAt: Date | null) => ({
    slug: title.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
    title,
    excerpt: "What this post is about.",
    body: "Some words about the city and its people.",
    category: "business-spotlights" as const,
    author: "Maya Chen",
    businessId,
    status,
    publishedAt,
  });
  await db()
    .insert(blogPosts)
    .values([
      post("Aurora this month", ids.done!, "published", new Date("2026-11-03T15:00:00Z")),
      post("Birch draft", ids.drafting!, "draft", null),
      // 1 November 03:00 UTC is still 31 October in Chicago: last month's article.
      post("Cedar last month", ids.lastMonth!, "published", new Date("2026-11-01T03:00:00Z")),
      post("Fern basic spotlight", ids.basic!, "published", new Date("2026-11-05T15:00:00Z")),
    ]);
});
afterAll(async () => {
  await ctx?.cleanup();
});

function request(who: "customer" | "admin", path: string, body?: Record<string, string>) {
  const headers = new Headers({ cookie: cookies[who] });
  if (!body) return new Request(`${ORIGIN}${path}`, { headers });
  headers.set("origin", ORIGIN);
  const form = new FormData();
  for (const [k, v] of Object.entries(body)) form.append(k, v);
  return new Request(`${ORIGIN}${path}`, { method: "POST", headers, body: form });
}

async function outcome(fn: () => Promise<unknown>) {
  try {
    const result = (await fn()) as { data?: unknown; init?: { status?: number } | null };
    if (result && typeof result === "object" && "data" in result && "init" in result)
      return { status: result.init?.status ?? 200, body: result.data as never, location: null as string | null };
    return { status: 200, body: result as never, location: null as string | null };
  } catch (error) {
    if (error instanceof Response)
      return { status: error.status, body: null as never, location: error.headers.get("location") };
    throw error;
  }
}

describe("the Premium articles queue", () => {
  it("lists each published Premium listing with this month's state, the due first", async () => {
    const queue = await premiumArticleQueue(db(), { now: NOW, timeZone: TIME_ZONE });
    expect(queue.counts).toEqual({ total: 4, published: 1, draft: 1, due: 2 });
    expect(queue.items.map((r) => [r.name, r.article])).toEqual([
      ["Cedar Yoga", "due"],
      ["Dune Books", "due"],
      ["Birch Dental", "draft"],
      ["Aurora Bistro", "published"],
    ]);
    expect(queue.items.find((r) => r.name === "Aurora Bistro")?.post?.title).toBe("Aurora this month");
    // A month on, everyone is due again (the draft is still in progress).
    const december = await premiumArticleQueue(db(), { now: new Date("2026-12-02T18:00:00Z"), timeZone: TIME_ZONE });
    expect(december.counts).toEqual({ total: 4, published: 0, draft: 1, due: 3 });
  });

  it("is on /admin/blog for admins only, with the month named", async () => {
    const page = await outcome(() => loadAdminBlog({ request: request("admin", "/admin/blog"), context }));
    expect(page.status).toBe(200);
    const queue = (page.body as { queue: { month: string; counts: { due: number } } }).queue;
    expect(queue.month).toBe("November 2026");
    expect(queue.counts.due).toBe(2);
    const customer = await outcome(() => loadAdminBlog({ request: request("customer", "/admin/blog"), context }));
    expect([customer.status, customer.location]).toEqual([302, "/"]);
  });
});

describe("a post about a listing", () => {
  const fields = {
    title: "Dune Books turns ten",
    excerpt: "A decade of used books and readings.",
    body: "Ten years of books, readings and cats in the window.",
    category: "business-spotlights",
    author: "Maya Chen",
  };

  it("starts from the queue's link, is saved by the listing's link and resolves to its id", async () => {
    const editor = await outcome(() =>
      loadPostEditor({ request: request("admin", `/admin/blog/new?business=${ids.none}`), context, id: "new" }),
    );
    expect((editor.body as { business: { name: string } }).business.name).toBe("Dune Books");
    const saved = await outcome(() =>
      postEditorAction({
        request: request("admin", "/admin/blog/new", {
          intent: "publish",
          ...fields,
          business: `${ORIGIN}/business/${ids.none}`,
        }),
        context,
        id: "new",
      }),
    );
    expect(saved.status).toBe(302);
    const about = await postsAboutBusiness(db(), ids.none!);
    expect(about.map((p) => p.title)).toEqual(["Dune Books turns ten"]);
  });

  it("refuses a listing that doesn't exist, naming the field; customers can't post", async () => {
    const bad = await outcome(() =>
      postEditorAction({
        request: request("admin", "/admin/blog/new", {
          intent: "save",
          ...fields,
          business: "/business/no-such-place",
        }),
        context,
        id: "new",
      }),
    );
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain(UNKNOWN_BUSINESS);
    const customer = await outcome(() =>
      postEditorAction({
        request: request("customer", "/admin/blog/new", { intent: "publish", ...fields, business: ids.none! }),
        context,
        id: "new",
      }),
    );
    expect([customer.status, customer.location]).toEqual([302, "/"]);
  });

  it("is linked from the listing's page only once published", async () => {
    expect((await postsAboutBusiness(db(), ids.drafting!)).map((p) => p.title)).toEqual([]);
    expect((await postsAboutBusiness(db(), ids.done!)).map((p) => p.title)).toEqual(["Aurora this month"]);
    const pages = await pagesApp(ctx.services);
    // By id, as a post links it: the redirect to the page's slug, followed.
    const page = async (id: string) => {
      const moved = await pages.request(`${ORIGIN}/business/${id}`);
      expect(moved.status).toBe(301);
      return documentOf(await pages.request(`${ORIGIN}${moved.headers.get("location")}`));
    };
    const aurora = (await page(ids.done!)).querySelector("#in-the-blog");
    expect(textOf(aurora?.querySelector("h2") ?? null)).toBe("In the blog");
    expect(aurora?.querySelectorAll("a").map((a) => [textOf(a), a.getAttribute("href")])).toEqual([
      ["Aurora this month", "/blog/aurora-this-month"],
    ]);
    // A draft about it links nothing.
    expect((await page(ids.drafting!)).querySelector("#in-the-blog")).toBeNull();
  });
});
