import { eq } from "drizzle-orm";
import type { HTMLElement } from "node-html-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessMessages } from "~/.server/db/schema";
import { createBusiness } from "../support/factories";
import { documentOf, pagesApp, textOf } from "../support/page-app";
import { createTestServices } from "../support/services";

/**
 * The business page as a browser's first request gets it (moved from e2e/business.spec.ts, issue 39): its title
 * and link preview, the schema.org data of the business, search and category pages, the 404 for ids that name no
 * business, and the Send Message form posted without JavaScript. The browser keeps the JSON-LD after a client-side
 * navigation and everything that runs in the page.
 */

const ORIGIN = "http://near.test";
let ctx: Awaited<ReturnType<typeof createTestServices>>;
let app: Awaited<ReturnType<typeof pagesApp>>;
let luna: Awaited<ReturnType<typeof createBusiness>>;
const DESCRIPTION =
  "Wood-fired pizza and fresh pasta in a candle-lit room on the square, with a garden out back in summer and a long list of Italian wines.";

beforeAll(async () => {
  ctx = await createTestServices({ PUBLIC_URL: ORIGIN });
  const db = ctx.database.db;
  luna = await createBusiness(db, {
    name: "Luna Trattoria",
    category: "restaurants",
    cuisine: "italian",
    description: DESCRIPTION,
    address: "12 Capitol Ave",
  });
  await createBusiness(db, { name: "Corner Gifts", category: "shopping", subcategory: "gifts" });
  await createBusiness(db, { name: "Spark Electric", category: "services", subcategory: "electricians" });
  await createBusiness(db, { name: "Lantern Cinema", category: "entertainment", subcategory: "movies" });
  app = await pagesApp(ctx.services);
}, 60_000);
afterAll(async () => {
  await ctx?.cleanup();
});

const get = (path: string, init?: RequestInit) => app.request(`${ORIGIN}${path}`, init);

/** The page's JSON-LD blocks, parsed. */
function jsonLd(doc: HTMLElement) {
  return doc
    .querySelectorAll('script[type="application/ld+json"]')
    .map((s) => JSON.parse(s.textContent) as { "@type": string; name?: string; itemListElement?: { name?: string }[] });
}

it("title, description and link preview are in the server-rendered page, with the page itself", async () => {
  const res = await get(`/business/${luna.slug}`);
  expect(res.status).toBe(200);
  const doc = await documentOf(res);
  expect(textOf(doc.querySelector("title"))).toMatch(/^Luna Trattoria \| Near [^|]+, [^|]+$/);
  const description = doc.querySelector('meta[name="description"]')?.getAttribute("content") ?? "";
  expect(description.length).toBeGreaterThan(50);
  expect(DESCRIPTION.startsWith(description.replace(/…$/, ""))).toBe(true);
  expect(doc.querySelector('meta[property="og:title"]')?.getAttribute("content")).toBe("Luna Trattoria");
  // The page itself, not a loading shell.
  const main = textOf(doc.querySelector("main"));
  expect(main).toContain("Business Hours");
  expect(main).toContain("12 Capitol Ave");
});

it("schema.org data in the server's HTML of business, search and category pages", async () => {
  const business = jsonLd(await documentOf(await get(`/business/${luna.slug}`)));
  expect(business.map((x) => x["@type"])).toEqual(["Restaurant", "BreadcrumbList"]);
  expect(business[0]!.name).toBe("Luna Trattoria");
  const search = jsonLd(await documentOf(await get(`/search?q=${encodeURIComponent("Luna Trattoria")}`)));
  expect(search.map((x) => x["@type"])).toEqual(["ItemList"]);
  expect(search[0]!.itemListElement![0]!.name).toBe("Luna Trattoria");
  for (const category of ["restaurants", "shopping", "services", "entertainment"]) {
    const blocks = jsonLd(await documentOf(await get(`/categories/${category}`)));
    expect(
      blocks.map((x) => x["@type"]),
      category,
    ).toEqual(["BreadcrumbList", "ItemList"]);
    expect(blocks[1]!.itemListElement!.length, category).toBeGreaterThan(0);
  }
});

describe("one address per business (issue 40, defect 10): /business/<slug>", () => {
  it("the UUID form answers a permanent redirect to the slug, the query kept; .data requests too", async () => {
    const res = await get(`/business/${luna.id}`, { redirect: "manual" });
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe(`/business/${luna.slug}`);
    const upper = await get(`/business/${luna.id.toUpperCase()}?reviewSort=highest&utm_source=x`, {
      redirect: "manual",
    });
    expect(upper.status).toBe(301);
    expect(upper.headers.get("location")).toBe(`/business/${luna.slug}?reviewSort=highest&utm_source=x`);
    // A client-side navigation's data request: React Router's redirect, to the slug.
    const data = await get(`/business/${luna.id}.data`, { redirect: "manual" });
    expect(await data.text()).toContain(`/business/${luna.slug}`);
    expect((await get(`/business/${luna.slug}.data`)).status).toBe(200);
  });

  it("the canonical link, link preview and JSON-LD name the slug URL at PUBLIC_URL", async () => {
    const doc = await documentOf(await get(`/business/${luna.slug}`));
    const url = `${ORIGIN}/business/${luna.slug}`;
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(url);
    expect(doc.querySelector('meta[property="og:url"]')?.getAttribute("content")).toBe(url);
    const [business, crumbs] = doc
      .querySelectorAll('script[type="application/ld+json"]')
      .map((s) => JSON.parse(s.textContent) as { url?: string; itemListElement?: { item: string }[] });
    expect(business!.url).toBe(url);
    expect(crumbs!.itemListElement!.at(-1)!.item).toBe(url);
    expect(doc.toString()).not.toContain(`/business/${luna.id}"`);
  });
});

it("unknown, malformed and removed ids: Business Not Found with HTTP 404, and a way home", async () => {
  const removed = await createBusiness(ctx.database.db, { name: "Gone Diner", status: "suspended" });
  for (const id of [
    "00000000-0000-4000-8000-000000000000",
    "no-such-business",
    "not%20a%20valid%20id!!",
    "'%3B--",
    removed.id,
  ]) {
    expect((await get(`/business/${id}`)).status, id).toBe(404);
  }
  const doc = await documentOf(await get("/business/00000000-0000-4000-8000-000000000000"));
  expect(textOf(doc.querySelector("title"))).toMatch(/^Business Not Found \| Near /);
  expect(textOf(doc.querySelector("h1"))).toBe("Business Not Found");
  expect(textOf(doc.querySelector("main"))).toContain(
    "The business you're looking for doesn't exist or has been removed.",
  );
  const home = doc.querySelectorAll("main a").find((a) => textOf(a) === "Return Home");
  expect(home?.getAttribute("href")).toBe("/");
});

describe("Send Message without JavaScript", () => {
  /** The form as the page renders it: what a browser without JavaScript posts, and where. */
  async function messageForm() {
    const doc = await documentOf(await get(`/business/${luna.slug}`));
    const form = doc.querySelector('form[aria-label="Send a message to Luna Trattoria"]')!;
    expect(form).not.toBeNull();
    expect(form.getAttribute("method")).toBe("post");
    expect(form.getAttribute("action")).toBe(`/business/${luna.slug}`);
    const hidden = Object.fromEntries(
      form.querySelectorAll('input[type="hidden"]').map((i) => [i.getAttribute("name")!, i.getAttribute("value")!]),
    );
    const fields = form.querySelectorAll("input, textarea").map((i) => i.getAttribute("name"));
    expect(fields).toEqual(expect.arrayContaining(["name", "email", "message"]));
    return { action: form.getAttribute("action")!, hidden };
  }

  function post(action: string, fields: Record<string, string>) {
    return get(action, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN },
    });
  }

  it("the server validates and answers inline, then sends and says so", async () => {
    const { action, hidden } = await messageForm();
    const bad = await post(action, { ...hidden, name: "Ada", email: "nope", message: "short", website: "" });
    expect(bad.status).toBe(400);
    const doc = await documentOf(bad);
    expect(
      doc
        .querySelector('form[aria-label="Send a message to Luna Trattoria"] input[name="email"]')
        ?.getAttribute("aria-invalid"),
    ).toBe("true");
    expect(textOf(doc.querySelector("#message-email-error"))).toBe("Enter a valid email address.");
    expect(textOf(doc.querySelector("#message-message-error"))).toBe("Message must be at least 10 characters.");

    const good = await post(action, {
      ...hidden,
      name: "Ada",
      email: "ada@example.com",
      message: "Are you open on the holiday Monday?",
      website: "",
    });
    expect(good.status).toBe(200);
    const sent = await documentOf(good);
    const status = sent
      .querySelectorAll('[role="status"]')
      .map(textOf)
      .find((t) => t.includes("Message sent."));
    expect(status).toContain("The business will get back to you by email.");
    const stored = await ctx.database.db
      .select({ body: businessMessages.body, email: businessMessages.senderEmail })
      .from(businessMessages)
      .where(eq(businessMessages.businessId, luna.id));
    expect(stored).toEqual([{ body: "Are you open on the holiday Monday?", email: "ada@example.com" }]);
  });
});
