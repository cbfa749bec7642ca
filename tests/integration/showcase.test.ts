import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessTestimonials, businessVideos } from "~/.server/db/schema";
import { loadShowcase, showcaseAction } from "~/routes/business-showcase.server";
import { createBusiness as insertBusiness } from "../support/factories";
import { documentOf, pagesApp } from "../support/page-app";
import { ORIGIN, listingHarness, settle, type ListingHarness, type Role } from "./listings-support";

/**
 * Testimonials and videos (issue 36): counted against the plan (testimonials 0/5/20, videos 0/3/20) on every write
 * path (the owner page's form and the API), refusals naming the plan that allows more, a downgrade hiding (never
 * deleting) what is over the allowance and an upgrade showing it again, the role matrix on every route and
 * operation, and what a visitor's business page shows: testimonials apart from reviews, a local poster per video and
 * no third-party frame before a press.
 */

let h: ListingHarness;
let pages: Awaited<ReturnType<typeof pagesApp>>;
beforeAll(async () => {
  h = await listingHarness();
  pages = await pagesApp(h.ctx.services);
}, 60_000);
afterAll(async () => {
  await h?.ctx.cleanup();
});

type Who = Role | "visitor";
const WHO: Who[] = ["visitor", "customer", "other", "owner", "admin"];
const db = () => h.ctx.database.db;

function api(who: Who, method: string, path: string, body?: unknown) {
  return h.as(who).request(`/api/v1${path}`, body === undefined ? { method } : { method, json: body });
}
async function errorOf(res: Response) {
  return ((await res.json()) as { error: { message: string; fields?: Record<string, string> } }).error;
}

const quote = (n: number) => ({ author: `Guest ${n}`, quote: `Lovely place, visit number ${n}.` });
const video = (n: number) => ({ url: `https://youtu.be/${"abcdefghij".slice(0, 10)}${n % 10}`, title: `Tour ${n}` });

async function listing(plan: "basic" | "featured" | "premium", name = `Spot ${plan} ${Math.random()}`) {
  return insertBusiness(db(), { name, ownerId: h.users.owner.id, plan });
}

async function seedItems(businessId: string, testimonials: number, videos: number) {
  if (testimonials)
    await db()
      .insert(businessTestimonials)
      .values(
        Array.from({ length: testimonials }, (_, i) => ({
          businessId,
          position: i,
          author: `Seeded ${i}`,
          body: `Seeded quote ${i}`,
        })),
      );
  if (videos)
    await db()
      .insert(businessVideos)
      .values(
        Array.from({ length: videos }, (_, i) => ({
          businessId,
          position: i,
          provider: "vimeo" as const,
          videoId: String(1000 + i),
          title: `Seeded video ${i}`,
        })),
      );
}

// --- the owner page (/business/edit/:id/showcase) ---

function req(who: Who, path: string, body?: FormData) {
  const headers = new Headers();
  if (who !== "visitor") headers.set("cookie", h.users[who].cookie);
  if (body) headers.set("origin", ORIGIN);
  return new Request(`${ORIGIN}${path}`, body ? { method: "POST", headers, body } : { headers });
}
function form(fields: Record<string, string>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  return fd;
}
type ActionOut = { data: { ok: boolean; result: { error?: Record<string, string[]> } }; init: { status?: number } };
async function postForm(who: Who, id: string, fields: Record<string, string>) {
  const path = `/business/edit/${id}/showcase`;
  return settle(
    showcaseAction({ request: req(who, path, form(fields)), context: h.routeContext, params: { id } }),
  ) as Promise<{ response?: Response; value?: ActionOut }>;
}
function formError(out: { value?: ActionOut }) {
  return out.value?.data.result.error?.[""]?.[0];
}

describe("the owner page", () => {
  it("loader: visitor → sign in; customer and another owner → Access Denied; the owner and admins see it", async () => {
    const spot = await listing("featured");
    await seedItems(spot.id, 2, 1);
    const path = `/business/edit/${spot.id}/showcase`;
    const load = (who: Who) =>
      settle(loadShowcase({ request: req(who, path), context: h.routeContext, params: { id: spot.id } }));
    const visitor = (await load("visitor")).response!;
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toBe(`/auth?redirectTo=${encodeURIComponent(path)}`);
    for (const who of ["customer", "other"] as const) {
      const out = (await load(who)).response!;
      expect(out.status, who).toBe(302);
      expect(out.headers.get("location"), who).toBe("/");
      expect(out.headers.getSetCookie().join(), who).toMatch(/near_notice=accessDenied/);
    }
    for (const who of ["owner", "admin"] as const) {
      const { value } = await load(who);
      expect(
        value?.testimonials.map((t) => t.author),
        who,
      ).toEqual(["Seeded 0", "Seeded 1"]);
      expect(value?.videos).toHaveLength(1);
      expect(value?.allowances.testimonials, who).toEqual({ plan: "featured", limit: 5, used: 2 });
      expect(value?.allowances.videos, who).toEqual({ plan: "featured", limit: 3, used: 1 });
    }
    const unknown = "00000000-0000-4000-8000-000000000000";
    const admin404 = await settle(
      loadShowcase({ request: req("admin", path), context: h.routeContext, params: { id: unknown } }),
    );
    expect(admin404.response?.status).toBe(404);
  });

  it("action: only the owner and admins write; nobody else's form changes anything", async () => {
    const spot = await listing("featured");
    const add = { intent: "add-testimonial", ...quote(1) };
    expect((await postForm("visitor", spot.id, add)).response?.status).toBe(302);
    for (const who of ["customer", "other"] as const) {
      const out = await postForm(who, spot.id, add);
      expect(out.response?.status, who).toBe(302);
      expect(out.response?.headers.getSetCookie().join(), who).toMatch(/near_notice=accessDenied/);
    }
    expect(await db().select().from(businessTestimonials).where(eq(businessTestimonials.businessId, spot.id))).toEqual(
      [],
    );
    expect((await postForm("owner", spot.id, add)).value?.data.ok).toBe(true);
    expect((await postForm("admin", spot.id, { ...add, author: "Admin's guest" })).value?.data.ok).toBe(true);
    const rows = await db().select().from(businessTestimonials).where(eq(businessTestimonials.businessId, spot.id));
    expect(rows.map((r) => r.author).sort()).toEqual(["Admin's guest", "Guest 1"]);

    // Edit and delete through the form; another owner's form can't reach the item.
    const [first] = rows.filter((r) => r.author === "Guest 1");
    const edit = {
      intent: "edit-testimonial",
      itemId: first!.id,
      author: "Guest One",
      quote: "Even better.",
      source: "Email",
    };
    expect((await postForm("other", spot.id, edit)).response?.status).toBe(302);
    expect((await postForm("owner", spot.id, edit)).value?.data.ok).toBe(true);
    const [edited] = await db().select().from(businessTestimonials).where(eq(businessTestimonials.id, first!.id));
    expect(edited).toMatchObject({ author: "Guest One", body: "Even better.", source: "Email", givenOn: null });
    expect((await postForm("owner", spot.id, { intent: "delete-testimonial", itemId: first!.id })).value?.data.ok).toBe(
      true,
    );
    expect(await db().select().from(businessTestimonials).where(eq(businessTestimonials.id, first!.id))).toEqual([]);

    // Videos: a link is read into provider and id; anything else is a 400 naming the field.
    const bad = await postForm("owner", spot.id, {
      intent: "add-video",
      url: "https://example.com/v/1",
      title: "Tour",
    });
    expect(bad.value?.init.status).toBe(400);
    expect(bad.value?.data.result.error?.url?.[0]).toMatch(/isn't a YouTube or Vimeo video link/);
    const ok = await postForm("owner", spot.id, {
      intent: "add-video",
      url: "https://www.youtube.com/shorts/aqz-KE-bpKQ",
      title: "Kitchen tour",
    });
    expect(ok.value?.data.ok).toBe(true);
    const [stored] = await db().select().from(businessVideos).where(eq(businessVideos.businessId, spot.id));
    expect(stored).toMatchObject({ provider: "youtube", videoId: "aqz-KE-bpKQ", title: "Kitchen tour" });
    expect((await postForm("owner", spot.id, { intent: "delete-video", itemId: stored!.id })).value?.data.ok).toBe(
      true,
    );
  });

  it("form: a Basic owner is refused naming Featured; a full Featured listing names Premium", async () => {
    const basic = await listing("basic");
    const refused = await postForm("owner", basic.id, { intent: "add-testimonial", ...quote(1) });
    expect(refused.value?.init.status).toBe(400);
    expect(formError(refused)).toBe("The Basic plan doesn't include testimonials. Upgrade to Featured for up to 5.");
    const noVideo = await postForm("owner", basic.id, { intent: "add-video", ...video(1) });
    expect(formError(noVideo)).toBe("The Basic plan doesn't include videos. Upgrade to Featured for up to 3.");

    const featured = await listing("featured");
    await seedItems(featured.id, 5, 3);
    expect(formError(await postForm("owner", featured.id, { intent: "add-testimonial", ...quote(6) }))).toBe(
      "The Featured plan includes 5 testimonials. Upgrade to Premium for up to 20.",
    );
    expect(formError(await postForm("owner", featured.id, { intent: "add-video", ...video(4) }))).toBe(
      "The Featured plan includes 3 videos. Upgrade to Premium for up to 20.",
    );
    // Admins are not limited.
    expect((await postForm("admin", featured.id, { intent: "add-video", ...video(4) })).value?.data.ok).toBe(true);
  });
});

// --- the API ---

describe("API role matrix", () => {
  it("every operation: visitor 401, customer and another owner 403, the owner and admins allowed", async () => {
    const spot = await listing("premium");
    const manage: Record<Who, number> = { visitor: 401, customer: 403, other: 403, owner: 200, admin: 200 };
    const created: Record<Who, number> = { ...manage, owner: 201, admin: 201 };
    for (const who of WHO) {
      // Public reads: anyone.
      expect((await api(who, "GET", `/businesses/${spot.id}/testimonials`)).status, who).toBe(200);
      expect((await api(who, "GET", `/businesses/${spot.slug}/videos`)).status, who).toBe(200);
      expect((await api(who, "GET", `/manage/businesses/${spot.id}/testimonials`)).status, who).toBe(manage[who]);
      expect((await api(who, "GET", `/manage/businesses/${spot.id}/videos`)).status, who).toBe(manage[who]);
      expect((await api(who, "POST", `/businesses/${spot.id}/testimonials`, quote(1))).status, who).toBe(created[who]);
      expect((await api(who, "POST", `/businesses/${spot.id}/videos`, video(1))).status, who).toBe(created[who]);
    }
    const [t] = await db().select().from(businessTestimonials).where(eq(businessTestimonials.businessId, spot.id));
    const [v] = await db().select().from(businessVideos).where(eq(businessVideos.businessId, spot.id));
    for (const who of WHO) {
      const put = await api(who, "PUT", `/businesses/${spot.id}/testimonials/${t!.id}`, { ...quote(2), author: who });
      expect(put.status, who).toBe(manage[who]);
      const patch = await api(who, "PATCH", `/businesses/${spot.id}/videos/${v!.id}`, { title: `By ${who}` });
      expect(patch.status, who).toBe(manage[who]);
    }
    const [after] = await db().select().from(businessTestimonials).where(eq(businessTestimonials.id, t!.id));
    expect(after?.author).toBe("admin");
    for (const who of WHO.filter((w) => manage[w] !== 200)) {
      expect((await api(who, "DELETE", `/businesses/${spot.id}/testimonials/${t!.id}`)).status, who).toBe(manage[who]);
      expect((await api(who, "DELETE", `/businesses/${spot.id}/videos/${v!.id}`)).status, who).toBe(manage[who]);
    }
    expect((await api("owner", "DELETE", `/businesses/${spot.id}/testimonials/${t!.id}`)).status).toBe(200);
    expect((await api("admin", "DELETE", `/businesses/${spot.id}/videos/${v!.id}`)).status).toBe(200);
    expect((await api("owner", "DELETE", `/businesses/${spot.id}/videos/${v!.id}`)).status).toBe(404);

    // An owner can't reach another listing's item through their own listing.
    const mine = await insertBusiness(db(), { name: "Other's Spot", ownerId: h.users.other.id, plan: "premium" });
    const [t2] = await db().select().from(businessTestimonials).where(eq(businessTestimonials.businessId, spot.id));
    expect((await api("other", "DELETE", `/businesses/${mine.id}/testimonials/${t2!.id}`)).status).toBe(404);
    expect(await db().select().from(businessTestimonials).where(eq(businessTestimonials.id, t2!.id))).toHaveLength(1);
    // Unknown and malformed ids.
    expect(
      (await api("admin", "POST", `/businesses/00000000-0000-4000-8000-000000000000/videos`, video(1))).status,
    ).toBe(404);
    expect((await api("owner", "POST", `/businesses/not-a-uuid/testimonials`, quote(1))).status).toBe(403);
    expect((await api("visitor", "GET", `/businesses/not-a-listing/testimonials`)).status).toBe(404);
  });

  it("public reads show only published listings", async () => {
    const pending = await insertBusiness(db(), {
      name: "Pending Place",
      ownerId: h.users.owner.id,
      plan: "featured",
      status: "pending",
    });
    await seedItems(pending.id, 1, 1);
    expect((await api("visitor", "GET", `/businesses/${pending.id}/testimonials`)).status).toBe(404);
    expect((await api("visitor", "GET", `/businesses/${pending.id}/videos`)).status).toBe(404);
    expect((await api("owner", "GET", `/manage/businesses/${pending.id}/videos`)).status).toBe(200);
    // A NUL can't be asked of PostgreSQL: a 404, not a 500.
    expect((await api("visitor", "GET", `/businesses/a%00b/testimonials`)).status).toBe(404);
  });
});

describe("API allowances and validation", () => {
  it("Basic is refused naming Featured, Featured's sixth names Premium, Premium's last says remove one", async () => {
    const basic = await listing("basic");
    const b = await api("owner", "POST", `/businesses/${basic.id}/testimonials`, quote(1));
    expect(b.status).toBe(400);
    expect(await errorOf(b)).toMatchObject({
      message: "The Basic plan doesn't include testimonials. Upgrade to Featured for up to 5.",
      fields: { testimonials: expect.any(String) },
    });
    const featured = await listing("featured");
    for (let i = 1; i <= 5; i++)
      expect((await api("owner", "POST", `/businesses/${featured.id}/testimonials`, quote(i))).status).toBe(201);
    const sixth = await api("owner", "POST", `/businesses/${featured.id}/testimonials`, quote(6));
    expect((await errorOf(sixth)).message).toBe(
      "The Featured plan includes 5 testimonials. Upgrade to Premium for up to 20.",
    );
    for (let i = 1; i <= 3; i++)
      expect((await api("owner", "POST", `/businesses/${featured.id}/videos`, video(i))).status).toBe(201);
    const fourth = await api("owner", "POST", `/businesses/${featured.id}/videos`, video(4));
    expect((await errorOf(fourth)).message).toBe(
      "The Featured plan includes 3 videos. Upgrade to Premium for up to 20.",
    );
    const premium = await listing("premium");
    await seedItems(premium.id, 20, 20);
    const over = await api("owner", "POST", `/businesses/${premium.id}/videos`, video(21));
    expect((await errorOf(over)).message).toBe("The Premium plan includes 20 videos. Remove a video to add another.");
    expect((await api("admin", "POST", `/businesses/${premium.id}/testimonials`, quote(21))).status).toBe(201);
  });

  it("refuses what isn't a YouTube or Vimeo link, unknown fields, control characters and bad dates, naming each", async () => {
    const spot = await listing("premium");
    const path = `/businesses/${spot.id}`;
    for (const url of ["https://example.com/watch?v=dQw4w9WgXcQ", "javascript:alert(1)", "https://vimeo.com/about"]) {
      const res = await api("owner", "POST", `${path}/videos`, { url, title: "Tour" });
      expect(res.status, url).toBe(400);
      expect((await errorOf(res)).fields?.url, url).toMatch(/isn't a YouTube or Vimeo video link/);
    }
    const extra = await api("owner", "POST", `${path}/videos`, { ...video(1), html: "<iframe>" });
    expect((await errorOf(extra)).fields).toHaveProperty("html");
    const nul = await api("owner", "POST", `${path}/testimonials`, { author: "A\u0000B", quote: "Fine." });
    expect((await errorOf(nul)).fields).toHaveProperty("author");
    const date = await api("owner", "POST", `${path}/testimonials`, { ...quote(1), givenOn: "2025-02-30" });
    expect((await errorOf(date)).fields).toHaveProperty("givenOn");
    const future = await api("owner", "POST", `${path}/testimonials`, { ...quote(1), givenOn: "2999-01-01" });
    expect((await errorOf(future)).fields).toHaveProperty("givenOn");
    const long = await api("owner", "POST", `${path}/testimonials`, { author: "A", quote: "x".repeat(1001) });
    expect((await errorOf(long)).fields).toHaveProperty("quote");
    const blank = await api("owner", "POST", `${path}/testimonials`, { author: "   ", quote: "Fine." });
    expect((await errorOf(blank)).fields).toHaveProperty("author");
    // Padded values are stored tidy.
    const tidy = await api("owner", "POST", `${path}/testimonials`, {
      author: `  Ada ${" ".repeat(500)}Lovelace  `,
      quote: "  Great\r\n\r\n\r\n\r\ncoffee.  ",
      source: "",
      givenOn: "2025-05-14",
    });
    expect(tidy.status).toBe(201);
    const body = (await tidy.json()) as {
      testimonials: { author: string; quote: string; source: null; givenOn: string }[];
    };
    expect(body.testimonials[0]).toMatchObject({
      author: "Ada Lovelace",
      quote: "Great\n\ncoffee.",
      source: null,
      givenOn: "2025-05-14",
    });
  });
});

describe("downgrade and upgrade", () => {
  it("hides what is over the new allowance (kept, marked for the owner) and shows it again on upgrade", async () => {
    const spot = await listing("premium");
    await seedItems(spot.id, 7, 4);
    const publicCounts = async () => {
      const t = (await (await api("visitor", "GET", `/businesses/${spot.id}/testimonials`)).json()) as {
        testimonials: { author: string }[];
      };
      const v = (await (await api("visitor", "GET", `/businesses/${spot.id}/videos`)).json()) as { videos: unknown[] };
      return [t.testimonials.length, v.videos.length];
    };
    expect(await publicCounts()).toEqual([7, 4]);
    expect((await api("admin", "PATCH", `/businesses/${spot.id}`, { plan: "featured" })).status).toBe(200);
    expect(await publicCounts()).toEqual([5, 3]);
    const managed = (await (await api("owner", "GET", `/manage/businesses/${spot.id}/testimonials`)).json()) as {
      testimonials: { author: string; hidden: boolean }[];
      allowance: unknown;
    };
    expect(managed.testimonials.map((t) => t.hidden)).toEqual([false, false, false, false, false, true, true]);
    expect(managed.allowance).toEqual({ plan: "featured", limit: 5, used: 7 });
    // Over the allowance: no more can be added, but the owner may still remove and edit.
    expect((await api("owner", "POST", `/businesses/${spot.id}/testimonials`, quote(8))).status).toBe(400);

    expect((await api("admin", "PATCH", `/businesses/${spot.id}`, { plan: "basic" })).status).toBe(200);
    expect(await publicCounts()).toEqual([0, 0]);
    const page = await documentOf(await pages.request(`${ORIGIN}/business/${spot.slug}`));
    expect(page.querySelector("#testimonials")).toBeNull();
    expect(page.querySelector("#videos")).toBeNull();
    // Nothing was deleted.
    expect(
      await db().select().from(businessTestimonials).where(eq(businessTestimonials.businessId, spot.id)),
    ).toHaveLength(7);
    expect(await db().select().from(businessVideos).where(eq(businessVideos.businessId, spot.id))).toHaveLength(4);

    expect((await api("admin", "PATCH", `/businesses/${spot.id}`, { plan: "premium" })).status).toBe(200);
    expect(await publicCounts()).toEqual([7, 4]);
  });
});

describe("the business page", () => {
  it("shows testimonials labelled as the business's, apart from reviews, and a local poster per video, no frame", async () => {
    const spot = await insertBusiness(db(), { name: "Poster Cafe", ownerId: h.users.owner.id, plan: "featured" });
    expect(
      (
        await api("owner", "POST", `/businesses/${spot.id}/testimonials`, {
          author: "City Paper",
          quote: "The best <b>espresso</b> in town.",
          source: "Food section",
          givenOn: "2025-03-01",
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await api("owner", "POST", `/businesses/${spot.id}/videos`, {
          url: "https://youtu.be/dQw4w9WgXcQ",
          title: "Latte art",
        })
      ).status,
    ).toBe(201);
    const res = await pages.request(`${ORIGIN}/business/${spot.slug}`);
    expect(res.status).toBe(200);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("frame-src https://www.youtube-nocookie.com https://player.vimeo.com");
    const html = await res.clone().text();
    const doc = await documentOf(res);
    const section = doc.querySelector("#testimonials")!;
    expect(section.querySelector("[data-testid=testimonials-note]")?.text).toBe(
      "Provided by Poster Cafe. These aren't customer reviews and don't count in the rating.",
    );
    // User text is text, never markup.
    expect(section.querySelector("blockquote")?.text).toBe("The best <b>espresso</b> in town.");
    expect(html).not.toContain("<b>espresso</b>");
    expect(section.querySelector("figcaption")?.text).toContain("City Paper, Food section");
    // Apart from the reviews, and not in the rating.
    expect(doc.querySelector("#reviews #testimonials")).toBeNull();
    expect(doc.querySelector("[data-testid=hero-review-count]")?.text).toBe("(0 reviews)");
    const poster = doc.querySelector("#videos a[data-testid=video-poster]")!;
    expect(poster.getAttribute("href")).toBe("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
    expect(poster.text).toContain("Latte art");
    expect(doc.querySelector("iframe")).toBeNull();
    // Nothing third-party loads before a press: no frame, image, script or stylesheet from another host (the
    // provider's names appear only as data: the poster's link and the JSON-LD).
    const external = doc
      .querySelectorAll("iframe[src], img[src], script[src], link[href], source[src], video[src]")
      .map((el) => el.getAttribute("src") ?? el.getAttribute("href") ?? "")
      .filter((url) => /^(https?:)?\/\//.test(url) && !url.startsWith(ORIGIN));
    expect(external).toEqual([]);
    const ld = doc
      .querySelectorAll('script[type="application/ld+json"]')
      .flatMap((s) => [JSON.parse(s.textContent) as unknown].flat()) as { "@type": string }[];
    expect(ld.find((o) => o["@type"] === "VideoObject")).toMatchObject({
      name: "Latte art",
      contentUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      embedUrl: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=0&rel=0",
    });
  });
});

describe("OpenAPI document", () => {
  it("documents every testimonial and video operation", async () => {
    const doc = (await (await h.visitor.request("/api/v1/openapi.json")).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const ops = (path: string) => Object.keys(doc.paths[path] ?? {}).sort();
    expect(ops("/businesses/{id}/testimonials")).toEqual(["get", "post"]);
    expect(ops("/businesses/{id}/testimonials/{testimonialId}")).toEqual(["delete", "put"]);
    expect(ops("/manage/businesses/{id}/testimonials")).toEqual(["get"]);
    expect(ops("/businesses/{id}/videos")).toEqual(["get", "post"]);
    expect(ops("/businesses/{id}/videos/{videoId}")).toEqual(["delete", "patch"]);
    expect(ops("/manage/businesses/{id}/videos")).toEqual(["get"]);
  });
});
