import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogPosts, businesses, businessImages } from "~/.server/db/schema";
import {
  businessBreadcrumbs,
  businessJsonLd,
  businessSchemaType,
  itemListJsonLd,
  websiteJsonLd,
} from "~/features/seo/json-ld";
import { JsonLd } from "~/features/seo/json-ld-script";
import { businessPageRange, sitemapChildEntries, sitemapChildren } from "~/features/seo/sitemap.server";
import { loadBusinessPage } from "~/routes/business.server";
import { loadReviewsSection } from "~/routes/business-reviews.server";
import { BLOG_CATEGORIES } from "~/lib/catalogue";
import { createApp } from "../../server/http/app";
import { listen } from "../../server/http/serve";
import { addReviews, createBusiness } from "../support/factories";
import { createTestServices } from "../support/services";

/**
 * Search engines and sharing: the JSON-LD of a business page (shape checked
 * against the schema.org properties of each type, escaped inside its
 * <script>), the sitemap index and its paged children (every published
 * business, nothing else), robots.txt, and HEAD answering like GET.
 */

const PUBLIC_URL = "https://near.example";
let ctx: Awaited<ReturnType<typeof createTestServices>>;
let app: ReturnType<typeof createApp>;
let context: AppLoadContext;
const db = () => ctx.database.db;

const ids = { restaurant: "", store: "", plumber: "", venue: "", pending: "", suspended: "", rejected: "" };
/** The restaurant's slug: its page's one address (issue 40, defect 10). */
let restaurantSlug = "";
const HOSTILE_NAME = `Luna's </script><script>alert("x")</script> <!-- Bar & Grill`;

function tomorrow() {
  return new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
}

beforeAll(async () => {
  ctx = await createTestServices({ PUBLIC_URL });
  app = createApp({ services: ctx.services });
  context = { ...ctx.services, db: db(), nonce: "", requestId: "test", clientIp: "127.0.0.1" };

  const restaurant = await createBusiness(db(), {
    name: HOSTILE_NAME,
    category: "restaurants",
    cuisine: "italian",
    priceRange: "$$",
    description: "Wood-fired pizza until late.",
    phone: "(217) 555-0101",
    website: "https://luna.example",
    latitude: 39.8,
    longitude: -89.65,
    // Weekdays 11–22, Friday and Saturday past midnight, Sunday closed.
    hours: [
      { day: 0, open: null, close: null, isClosed: true },
      ...[1, 2, 3, 4].map((day) => ({ day, open: "11:00", close: "22:00" })),
      { day: 5, open: "18:00", close: "02:00" },
      { day: 6, open: "18:00", close: "02:00" },
    ],
    special: [{ date: tomorrow(), isClosed: true }],
  });
  ids.restaurant = restaurant.id;
  restaurantSlug = restaurant.slug;
  await addReviews(db(), restaurant.id, [5, 4, 4]);
  await db()
    .insert(businessImages)
    .values({
      businessId: restaurant.id,
      position: 0,
      storageKey: "luna-cover",
      widths: [400, 800, 1600],
      width: 1600,
      height: 1067,
      alt: "The dining room",
    });
  ids.store = (await createBusiness(db(), { category: "shopping", subcategory: "clothing" })).id;
  ids.plumber = (await createBusiness(db(), { category: "services", subcategory: "plumbing" })).id;
  ids.venue = (await createBusiness(db(), { category: "entertainment", subcategory: "arcade" })).id;
  ids.pending = (await createBusiness(db(), { status: "pending" })).id;
  ids.suspended = (await createBusiness(db(), { status: "suspended" })).id;
  ids.rejected = (await createBusiness(db(), { status: "rejected" })).id;
});

afterAll(async () => {
  await ctx?.cleanup();
});

/**
 * The schema.org properties (and inherited ones) each type we emit may carry,
 * from https://schema.org — a property outside its type's list is a validation
 * error in the Schema Markup Validator.
 */
const THING = ["@context", "@type", "@id", "name", "url", "description", "image", "sameAs"];
const LOCAL_BUSINESS = [
  ...THING,
  "address",
  "geo",
  "telephone",
  "email",
  "priceRange",
  "openingHoursSpecification",
  "aggregateRating",
  "review",
];
const PROPERTIES: Record<string, string[]> = {
  Restaurant: [...LOCAL_BUSINESS, "servesCuisine"],
  CafeOrCoffeeShop: [...LOCAL_BUSINESS, "servesCuisine"],
  Store: LOCAL_BUSINESS,
  ClothingStore: LOCAL_BUSINESS,
  Plumber: LOCAL_BUSINESS,
  ProfessionalService: LOCAL_BUSINESS,
  HomeAndConstructionBusiness: LOCAL_BUSINESS,
  EntertainmentBusiness: LOCAL_BUSINESS,
  PostalAddress: ["@type", "streetAddress", "addressLocality", "addressRegion", "postalCode", "addressCountry"],
  GeoCoordinates: ["@type", "latitude", "longitude"],
  OpeningHoursSpecification: ["@type", "dayOfWeek", "opens", "closes", "validFrom", "validThrough", "description"],
  AggregateRating: ["@type", "ratingValue", "reviewCount", "ratingCount", "bestRating", "worstRating"],
  Review: ["@type", "author", "datePublished", "reviewBody", "reviewRating", "name"],
  Rating: ["@type", "ratingValue", "bestRating", "worstRating"],
  Person: ["@type", "name"],
  BreadcrumbList: ["@context", "@type", "itemListElement", "numberOfItems", "name"],
  ItemList: ["@context", "@type", "itemListElement", "numberOfItems", "name"],
  ListItem: ["@type", "position", "name", "item", "url"],
  WebSite: [...THING, "potentialAction"],
  SearchAction: ["@type", "target", "query-input"],
  EntryPoint: ["@type", "urlTemplate"],
};

/** Walks a JSON-LD tree: every object has a known @type and only that type's properties. */
function validate(node: unknown, path = "$"): string[] {
  if (Array.isArray(node)) return node.flatMap((n, i) => validate(n, `${path}[${i}]`));
  if (!node || typeof node !== "object") return [];
  const object = node as Record<string, unknown>;
  const type = object["@type"];
  if (typeof type !== "string") return [`${path}: no @type`];
  const allowed = PROPERTIES[type];
  if (!allowed) return [`${path}: unexpected type ${type}`];
  return Object.entries(object).flatMap(([key, value]) =>
    allowed.includes(key) ? validate(value, `${path}.${key}`) : [`${path}: ${type} has no property ${key}`],
  );
}

async function businessLd(id: string) {
  const page = await loadBusinessPage(id, context);
  const reviews = await loadReviewsSection(new Request(`${PUBLIC_URL}/business/${id}`), context, id);
  return { page, ld: businessJsonLd({ publicUrl: PUBLIC_URL }, page.business, reviews.items) };
}

describe("business page JSON-LD", () => {
  it("is a Restaurant with address, geo, hours past midnight, special dates, rating and reviews", async () => {
    const { ld } = await businessLd(ids.restaurant);
    expect(validate(ld)).toEqual([]);
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Restaurant",
      name: HOSTILE_NAME,
      url: `${PUBLIC_URL}/business/${restaurantSlug}`,
      servesCuisine: "Italian",
      priceRange: "$$",
      telephone: "(217) 555-0101",
      sameAs: ["https://luna.example"],
      address: {
        "@type": "PostalAddress",
        addressLocality: "Springfield",
        addressRegion: "IL",
        postalCode: "62701",
      },
      geo: { "@type": "GeoCoordinates", latitude: 39.8, longitude: -89.65 },
      image: [`${PUBLIC_URL}/media/luna-cover-800.webp`],
      aggregateRating: { "@type": "AggregateRating", ratingValue: 4.3, reviewCount: 3, bestRating: 5 },
    });
    const hours = ld.openingHoursSpecification as Record<string, unknown>[];
    expect(hours).toContainEqual({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: [
        "https://schema.org/Monday",
        "https://schema.org/Tuesday",
        "https://schema.org/Wednesday",
        "https://schema.org/Thursday",
      ],
      opens: "11:00",
      closes: "22:00",
    });
    // Closing before opening: schema.org reads it as the next day.
    expect(hours).toContainEqual({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: ["https://schema.org/Friday", "https://schema.org/Saturday"],
      opens: "18:00",
      closes: "02:00",
    });
    expect(JSON.stringify(hours)).not.toContain("Sunday");
    expect(hours).toContainEqual({
      "@type": "OpeningHoursSpecification",
      validFrom: tomorrow(),
      validThrough: tomorrow(),
      opens: "00:00",
      closes: "00:00",
    });
    const reviews = ld.review as Record<string, unknown>[];
    expect(reviews).toHaveLength(3);
    expect(reviews[0]).toMatchObject({
      "@type": "Review",
      author: { "@type": "Person", name: expect.any(String) },
      reviewBody: "Great place, would visit again.",
      reviewRating: { "@type": "Rating", bestRating: 5 },
      datePublished: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
  });

  it("picks the subtype per category and kind, and leaves out what a listing lacks", async () => {
    expect(businessSchemaType("restaurants", "cafe")).toBe("CafeOrCoffeeShop");
    expect(businessSchemaType("shopping", "gifts")).toBe("Store");
    expect(businessSchemaType("services", "landscaping")).toBe("HomeAndConstructionBusiness");
    expect(businessSchemaType("services", null)).toBe("ProfessionalService");
    for (const [id, type] of [
      [ids.store, "ClothingStore"],
      [ids.plumber, "Plumber"],
      [ids.venue, "EntertainmentBusiness"],
    ] as const) {
      const { ld } = await businessLd(id);
      expect(validate(ld)).toEqual([]);
      expect(ld["@type"]).toBe(type);
      expect(ld).not.toHaveProperty("aggregateRating");
      expect(ld).not.toHaveProperty("servesCuisine");
      expect(ld).not.toHaveProperty("review");
    }
  });

  it("is rendered in a <script> the name cannot break out of, and parses back unchanged", async () => {
    const { page, ld } = await businessLd(ids.restaurant);
    const breadcrumbs = businessBreadcrumbs({ publicUrl: PUBLIC_URL }, page.business);
    const html = renderToStaticMarkup(createElement(JsonLd, { data: [ld, breadcrumbs] }));
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(html).not.toContain("<!--");
    expect(html).not.toContain("<script>alert");
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) =>
      JSON.parse(m[1]!),
    );
    expect(blocks).toHaveLength(2);
    expect(blocks[0].name).toBe(HOSTILE_NAME);
    expect(validate(blocks[1])).toEqual([]);
    expect(blocks[1].itemListElement.map((i: { item: string }) => i.item)).toEqual([
      `${PUBLIC_URL}/`,
      `${PUBLIC_URL}/categories/restaurants`,
      `${PUBLIC_URL}/business/${restaurantSlug}`,
    ]);
  });

  it("Share's base is PUBLIC_URL when it is set, else the page's own origin (never a guessed localhost)", async () => {
    // issue 40, defect 10: the page sends PUBLIC_URL, or null for the browser to use the address it was opened at.
    expect((await loadBusinessPage(ids.restaurant, context)).shareBase).toBe(PUBLIC_URL);
    const unset = {
      ...context,
      config: { ...context.config, PUBLIC_URL: undefined, publicUrl: "http://localhost:3000" },
    };
    expect((await loadBusinessPage(ids.restaurant, unset)).shareBase).toBeNull();
  });

  it("exists for published listings only: the page loader refuses the others", async () => {
    for (const id of [ids.pending, ids.suspended, ids.rejected]) {
      await expect(loadBusinessPage(id, context)).rejects.toMatchObject({ init: { status: 404 } });
    }
  });

  it("lists pages as an ItemList and the site as a WebSite with a SearchAction", () => {
    const list = itemListJsonLd(
      { publicUrl: PUBLIC_URL },
      [
        { slug: "a", name: "A" },
        { slug: "b", name: "B" },
      ],
      { offset: 20 },
    );
    expect(validate(list)).toEqual([]);
    expect(list.itemListElement.map((i) => i.position)).toEqual([21, 22]);
    const site = websiteJsonLd(
      { name: "Near", city: "Springfield", state: "IL", country: "US", publicUrl: PUBLIC_URL },
      "Near",
    );
    expect(validate(site)).toEqual([]);
    expect(site.potentialAction.target.urlTemplate).toBe(`${PUBLIC_URL}/search?q={search_term_string}`);
  });
});

const POST = {
  title: "Ten new cafes",
  excerpt: "Where to get coffee.",
  body: "Coffee.",
  category: BLOG_CATEGORIES[0]!,
  author: "The Near team",
};

function locs(xml: string) {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
}

describe("sitemap", () => {
  it("is an index of paged child sitemaps listing every published business and nothing unpublished", async () => {
    const res = await app.request("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const index = await res.text();
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const children = locs(index);
    expect(children).toEqual([`${PUBLIC_URL}/sitemaps/pages-1.xml`, `${PUBLIC_URL}/sitemaps/businesses-1.xml`]);

    const urls: string[] = [];
    for (const child of children) {
      const page = await app.request(child.replace(PUBLIC_URL, ""));
      expect(page.status).toBe(200);
      const xml = await page.text();
      expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      urls.push(...locs(xml));
    }
    const listed = urls.filter((u) => u.includes("/business/")).map((u) => u.split("/business/")[1]);
    // Each by its slug, the page's one address (issue 40, defect 10).
    const all = await db().select({ slug: businesses.slug, status: businesses.status }).from(businesses);
    expect(listed.sort()).toEqual(
      all
        .filter((r) => r.status === "published")
        .map((r) => r.slug)
        .sort(),
    );
    for (const hidden of all.filter((r) => r.status !== "published")) expect(listed).not.toContain(hidden.slug);
    expect(urls).toEqual(
      expect.arrayContaining([
        `${PUBLIC_URL}/`,
        `${PUBLIC_URL}/categories/restaurants`,
        `${PUBLIC_URL}/categories/shopping`,
        `${PUBLIC_URL}/categories/services`,
        `${PUBLIC_URL}/categories/entertainment`,
        `${PUBLIC_URL}/blog`,
        `${PUBLIC_URL}/events`,
      ]),
    );
    expect(urls.some((u) => /\/(admin|auth|portal|account)/.test(u))).toBe(false);
  });

  it("gives each business a lastmod and pages them without overlap; a page past the end is a 404", async () => {
    const xml = await (await app.request("/sitemaps/businesses-1.xml")).text();
    expect(xml).toMatch(
      new RegExp(`<url><loc>${PUBLIC_URL}/business/${restaurantSlug}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}T`),
    );
    // About two a page: every published business on exactly one page (the pages cut the id space; the paths are slugs).
    const children = await sitemapChildren(db(), 2);
    expect(children.filter((c) => c.name === "businesses")).toHaveLength(2);
    const seen: string[] = [];
    for (const page of [1, 2]) {
      const paths = (await sitemapChildEntries(db(), "businesses", page, 2))!.map((e) => e.path);
      for (const path of paths) expect(path).toMatch(/^\/business\/[a-z0-9-]+$/);
      seen.push(...paths);
    }
    expect(seen).toHaveLength(4);
    expect(new Set(seen).size).toBe(4);
    expect(await sitemapChildEntries(db(), "businesses", 3, 2)).toBeNull();
    expect((await app.request("/sitemaps/businesses-9.xml")).status).toBe(404);
    expect((await app.request("/sitemaps/nothing-1.xml")).status).toBe(404);
    expect((await app.request("/sitemaps/pages-2.xml")).status).toBe(404);
  });

  it("lists each published blog post and dates the blog by the newest (drafts don't count)", async () => {
    const published = new Date("2026-03-04T05:06:07.000Z");
    await db()
      .insert(blogPosts)
      .values([
        { ...POST, slug: "seo-published", status: "published" as const, publishedAt: published, updatedAt: published },
        { ...POST, slug: "seo-draft", status: "draft" as const, updatedAt: new Date("2026-05-01T00:00:00.000Z") },
      ]);
    const xml = await (await app.request("/sitemaps/pages-1.xml")).text();
    expect(xml).toContain(`<url><loc>${PUBLIC_URL}/blog</loc><lastmod>2026-03-04T05:06:07.000Z</lastmod>`);
    expect(xml).toContain(
      `<url><loc>${PUBLIC_URL}/blog/seo-published</loc><lastmod>2026-03-04T05:06:07.000Z</lastmod>`,
    );
    expect(xml).not.toContain("seo-draft");
  });

  it("cuts the id space into contiguous pages", () => {
    expect(businessPageRange(1, 1)).toEqual({ from: "00000000-0000-0000-0000-000000000000", to: null });
    expect(businessPageRange(1, 4).to).toBe("40000000-0000-0000-0000-000000000000");
    expect(businessPageRange(2, 4)).toEqual({
      from: "40000000-0000-0000-0000-000000000000",
      to: "80000000-0000-0000-0000-000000000000",
    });
    expect(businessPageRange(4, 4).to).toBeNull();
  });

  it("drops a business as soon as it is unpublished", async () => {
    const [venue] = await db().select({ slug: businesses.slug }).from(businesses).where(eq(businesses.id, ids.venue));
    expect(await (await app.request("/sitemaps/businesses-1.xml")).text()).toContain(`/business/${venue!.slug}<`);
    await db().update(businesses).set({ status: "suspended" }).where(eq(businesses.id, ids.venue));
    const xml = await (await app.request("/sitemaps/businesses-1.xml")).text();
    expect(xml).not.toContain(`/business/${venue!.slug}<`);
    await db().update(businesses).set({ status: "published" }).where(eq(businesses.id, ids.venue));
  });
});

describe("robots.txt", () => {
  it("lets crawlers in, keeps the private areas out and points at the sitemap", async () => {
    const res = await app.request("/robots.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    for (const path of ["/admin", "/portal", "/auth", "/api/"]) expect(text).toContain(`\nDisallow: ${path}\n`);
    expect(text).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });
});

describe("HEAD", () => {
  /** A response's headers as HEAD must repeat them: the CSP nonce is fresh on every response, and the date, the
   * Server-Timing durations and (over a socket) how the body is framed belong to the moment. */
  const comparableHeaders = (r: Response) =>
    [...r.headers]
      .filter(
        ([k]) =>
          !["date", "server-timing", "transfer-encoding", "content-length", "connection", "keep-alive"].includes(k),
      )
      .map(([k, v]) => [k, v.replace(/'nonce-[^']+'/, "'nonce'")]);

  it("answers with GET's status and headers, without a body", async () => {
    for (const path of ["/robots.txt", "/sitemap.xml", "/sitemaps/businesses-1.xml", "/sitemaps/businesses-9.xml"]) {
      const init = { headers: { "accept-encoding": "gzip, deflate, br" } };
      const get = await app.request(path, init);
      const head = await app.request(path, { ...init, method: "HEAD" });
      expect(head.status, path).toBe(get.status);
      expect(head.headers.get("server-timing"), path).toMatch(/^app;dur=[\d.]+, db;dur=/);
      expect(comparableHeaders(head), path).toEqual(comparableHeaders(get));
      expect(head.headers.get("content-type"), path).toMatch(/^(text\/plain|application\/xml)/);
      expect(await head.text()).toBe("");
    }
  });

  it("does so over a real socket too, where the Node adapter swaps in its own Response (404s included)", async () => {
    // Last in this file: serving replaces the process's global Response with the adapter's. @hono/node-server 1.19
    // built a HEAD answer from a response's original headers, so on an error status (a sitemap page past the last,
    // an unknown path) it went out without what the middleware had added: the security headers, Vary, Server-Timing.
    const running = await listen({
      app,
      port: 0,
      host: "127.0.0.1",
      logger: ctx.services.logger,
      timeoutMs: 1_000,
      quietMs: 10,
      onClosed: async () => {},
    });
    try {
      const base = `http://127.0.0.1:${running.port}`;
      for (const path of ["/robots.txt", "/sitemaps/businesses-1.xml", "/sitemaps/businesses-9.xml", "/api/v1/nope"]) {
        const init = { headers: { "accept-encoding": "gzip" } };
        const get = await fetch(`${base}${path}`, init);
        await get.arrayBuffer();
        const head = await fetch(`${base}${path}`, { ...init, method: "HEAD" });
        expect(head.status, path).toBe(get.status);
        expect(comparableHeaders(head), path).toEqual(comparableHeaders(get));
        expect(head.headers.get("x-content-type-options"), path).toBe("nosniff");
        expect(head.headers.get("server-timing"), path).toMatch(/^app;dur=[\d.]+, db;dur=/);
      }
    } finally {
      await running.shutdown("test");
    }
  });
});
