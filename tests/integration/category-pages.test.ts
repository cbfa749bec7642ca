import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/http/app";
import { addReviews, createBusiness } from "../support/factories";
import { documentOf, pagesApp, textOf } from "../support/page-app";
import { createTestServices } from "../support/services";

/**
 * The category tree's pages (issue 34): /categories/<slug> for any category, located like search, with its
 * sub-categories, breadcrumbs and JSON-LD; /categories, the whole tree; the business page's links to its categories;
 * the sitemap; GET /api/v1/categories and the API's `category` filter over the tree.
 */

const ORIGIN = "http://near.test";
let ctx: Awaited<ReturnType<typeof createTestServices>>;
let pages: Awaited<ReturnType<typeof pagesApp>>;
let api: ReturnType<typeof createApp>;
const ids: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestServices({ PUBLIC_URL: ORIGIN });
  const db = ctx.database.db;
  const at = { latitude: 39.8, longitude: -89.65 };
  const dental = await createBusiness(db, {
    name: "Lincoln Family Dental",
    category: "health",
    primaryCategory: "dentists",
    categories: ["pediatric-dentists"],
    plan: "featured",
    ...at,
  });
  const ortho = await createBusiness(db, {
    name: "Bright Braces",
    category: "health",
    primaryCategory: "orthodontists",
    ...at,
  });
  const doctor = await createBusiness(db, {
    name: "Main Street Medicine",
    category: "health",
    primaryCategory: "doctors",
    ...at,
  });
  const pizza = await createBusiness(db, { name: "Slice Town", category: "restaurants", cuisine: "pizza", ...at });
  // Elsewhere: a dentist in another city is not in the site city's page.
  await createBusiness(db, {
    name: "Faraway Dental",
    category: "health",
    primaryCategory: "dentists",
    city: "Chicago",
    latitude: 41.88,
    longitude: -87.63,
  });
  await createBusiness(db, {
    name: "Pending Dental",
    category: "health",
    primaryCategory: "dentists",
    status: "pending",
  });
  await addReviews(db, dental.id, [5, 5, 4]);
  Object.assign(ids, {
    dental: dental.id,
    ortho: ortho.id,
    doctor: doctor.id,
    pizza: pizza.id,
    dentalSlug: dental.slug,
  });
  pages = await pagesApp(ctx.services);
  api = createApp({ services: ctx.services });
}, 60_000);
afterAll(async () => {
  await ctx?.cleanup();
});

const page = async (path: string) => {
  const res = await pages.request(`${ORIGIN}${path}`);
  return { res, doc: await documentOf(res) };
};
const jsonLd = (doc: Awaited<ReturnType<typeof documentOf>>) =>
  doc.querySelectorAll('script[type="application/ld+json"]').flatMap((s) => [JSON.parse(s.text)].flat());

describe("a category's page", () => {
  it("lists the category and what is under it, in the site's city, published only", async () => {
    const { res, doc } = await page("/categories/dentists");
    expect(res.status).toBe(200);
    expect(textOf(doc.querySelector("h1"))).toBe("Dentists");
    const text = textOf(doc.querySelector("main"));
    expect(text).toContain("Lincoln Family Dental");
    // An orthodontist is a dentist too (its category is under Dentists).
    expect(text).toContain("Bright Braces");
    expect(text).not.toContain("Main Street Medicine");
    expect(text).not.toContain("Faraway Dental");
    expect(text).not.toContain("Pending Dental");
    // Its sub-categories link to their pages.
    const subs = doc.querySelectorAll('[data-testid="subcategories"] a').map((a) => a.getAttribute("href"));
    expect(subs).toContain("/categories/orthodontists");
  });

  it("has breadcrumbs through the tree, visible and as JSON-LD, and an ItemList of what it lists", async () => {
    const { doc } = await page("/categories/orthodontists");
    const crumbs = doc.querySelectorAll('nav[aria-label="Breadcrumb"] li').map(textOf);
    expect(crumbs).toEqual(["Home", "Categories", "Health & Medical", "Dentists", "Orthodontists"]);
    const data = jsonLd(doc);
    const trail = data.find((d) => d["@type"] === "BreadcrumbList");
    expect(trail.itemListElement.map((i: { name: string }) => i.name)).toEqual([
      "Home",
      "Categories",
      "Health & Medical",
      "Dentists",
      "Orthodontists",
    ]);
    expect(trail.itemListElement.at(-1).item).toBe(`${ORIGIN}/categories/orthodontists`);
    const list = data.find((d) => d["@type"] === "ItemList");
    expect(list.itemListElement.map((i: { name: string }) => i.name)).toEqual(["Bright Braces"]);
  });

  it("a group beyond the spec's four has its page; an unknown category is a 404", async () => {
    const { res, doc } = await page("/categories/health");
    expect(res.status).toBe(200);
    expect(textOf(doc.querySelector("h1"))).toBe("Health & Medical");
    expect(textOf(doc.querySelector("main"))).toContain("Main Street Medicine");
    expect((await page("/categories/no-such-thing")).res.status).toBe(404);
  });

  it("the spec's own pages keep their URLs and content", async () => {
    const { res, doc } = await page("/categories/restaurants");
    expect(res.status).toBe(200);
    expect(textOf(doc.querySelector("h1"))).toBe("Restaurants Near You");
    // A cuisine has a page of the tree too.
    expect(textOf((await page("/categories/pizza")).doc.querySelector("main"))).toContain("Slice Town");
  });
});

describe("the whole tree and the links to it", () => {
  it("/categories shows every group and links to each category", async () => {
    const { res, doc } = await page("/categories");
    expect(res.status).toBe(200);
    expect(textOf(doc.querySelector("h1"))).toBe("All categories");
    const hrefs = doc.querySelectorAll("main a").map((a) => a.getAttribute("href"));
    for (const slug of ["restaurants", "health", "dentists", "veterinarians", "religious", "sushi"])
      expect(hrefs).toContain(`/categories/${slug}`);
  });

  it("a business page links its primary and additional categories by name", async () => {
    const { doc } = await page(`/business/${ids.dentalSlug}`);
    const links = doc.querySelectorAll('[data-testid="about-categories"] a');
    expect(links.map((a) => [textOf(a), a.getAttribute("href")])).toEqual([
      ["Dentists", "/categories/dentists"],
      ["Pediatric Dentists", "/categories/pediatric-dentists"],
    ]);
  });

  it("the sitemap names the categories that list something, and no empty one", async () => {
    const index = await (await api.request(`${ORIGIN}/sitemap.xml`)).text();
    const children = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => loc!.replace(ORIGIN, ""));
    const all = (await Promise.all(children.map(async (path) => (await api.request(`${ORIGIN}${path}`)).text()))).join(
      "\n",
    );
    for (const slug of ["dentists", "orthodontists", "pediatric-dentists", "health", "doctors"])
      expect(all).toContain(`${ORIGIN}/categories/${slug}<`);
    expect(all).not.toContain("/categories/mosques<");
    expect(all).not.toContain("/categories/religious<");
  });
});

describe("the API over the tree", () => {
  it("GET /api/v1/categories lists the tree", async () => {
    const res = await api.request("/api/v1/categories");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { items: { slug: string; parent: string | null; synonyms: string[] }[] };
    expect(body.items.length).toBeGreaterThanOrEqual(350);
    expect(body.items.find((c) => c.slug === "veterinarians")).toMatchObject({ parent: "pets" });
    expect(body.items.find((c) => c.slug === "veterinarians")!.synonyms).toContain("vet");
  });

  it("?category= takes any slug; an unknown one is a 400", async () => {
    const names = async (q: string) =>
      ((await (await api.request(`/api/v1/businesses?${q}`)).json()) as { items: { name: string }[] }).items.map(
        (b) => b.name,
      );
    expect((await names("category=dentists")).sort()).toEqual(["Bright Braces", "Lincoln Family Dental"]);
    expect(await names("category=pediatric-dentists")).toEqual(["Lincoln Family Dental"]);
    expect((await names("category=health")).sort()).toEqual([
      "Bright Braces",
      "Lincoln Family Dental",
      "Main Street Medicine",
    ]);
    expect((await api.request("/api/v1/businesses?category=bogus")).status).toBe(400);
  });

  it("search reads a category's synonyms; autocomplete suggests the category's page", async () => {
    const res = await api.request("/api/v1/businesses?q=dentist");
    const body = (await res.json()) as { items: { name: string }[]; understood?: { category?: string } };
    expect(body.understood?.category).toBe("dentists");
    expect(body.items.map((b) => b.name)).toContain("Lincoln Family Dental");
    const suggest = (await (await api.request("/api/v1/suggest?q=den")).json()) as {
      suggestions: { label: string; url: string; detail: string }[];
    };
    expect(suggest.suggestions[0]).toMatchObject({ label: "Dentists", url: "/categories/dentists" });
    expect(suggest.suggestions[0]!.detail).toContain("Springfield");
  });
});
