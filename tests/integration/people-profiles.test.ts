import fs from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventRsvps, events, favorites, peopleProfiles, reviews, users } from "~/.server/db/schema";
import { RateLimiter } from "~/.server/rate-limit";
import { displayName, handleBase, initialsOf } from "~/features/people/names";
import { PROFILE_INTENT } from "~/features/people/constants";
import { browserSession } from "../support/auth-http";
import { createBusiness } from "../support/factories";
import { documentOf, pagesApp, textOf } from "../support/page-app";
import { createTestServices } from "../support/services";
import { signedInUser } from "../support/users";
import { sitemapChildEntries, sitemapChildren } from "~/features/seo/sitemap.server";

/**
 * Reviewer profiles (issue 41): handles for every account, the public page at /people/<handle> (counts, the rating
 * spread, helpful votes, reviews newest first, paged), what it never shows (email, saved businesses, RSVPs unless
 * chosen), the settings form (the signed-in account's own, rate limited), review authors linking to it, the export,
 * and a deleted account's profile gone.
 */

const ORIGIN = "http://near.test";
let ctx: Awaited<ReturnType<typeof createTestServices>>;
let app: Awaited<ReturnType<typeof pagesApp>>;
type Client = Awaited<ReturnType<typeof signedInUser>>;
let maria: Client;
let mariaTwo: Client;
let otto: Client;
const db = () => ctx.database.db;
const ids = {} as Record<"cafe" | "bakery" | "bar" | "pending" | "secret" | "event", string>;
const slugs = {} as Record<"cafe" | "bakery", string>;

const handleOf = async (userId: string) =>
  (
    await db().select({ handle: peopleProfiles.handle }).from(peopleProfiles).where(eq(peopleProfiles.userId, userId))
  )[0]?.handle;

function form(fields: Record<string, string>) {
  const body = new URLSearchParams(fields);
  return { method: "POST", body, headers: { "content-type": "application/x-www-form-urlencoded" } };
}

const saveProfile = (client: { request: Client["request"] }, fields: Record<string, string>) =>
  client.request("/account/settings", form({ intent: PROFILE_INTENT, ...fields }));

async function page(path: string, client?: Client) {
  const res = client ? await client.request(path) : await app.request(`${ORIGIN}${path}`);
  const html = await res.clone().text();
  return { res, html, doc: await documentOf(res) };
}

beforeAll(async () => {
  ctx = await createTestServices({ PUBLIC_URL: ORIGIN, AUTH_RATE_LIMIT: "false", PAGE_CACHE_SECONDS: "0" });
  app = await pagesApp(ctx.services);
  maria = await signedInUser(app, db(), { name: "Maria Garcia" });
  mariaTwo = await signedInUser(app, db(), { name: "María  Gómez" });
  otto = await signedInUser(app, db(), { name: "Otto Other" });
  const cafe = await createBusiness(db(), { name: "Bean There Cafe" });
  ids.cafe = cafe.id;
  slugs.cafe = cafe.slug;
  const bakery = await createBusiness(db(), { name: "Rise Bakery" });
  ids.bakery = bakery.id;
  slugs.bakery = bakery.slug;
  ids.bar = (await createBusiness(db(), { name: "Corner Bar" })).id;
  ids.pending = (await createBusiness(db(), { name: "Pending Place", status: "pending" })).id;
  ids.secret = (await createBusiness(db(), { name: "Secret Saved Spot" })).id;
  const day = 86_400_000;
  const at = (daysAgo: number) => new Date(Date.now() - daysAgo * day);
  await db()
    .insert(reviews)
    .values([
      // Shown: three visible reviews of public listings (5, 4, 4 stars; 3 + 2 + 0 helpful votes).
      {
        businessId: ids.cafe,
        userId: maria.id,
        author: "Maria Garcia",
        rating: 5,
        content: "Best flat white in town.",
        helpfulCount: 3,
        createdAt: at(1),
        updatedAt: at(1),
      },
      {
        businessId: ids.bakery,
        userId: maria.id,
        author: "Maria Garcia",
        rating: 4,
        content: "Lovely sourdough, long queue.",
        helpfulCount: 2,
        createdAt: at(5),
        updatedAt: at(5),
      },
      {
        businessId: ids.bar,
        userId: maria.id,
        author: "Maria Garcia",
        rating: 4,
        content: "Friendly bartenders and a quiz night.",
        createdAt: at(9),
        updatedAt: at(9),
      },
      // Not shown: a review hidden by a moderator, and one of a listing that isn't public.
      {
        businessId: ids.secret,
        userId: maria.id,
        author: "Maria Garcia",
        rating: 1,
        content: "HIDDEN REVIEW TEXT",
        status: "hidden",
        helpfulCount: 40,
      },
      {
        businessId: ids.pending,
        userId: maria.id,
        author: "Maria Garcia",
        rating: 2,
        content: "PENDING LISTING REVIEW",
        helpfulCount: 50,
      },
      // Someone else's review of the same cafe.
      { businessId: ids.cafe, userId: otto.id, author: "Otto Other", rating: 2, content: "Too loud for me." },
    ]);
  // Private: her saved business and an RSVP.
  await db().insert(favorites).values({ userId: maria.id, businessId: ids.secret });
  const [event] = await db()
    .insert(events)
    .values({
      title: "Riverside Jazz Evening",
      description: "Live music by the river.",
      venue: "Riverside Park",
      city: "Springfield",
      citySlug: "springfield",
      category: "music",
      status: "approved",
      startsAt: new Date(Date.now() + 3 * day),
      endsAt: new Date(Date.now() + 3 * day + 2 * 3600_000),
    })
    .returning({ id: events.id });
  ids.event = event!.id;
  await db().insert(eventRsvps).values({ eventId: ids.event, userId: maria.id });
});
afterAll(async () => {
  await ctx?.cleanup();
});

describe("handles", () => {
  it("makes a stable, URL-safe handle from the first name and last initial, unique per account", async () => {
    expect(await handleOf(maria.id)).toBe("maria-g");
    // The same base, accents folded: a suffix keeps it unique.
    expect(await handleOf(mariaTwo.id)).toMatch(/^maria-g-[a-z0-9]{4,6}$/);
    expect(await handleOf(otto.id)).toBe("otto-o");
    expect(handleBase("José Núñez")).toBe("jose-n");
    expect(handleBase("  Prince  ")).toBe("prince");
    expect(handleBase("李 小龙")).toBe("member");
    expect(handleBase("Anne-Marie O'Neil")).toBe("anne-marie-o");
  });

  it("the database refuses a second account with the same handle", async () => {
    await expect(
      db().update(peopleProfiles).set({ handle: "maria-g" }).where(eq(peopleProfiles.userId, otto.id)),
    ).rejects.toThrow();
    await expect(
      db().update(peopleProfiles).set({ handle: "Not A Handle" }).where(eq(peopleProfiles.userId, otto.id)),
    ).rejects.toThrow();
    expect(await handleOf(otto.id)).toBe("otto-o");
  });

  it("the migration gives every existing account one, as the app would", async () => {
    const statements = fs.readFileSync("drizzle/0046_people_profiles.sql", "utf8").split("--> statement-breakpoint");
    const [bylines, backfill] = statements.slice(-2) as [string, string];
    const rollback = new Error("rollback");
    let made: { name: string; handle: string }[] = [];
    let byline = "";
    await expect(
      db().transaction(async (tx) => {
        await tx.insert(users).values([
          { id: "old-1", name: "José  Núñez", email: "old1@example.com", createdAt: new Date(0) },
          { id: "old-2", name: "Maria Gutierrez", email: "old2@example.com" },
          { id: "old-3", name: "李 小龙", email: "old3@example.com" },
        ]);
        await tx
          .insert(reviews)
          .values({ businessId: ids.bar, userId: "old-2", author: "Maria Gutierrez", rating: 3, content: "Old." });
        await tx.delete(peopleProfiles);
        await tx.execute(sql.raw(bylines));
        byline = (await tx.select({ author: reviews.author }).from(reviews).where(eq(reviews.userId, "old-2")))[0]!
          .author;
        await tx.execute(sql.raw(backfill));
        made = await tx
          .select({ name: users.name, handle: peopleProfiles.handle })
          .from(peopleProfiles)
          .innerJoin(users, eq(users.id, peopleProfiles.userId));
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    const handles = Object.fromEntries(made.map((m) => [m.name, m.handle]));
    expect(handles["José  Núñez"]).toBe("jose-n");
    expect(handles["李 小龙"]).toBe("member");
    expect(handles["Otto Other"]).toBe("otto-o");
    // Two Maria G.s: the older keeps the plain handle.
    expect(handles["Maria Garcia"]).toBe("maria-g");
    expect(handles["Maria Gutierrez"]).toMatch(/^maria-g-[0-9a-f]{6}$/);
    expect(new Set(made.map((m) => m.handle)).size).toBe(made.length);
    expect(await handleOf(maria.id)).toBe("maria-g");
    expect(byline).toBe("Maria G.");
  });

  it("keeps the handle when the name changes", async () => {
    const res = await otto.request("/api/auth/update-user", { method: "POST", json: { name: "Otto Renamed" } });
    expect(res.status).toBe(200);
    expect(await handleOf(otto.id)).toBe("otto-o");
    await otto.request("/api/auth/update-user", { method: "POST", json: { name: "Otto Other" } });
  });

  it("shows names as chosen", () => {
    expect(displayName("Maria Garcia", "first_initial")).toBe("Maria G.");
    expect(displayName("Maria de la Garcia", "first_initial")).toBe("Maria G.");
    expect(displayName("Maria Garcia", "first")).toBe("Maria");
    expect(displayName("Maria Garcia", "full")).toBe("Maria Garcia");
    expect(displayName("Cher", "first_initial")).toBe("Cher");
    expect(initialsOf("Maria G.")).toBe("MG");
  });
});

describe("the profile page", () => {
  it("shows the name, member since, counts, the rating spread and helpful votes received", async () => {
    const { res, doc } = await page("/people/maria-g");
    expect(res.status).toBe(200);
    expect(textOf(doc.querySelector("h1"))).toBe("Maria G.");
    expect(textOf(doc.querySelector("[data-testid=person-avatar]"))).toBe("MG");
    const month = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" }).format(
      new Date(),
    );
    expect(textOf(doc.querySelector("[data-testid=member-since]"))).toBe(`Member since ${month}`);
    const stats = doc
      .querySelectorAll("[data-testid=profile-header] dl > div")
      .map((d) => `${textOf(d.querySelector("dt"))}: ${textOf(d.querySelector("dd"))}`);
    expect(stats).toEqual(["Reviews: 3", "Average rating: 4.3", "Helpful votes received: 5"]);
    const spread = doc.querySelectorAll("[data-testid=rating-distribution] li").map((li) => textOf(li));
    expect(spread[0]).toMatch(/^5 stars: 1 review/);
    expect(spread[1]).toMatch(/^4 stars: 2 reviews/);
    expect(spread[4]).toMatch(/^1 star: 0 reviews/);
    // Newest first, only visible reviews of public listings.
    const cards = doc.querySelectorAll("[data-testid=person-review]");
    expect(cards.map((c) => textOf(c.querySelector("h3")))).toEqual(["Bean There Cafe", "Rise Bakery", "Corner Bar"]);
    expect(textOf(cards[0])).toContain("3 people found this helpful");
  });

  it("never shows the email, saved businesses, hidden reviews or RSVPs (RSVPs are off by default)", async () => {
    for (const path of ["/people/maria-g", "/people/maria-g.data"]) {
      const { html } = await page(path);
      expect(html).not.toContain(maria.email);
      expect(html).not.toContain(maria.id);
      expect(html).not.toContain("Secret Saved Spot");
      expect(html).not.toContain("HIDDEN REVIEW TEXT");
      expect(html).not.toContain("PENDING LISTING REVIEW");
      expect(html).not.toContain("Riverside Jazz Evening");
      expect(html).not.toContain("Garcia");
    }
  });

  it("has the title, the canonical address, and is indexed only with reviews", async () => {
    const { doc } = await page("/people/maria-g?page=1");
    expect(textOf(doc.querySelector("title"))).toMatch(/^Maria G\. — Reviews \| Near /);
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(`${ORIGIN}/people/maria-g`);
    expect(doc.querySelector('meta[name="robots"]')).toBeNull();
    const handle = (await handleOf(mariaTwo.id))!;
    const empty = await page(`/people/${handle}`);
    expect(empty.res.status).toBe(200);
    expect(empty.doc.querySelector('meta[name="robots"]')?.getAttribute("content")).toBe("noindex, follow");
    expect(textOf(empty.doc.querySelector("main, body"))).toContain("hasn't written any reviews yet");
  });

  it("is in the sitemap with reviews, and not without", async () => {
    expect(await sitemapChildren(db())).toContainEqual({ name: "people", page: 1 });
    const entries = (await sitemapChildEntries(db(), "people", 1))!;
    const paths = entries.map((e) => e.path);
    expect(paths).toContain("/people/maria-g");
    expect(paths).not.toContain(`/people/${(await handleOf(mariaTwo.id))!}`);
    expect(entries.find((e) => e.path === "/people/maria-g")?.lastmod).toBeInstanceOf(Date);
    expect(await sitemapChildEntries(db(), "people", 2)).toBeNull();
  });

  it("pages the reviews with the site's pagination, newest first", async () => {
    const extra = await signedInUser(app, db(), { name: "Paula Pages" });
    const many = await Promise.all(
      Array.from({ length: 12 }, (_, i) => createBusiness(db(), { name: `Paged Place ${String(i).padStart(2, "0")}` })),
    );
    await db()
      .insert(reviews)
      .values(
        many.map((b, i) => ({
          businessId: b.id,
          userId: extra.id,
          author: "Paula Pages",
          rating: 3,
          content: `Review ${i}`,
          createdAt: new Date(Date.now() - i * 60_000),
        })),
      );
    const first = await page("/people/paula-p");
    expect(first.doc.querySelectorAll("[data-testid=person-review]")).toHaveLength(10);
    expect(first.doc.querySelector('nav[aria-label="Pagination"] a[rel="next"]')?.getAttribute("href")).toBe(
      "/people/paula-p?page=2",
    );
    const second = await page("/people/paula-p?page=2");
    expect(second.doc.querySelectorAll("[data-testid=person-review] h3").map((h) => textOf(h))).toEqual([
      "Paged Place 10",
      "Paged Place 11",
    ]);
  });

  it("is a 404 for an unknown handle or one that can't be a handle", async () => {
    for (const path of ["/people/nobody-here", "/people/Maria_G", "/people/%E2%80%AE"]) {
      const { res, doc } = await page(path);
      expect(res.status, path).toBe(404);
      expect(textOf(doc.querySelector("h1"))).toBe("Profile Not Found");
    }
  });
});

describe("settings", () => {
  it("the account page shows the profile link and the current choices", async () => {
    const { res, doc } = await page("/account/settings", maria);
    expect(res.status).toBe(200);
    expect(doc.querySelector("[data-testid=profile-link]")?.getAttribute("href")).toBe("/people/maria-g");
    expect(doc.querySelector('input[name="nameDisplay"][value="first_initial"]')?.hasAttribute("checked")).toBe(true);
    expect(doc.querySelector('input[name="showRsvps"]')?.hasAttribute("checked")).toBe(false);
  });

  it("saves the name choice, the city and the RSVP toggle; RSVPs then show", async () => {
    const res = await saveProfile(maria, { nameDisplay: "full", city: "  Springfield   Heights ", showRsvps: "on" });
    expect(res.status).toBe(200);
    const { doc, html } = await page("/people/maria-g");
    expect(textOf(doc.querySelector("h1"))).toBe("Maria Garcia");
    expect(textOf(doc.querySelector("[data-testid=person-city]"))).toBe("Springfield Heights");
    expect(textOf(doc.querySelector("[data-testid=person-rsvps]"))).toContain("Riverside Jazz Evening");
    expect(html).not.toContain(maria.email);
    expect(html).not.toContain("Secret Saved Spot");
    // Off again, the RSVPs go; an empty city clears it.
    await saveProfile(maria, { nameDisplay: "first", city: "" });
    const after = await page("/people/maria-g");
    expect(textOf(after.doc.querySelector("h1"))).toBe("Maria");
    expect(after.html).not.toContain("Riverside Jazz Evening");
    expect(after.doc.querySelector("[data-testid=person-city]")).toBeNull();
  });

  it("refuses a bad choice or a city too long, changing nothing", async () => {
    const bad = await saveProfile(maria, { nameDisplay: "email", city: "x".repeat(81) });
    expect(bad.status).toBe(400);
    expect(textOf((await page("/people/maria-g")).doc.querySelector("h1"))).toBe("Maria");
  });

  it("another user can only ever change their own profile; a visitor none", async () => {
    // Whatever the form names, the profile is the session's.
    await saveProfile(otto, { nameDisplay: "full", city: "Hacked City", userId: maria.id, handle: "maria-g" });
    expect(textOf((await page("/people/maria-g")).doc.querySelector("h1"))).toBe("Maria");
    expect(textOf((await page("/people/otto-o")).doc.querySelector("[data-testid=person-city]"))).toBe("Hacked City");
    const visitor = browserSession(app, ORIGIN);
    const res = await saveProfile(visitor, { nameDisplay: "full", city: "Visitor City" });
    expect([302, 303]).toContain(res.status);
    expect(res.headers.get("location")).toMatch(/^\/auth/);
    const [row] = await db().select().from(peopleProfiles).where(eq(peopleProfiles.userId, maria.id));
    expect(row).toMatchObject({ nameDisplay: "first", city: null, showRsvps: false });
  });

  it("rate limits the settings writes like other account writes", async () => {
    const limits = ctx.services.limits;
    const before = limits.profileWrites;
    limits.profileWrites = new RateLimiter(1, 60_000);
    try {
      expect((await saveProfile(otto, { nameDisplay: "first_initial", city: "" })).status).toBe(200);
      const limited = await saveProfile(otto, { nameDisplay: "full", city: "" });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(textOf((await documentOf(limited)).querySelector("[role=alert]"))).toMatch(/too quickly/);
    } finally {
      limits.profileWrites = before;
    }
  });
});

describe("review authors link to profiles", () => {
  it("on the business page, and in the API", async () => {
    const { doc } = await page(`/business/${slugs.cafe}`);
    const links = doc.querySelectorAll("[data-testid=review-author]");
    const byHref = links.map((a) => [textOf(a), a.getAttribute("href")]);
    // The bylines follow the choices saved above: Maria's first name only, Otto's first name and initial.
    expect(byHref).toContainEqual(["Maria", "/people/maria-g"]);
    expect(byHref).toContainEqual(["Otto O.", "/people/otto-o"]);
    const api = (await (await app.request(`${ORIGIN}/api/v1/businesses/${ids.cafe}/reviews`)).json()) as {
      items: { author: string; authorHandle: string | null }[];
    };
    expect(api.items.map((r) => r.authorHandle).sort()).toEqual(["maria-g", "otto-o"]);
    // The page's JSON-LD names the same profiles.
    const ld = doc
      .querySelectorAll('script[type="application/ld+json"]')
      .map((el) => JSON.parse(el.textContent) as { "@type"?: string; review?: { author: { url?: string } }[] })
      .find((o) => o.review);
    expect(ld?.review?.map((r) => r.author.url).sort()).toEqual([
      `${ORIGIN}/people/maria-g`,
      `${ORIGIN}/people/otto-o`,
    ]);
  });

  it("a new review's byline is the name as the profile shows it", async () => {
    const writer = await signedInUser(app, db(), { name: "Wanda Writer" });
    const res = await writer.request(`/api/v1/businesses/${ids.bar}/reviews/mine`, {
      method: "PUT",
      json: { rating: 5, content: "A proper pub with a warm welcome." },
    });
    expect(res.status).toBe(201);
    const bylineOf = async () =>
      (await db().select({ author: reviews.author }).from(reviews).where(eq(reviews.userId, writer.id)))[0]?.author;
    expect(await bylineOf()).toBe("Wanda W.");
    await saveProfile(writer, { nameDisplay: "full", city: "" });
    expect(await bylineOf()).toBe("Wanda Writer");
  });

  it("a review without an account (the demo city's) has no link", async () => {
    await db().insert(reviews).values({ businessId: ids.bakery, author: "Guest Writer", rating: 4, content: "Nice." });
    const { doc } = await page(`/business/${slugs.bakery}`);
    const guest = doc.querySelectorAll("[data-testid=review-author]").find((a) => textOf(a) === "Guest Writer");
    expect(guest?.tagName).toBe("SPAN");
  });
});

describe("export and deletion", () => {
  it("the export holds the profile", async () => {
    const res = await maria.request("/account/export");
    const body = (await res.json()) as { profile: Record<string, unknown> };
    expect(body.profile).toMatchObject({ handle: "maria-g", nameDisplay: "first", city: null, showRsvps: false });
  });

  it("a deleted account has no profile: a 404, the handle gone", async () => {
    const doomed = await signedInUser(app, db(), { name: "Dora Deleted" });
    await db()
      .insert(reviews)
      .values({ businessId: ids.bar, userId: doomed.id, author: "Dora", rating: 5, content: "x" });
    expect((await page("/people/dora-d")).res.status).toBe(200);
    const res = await doomed.request(
      "/account/settings",
      form({ intent: "delete-account", confirmEmail: doomed.email }),
    );
    expect([302, 303]).toContain(res.status);
    expect(await db().select().from(users).where(eq(users.id, doomed.id))).toEqual([]);
    expect(await handleOf(doomed.id)).toBeUndefined();
    expect((await page("/people/dora-d")).res.status).toBe(404);
  });
});

describe("with the page cache on", () => {
  let cached: Awaited<ReturnType<typeof createTestServices>>;
  afterAll(async () => {
    await cached?.cleanup();
  });

  it("a settings change shows on the next anonymous page, not after the cache's time", async () => {
    cached = await createTestServices({ PUBLIC_URL: ORIGIN, AUTH_RATE_LIMIT: "false", PAGE_CACHE_SECONDS: "60" });
    const cachedApp = await pagesApp(cached.services);
    const person = await signedInUser(cachedApp, cached.database.db, { name: "Cache Person" });
    const anon = async () => documentOf(await cachedApp.request(`${ORIGIN}/people/cache-p`));
    expect(textOf((await anon()).querySelector("h1"))).toBe("Cache P.");
    const first = await cachedApp.request(`${ORIGIN}/people/cache-p`);
    expect(first.headers.get("age")).not.toBeNull();
    await saveProfile(person, { nameDisplay: "full", city: "Cachetown" });
    const after = await anon();
    expect(textOf(after.querySelector("h1"))).toBe("Cache Person");
    expect(textOf(after.querySelector("[data-testid=person-city]"))).toBe("Cachetown");
  });
});
