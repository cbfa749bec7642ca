import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogPosts } from "~/.server/db/schema";
import { createPost, setPublished } from "~/features/blog/mutations.server";
import { getPublishedPost, listPublishedPosts } from "~/features/blog/queries.server";
import { parseBlogFilters, postInputSchema } from "~/features/blog/schema";
import { adminBlogAction, loadAdminBlog, loadPostEditor, postEditorAction } from "~/routes/admin-blog.server";
import { loader as blogPostLoader } from "~/routes/blog-post";
import { createApp } from "../../server/http/app";
import { createTestServices } from "../support/services";
import { signedInUser } from "../support/users";

/** The blog: published posts from the database, filters and search, post pages, and the admin's editor. */

const ORIGIN = "http://near.test";
const DAY = 24 * 60 * 60 * 1000;
let ctx: Awaited<ReturnType<typeof createTestServices>>;
let context: AppLoadContext;
type Who = "visitor" | "customer" | "admin";
const cookies = {} as Record<Who, string>;
const db = () => ctx.database.db;
const ADMIN = { isAdmin: true };

const post = (over: Record<string, unknown> = {}) =>
  postInputSchema.parse({
    title: "A post",
    excerpt: "What this post is about.",
    body: "Some words about the city and its people.",
    category: "local-features",
    author: "Maya Chen",
    ...over,
  });

beforeAll(async () => {
  ctx = await createTestServices({ PUBLIC_URL: ORIGIN, AUTH_RATE_LIMIT: "false" });
  const app = createApp({ services: ctx.services });
  for (const who of ["customer", "admin"] as const) {
    const user = await signedInUser(app, db(), { admin: who === "admin" });
    cookies[who] = [...user.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  cookies.visitor = "";
  context = { ...ctx.services, db: db(), nonce: "", requestId: "t", clientIp: "127.0.0.1" } as AppLoadContext;
  const now = Date.now();
  const rows = [
    { title: "Best tacos in town", category: "local-features", daysAgo: 1 },
    { title: "Meet the bakers", category: "business-spotlights", daysAgo: 2, body: "Sourdough since 1975, 100% rye." },
    { title: "Reply to reviews", category: "marketing-tips", daysAgo: 3 },
    ...Array.from({ length: 8 }, (_, i) => ({
      title: `Tip number ${i + 1}`,
      category: "marketing-tips",
      daysAgo: 10 + i,
    })),
  ];
  for (const r of rows)
    await db()
      .insert(blogPosts)
      .values({
        ...post({ title: r.title, category: r.category, ...(r.body ? { body: r.body } : {}) }),
        slug: r.title.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
        status: "published",
        publishedAt: new Date(now - r.daysAgo * DAY),
      });
  await db()
    .insert(blogPosts)
    .values({ ...post({ title: "Secret draft" }), slug: "secret-draft", status: "draft" });
});
afterAll(async () => {
  await ctx?.cleanup();
});

function request(who: Who, path: string, body?: Record<string, string>) {
  const headers = new Headers();
  if (cookies[who]) headers.set("cookie", cookies[who]);
  if (!body) return new Request(`${ORIGIN}${path}`, { headers });
  headers.set("origin", ORIGIN);
  const form = new FormData();
  for (const [k, v] of Object.entries(body)) form.append(k, v);
  return new Request(`${ORIGIN}${path}`, { method: "POST", headers, body: form });
}

async function run(fn: () => Promise<unknown>) {
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

const list = async (q: string) => listPublishedPosts(db(), parseBlogFilters(new URLSearchParams(q)));
const titles = async (q: string) => (await list(q)).items.map((p) => p.title);

describe("the blog list", () => {
  it("shows published posts newest first, seven a page, with counts per category", async () => {
    const first = await list("");
    expect(first.items.map((p) => p.title).slice(0, 3)).toEqual([
      "Best tacos in town",
      "Meet the bakers",
      "Reply to reviews",
    ]);
    expect(first).toMatchObject({ total: 11, pageCount: 2, page: 1 });
    expect(first.items).toHaveLength(7);
    expect(first.counts).toEqual({ "local-features": 1, "business-spotlights": 1, "marketing-tips": 9 });
    expect((await list("page=2")).items).toHaveLength(4);
    expect(await titles("")).not.toContain("Secret draft");
  });

  it("filters by category and searches title, excerpt, body and author (wildcards are literal)", async () => {
    expect(await titles("category=business-spotlights")).toEqual(["Meet the bakers"]);
    expect(await titles("q=sourdough")).toEqual(["Meet the bakers"]);
    expect(await titles("q=100%25")).toEqual(["Meet the bakers"]);
    expect(await titles("q=%25%25%25")).toEqual([]);
    expect(await titles("q=TACOS&category=marketing-tips")).toEqual([]);
    expect(await titles("category=nope&page=-1")).toHaveLength(7); // bad values fall back
  });

  it("serves a published post by slug with its reading time; drafts and unknown slugs are 404", async () => {
    const found = await getPublishedPost(db(), "meet-the-bakers");
    expect(found?.post).toMatchObject({ title: "Meet the bakers", minutes: 1 });
    expect(found?.more).toHaveLength(3);
    for (const slug of ["secret-draft", "no-such-post", "%00"]) {
      const res = await run(() =>
        blogPostLoader({ params: { slug }, context, request: request("visitor", `/blog/${slug}`) } as never),
      );
      expect(res.status, slug).toBe(404);
    }
  });
});

describe("admin: write, preview, publish, unpublish", () => {
  it("keeps signed-out visitors and non-admins out of every admin route", async () => {
    expect((await run(() => loadAdminBlog({ request: request("visitor", "/admin/blog"), context }))).location).toMatch(
      /^\/auth/,
    );
    for (const attempt of [
      () => loadAdminBlog({ request: request("customer", "/admin/blog"), context }),
      () => loadPostEditor({ request: request("customer", "/admin/blog/new"), context, id: "new" }),
      () =>
        postEditorAction({
          request: request("customer", "/admin/blog/new", { intent: "publish", ...stringify(post()) }),
          context,
          id: "new",
        }),
      () =>
        adminBlogAction({ request: request("customer", "/admin/blog", { intent: "delete", postId: "x" }), context }),
    ]) {
      const res = await run(attempt);
      expect(res.status).toBe(302);
      expect(res.location).toBe("/");
    }
    await expect(createPost(db(), { isAdmin: false }, post())).rejects.toMatchObject({ code: "forbidden" });
  });

  it("previews without storing, saves a draft, publishes and unpublishes", async () => {
    const fields = stringify(
      post({ title: "Harvest festival guide", body: "## Plan\n\n<script>alert(1)</script> Go **early**." }),
    );
    const preview = await run(() =>
      postEditorAction({
        request: request("admin", "/admin/blog/new", { intent: "preview", ...fields }),
        context,
        id: "new",
      }),
    );
    expect(preview.body).toMatchObject({ kind: "preview" });
    const html = (preview.body as { html: string }).html;
    expect(html).toContain("<h2>Plan</h2>");
    expect(html).toContain("&lt;script&gt;");
    expect(html).not.toContain("<script>");
    expect(await titles("q=harvest")).toEqual([]);

    const saved = await run(() =>
      postEditorAction({
        request: request("admin", "/admin/blog/new", { intent: "save", ...fields }),
        context,
        id: "new",
      }),
    );
    expect(saved.status).toBe(302);
    const id = saved.location!.match(/\/admin\/blog\/([0-9a-f-]{36})\?saved=draft$/)![1]!;
    expect(await titles("q=harvest")).toEqual([]); // a draft is private
    expect(await getPublishedPost(db(), "harvest-festival-guide")).toBeNull();

    const published = await run(() =>
      adminBlogAction({ request: request("admin", "/admin/blog", { intent: "publish", postId: id }), context }),
    );
    expect(published.body).toMatchObject({ ok: true, message: "Post published." });
    expect(await titles("q=harvest")).toEqual(["Harvest festival guide"]);

    const edited = await run(() =>
      postEditorAction({
        request: request("admin", `/admin/blog/${id}`, {
          intent: "save",
          ...fields,
          title: "Harvest festival guide 2026",
        }),
        context,
        id,
      }),
    );
    expect(edited.body).toMatchObject({ kind: "saved", message: "Changes saved." });
    expect(await titles("q=harvest")).toEqual(["Harvest festival guide 2026"]);

    await run(() =>
      adminBlogAction({ request: request("admin", "/admin/blog", { intent: "unpublish", postId: id }), context }),
    );
    expect(await titles("q=harvest")).toEqual([]);
  });

  it("validates with the form's messages and refuses a slug another post has", async () => {
    const bad = await run(() =>
      postEditorAction({
        request: request("admin", "/admin/blog/new", {
          intent: "save",
          title: "",
          excerpt: "x",
          body: "",
          category: "gossip",
          author: "A",
          slug: "Not A Slug",
        }),
        context,
        id: "new",
      }),
    );
    expect(bad.status).toBe(400);
    const errors = (bad.body as { result: { error: Record<string, string[]> } }).result.error;
    expect(errors.title).toEqual(["Title is required."]);
    expect(errors.category).toEqual(["Choose a category."]);
    expect(errors.slug).toEqual(["Slug may use lower-case letters, digits and single hyphens."]);
    const taken = await run(() =>
      postEditorAction({
        request: request("admin", "/admin/blog/new", {
          intent: "save",
          ...stringify(post({ slug: "meet-the-bakers" })),
        }),
        context,
        id: "new",
      }),
    );
    expect(taken.status).toBe(409);
    // Without an explicit slug, a free one is made from the title.
    const a = await createPost(db(), ADMIN, post({ title: "Same title" }));
    const b = await createPost(db(), ADMIN, post({ title: "Same title" }));
    expect([a.slug, b.slug]).toEqual(["same-title", "same-title-2"]);
    await setPublished(db(), ADMIN, b.id, true);
    expect((await getPublishedPost(db(), "same-title-2"))?.post.title).toBe("Same title");
  });
});

function stringify(input: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(input).map(([k, v]) => [k, String(v ?? "")]));
}
