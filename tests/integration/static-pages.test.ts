import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HTMLElement } from "node-html-parser";
import { addReviews, createBusiness } from "../support/factories";
import { documentOf, named, pagesApp, textOf } from "../support/page-app";
import { createTestServices } from "../support/services";
import { signedInUser } from "../support/users";

/**
 * The static and content pages as their first request gets them (moved from e2e/static-pages.spec.ts and
 * layout.spec.ts's server-rendered titles, issue 39: nothing here needs a browser): each page's status, heading and
 * title, the about page's city network, the pricing plans, the legal pages' rules, contact, the press kit with its
 * live figures and logo files, and the dashboard's sections. The browser keeps their axe scans
 * (e2e/accessibility-routes-*.spec.ts) and the annual price switch.
 */

const ORIGIN = "http://near.test";
const SITE = "Near Springfield, IL";
let ctx: Awaited<ReturnType<typeof createTestServices>>;
let app: Awaited<ReturnType<typeof pagesApp>>;
/** A signed-in customer's cookie: the dashboard is theirs. */
let customer = "";

beforeAll(async () => {
  ctx = await createTestServices({ PUBLIC_URL: ORIGIN });
  // The press kit's figures: three published listings in one city (and one that isn't public), four reviews.
  const db = ctx.database.db;
  const listed = [];
  for (const name of ["Press Cafe", "Press Deli", "Press Books"]) listed.push(await createBusiness(db, { name }));
  await createBusiness(db, { name: "Press Pending", status: "pending" });
  await addReviews(db, listed[0]!.id, [5, 4]);
  await addReviews(db, listed[1]!.id, [3, 5]);
  // "public" as the client directory: the press kit's logo files (public/press/) are served from it.
  app = await pagesApp(ctx.services, { clientDir: "public" });
  const user = await signedInUser(app, db, { name: "Casey Customer" });
  customer = [...user.jar].map(([k, v]) => `${k}=${v}`).join("; ");
}, 60_000);
afterAll(async () => {
  await ctx?.cleanup();
});

async function page(path: string, cookie?: string) {
  const res = await app.request(`${ORIGIN}${path}`, { headers: cookie ? { cookie } : {} });
  expect(res.status, path).toBe(200);
  return documentOf(res);
}

const h1 = (doc: HTMLElement) => textOf(doc.querySelector("h1"));
const title = (doc: HTMLElement) => textOf(doc.querySelector("title"));

describe("every static page", () => {
  const PAGES = [
    { path: "/", heading: "Discover local businesses near you", title: SITE },
    { path: "/about", heading: "About Near", title: `About | ${SITE}` },
    { path: "/blog", heading: "Blog", title: `Blog | ${SITE}` },
    { path: "/terms", heading: "Terms of Service", title: `Terms of Service | ${SITE}` },
    { path: "/privacy", heading: "Privacy Policy", title: `Privacy Policy | ${SITE}` },
    { path: "/press", heading: "Press Kit", title: `Press | ${SITE}` },
    { path: "/events", heading: "Local Events", title: `Events | ${SITE}` },
    { path: "/pricing", heading: "List Your Business", title: `Pricing | ${SITE}` },
    { path: "/contact", heading: "Contact Us", title: `Contact | ${SITE}` },
    { path: "/portal", heading: "Dashboard", title: `Dashboard | ${SITE}`, signedIn: true },
    { path: "/categories/restaurants", heading: "Restaurants Near You", title: `Restaurants | ${SITE}` },
    { path: "/categories/shopping", heading: "Shopping Near You", title: `Shopping | ${SITE}` },
    { path: "/categories/services", heading: "Local Services", title: `Services | ${SITE}` },
    { path: "/categories/entertainment", heading: "Entertainment & Activities", title: `Entertainment | ${SITE}` },
  ];
  for (const p of PAGES) {
    it(`${p.path}: 200, its heading, and its title rendered on the server`, async () => {
      const doc = await page(p.path, "signedIn" in p ? customer : undefined);
      expect(h1(doc)).toBe(p.heading);
      expect(title(doc)).toBe(p.title);
      // Inside the layout: the header's navigation and the footer.
      expect(named(doc, "navigation", "Main")).toBeDefined();
      expect(doc.querySelector("footer")).not.toBeNull();
    });
  }
});

it("about lists the eight city sites, each a link to its site, and links the press kit", async () => {
  const doc = await page("/about");
  const network = named(doc, "region", "The Near network")!;
  expect(network).toBeDefined();
  expect(network.querySelectorAll("h3").map(textOf)).toEqual([
    "Near Washington",
    "Near Baltimore",
    "Near Philadelphia",
    "Near Richmond",
    "Near Annapolis",
    "Near Alexandria",
    "Near Wilmington",
    "Near Arlington",
  ]);
  const links = network.querySelectorAll("a");
  expect(links).toHaveLength(8);
  expect(links.find((a) => textOf(a) === "Near Baltimore")?.getAttribute("href")).toBe(
    "https://baltimore.near.example",
  );
  const press = doc.querySelectorAll("main a").find((a) => textOf(a) === "Press kit");
  expect(press?.getAttribute("href")).toBe("/press");
  // The story follows the list and the site (issue 40): no coast this site isn't on.
  const story = textOf(named(doc, "region", "Why we built Near")!);
  expect(story).toContain("This site serves Springfield, IL, and the Near network lists 8 city sites.");
  expect(textOf(doc)).not.toContain("East Coast");
});

it("pricing: monthly prices by default, Most Popular on Featured, the spec's plan contents, Get Started links", async () => {
  const doc = await page("/pricing");
  const plans = named(doc, "region", "Plans")!
    .querySelectorAll("li")
    .filter((li) => li.querySelector("h3"));
  expect(plans.map((li) => textOf(li.querySelector("h3")))).toEqual(["Basic", "Featured", "Premium"]);
  const toggle = (name: string) => doc.querySelectorAll("button").find((b) => textOf(b).startsWith(name));
  expect(toggle("Monthly")?.getAttribute("aria-pressed")).toBe("true");
  expect(toggle("Annual")?.getAttribute("aria-pressed")).toBe("false");
  for (const [plan, price] of [
    ["basic", "$15"],
    ["featured", "$25"],
    ["premium", "$35"],
  ])
    expect(textOf(doc.querySelector(`[data-testid="price-${plan}"]`)), plan).toBe(price);
  const text = plans.map(textOf);
  expect(text[1]).toContain("Most Popular");
  expect(text[0]).not.toContain("Most Popular");
  expect(text[2]).not.toContain("Most Popular");
  for (const item of ["1 image", "1 category", "Contact form", "Basic About section"]) expect(text[0]).toContain(item);
  for (const item of [
    "10 images",
    "3 categories",
    "Social media links",
    "3 menu attachments",
    "5 testimonials",
    "3 videos",
    "5 coupons or events",
  ])
    expect(text[1]).toContain(item);
  for (const item of [
    "20 images",
    "5 categories",
    "20 menu attachments",
    "20 testimonials",
    "20 videos",
    "20 coupons or events",
    "Homepage exposure",
    "Priority listing",
    "monthly blog article",
  ])
    expect(text[2]).toContain(item);
  // A visitor's Get Started signs up as a business owner, then goes on to the plan (e2e/billing.spec.ts walks it).
  const getStarted = plans[1]!.querySelectorAll("a").find((a) => textOf(a).startsWith("Get Started"));
  expect(getStarted?.getAttribute("href")).toBe(
    `/auth?mode=signup&type=business&redirectTo=${encodeURIComponent("/pricing/choose?plan=featured&billing=monthly")}`,
  );
});

describe("legal pages", () => {
  const RULES = [
    /at least 18 years old/i,
    /one account per person or entity/i,
    /renew automatically/i,
    /pro-rated refund/i,
    /30 days' notice/i,
    /honest/i,
    /card payment provider/i,
  ];

  it("terms state the rules the spec lists, and the table of contents points at its sections", async () => {
    const doc = await page("/terms");
    const text = textOf(doc.querySelector("main"));
    for (const rule of RULES) expect(text).toMatch(rule);
    expect(text).toMatch(/data rights/i);
    const contents = named(doc, "navigation", "On this page")!.querySelectorAll("a");
    expect(contents.map(textOf)).toContainEqual(expect.stringMatching(/Reviews/));
    for (const link of contents) {
      const id = link.getAttribute("href")!.replace(/^#/, "");
      const target = doc.querySelector(`[id="${id}"]`);
      expect(target, `#${id}`).not.toBeNull();
      // The link says the section's heading.
      expect(textOf(link)).toContain(textOf(target!.querySelector("h2") ?? target).replace(/^\d+\.\s*/, ""));
    }
  });

  it("privacy states data rights, the age limit and the card payment provider", async () => {
    const text = textOf((await page("/privacy")).querySelector("main"));
    for (const rule of [
      /your data rights/i,
      /18/,
      /card payment provider/i,
      /one per person or entity/i,
      /renew automatically/i,
      /30 days' notice/i,
    ])
      expect(text).toMatch(rule);
  });
});

it("contact shows how to reach us, beside the form", async () => {
  const doc = await page("/contact");
  const reach = named(doc, "region", "Reach us directly")!;
  const link = (name: string) =>
    reach
      .querySelectorAll("a")
      .find((a) => textOf(a) === name)
      ?.getAttribute("href");
  expect(link("hello@near.example")).toBe("mailto:hello@near.example");
  expect(link("(217) 555-0100")).toBe("tel:+12175550100");
  expect(textOf(reach)).toContain("Springfield, IL");
  // The form itself (validation, sending, the admin's inbox): contact-newsletter.test.ts and its e2e spec.
  const form = named(doc, "region", "Send us a message")!;
  expect(form.querySelectorAll("button").map(textOf)).toContain("Send Message");
});

it("the press kit: boilerplate, facts, live figures from the database, logo files that download, media contact", async () => {
  const doc = await page("/press");
  const headings = doc.querySelectorAll("h2").map(textOf);
  for (const name of ["About Near", "Key facts", "By the numbers", "Media contact"]) expect(headings).toContain(name);
  // The boilerplate and the facts say what this site runs (issue 40), not "eight city sites on the East Coast".
  expect(textOf(doc.querySelector("blockquote"))).toContain(
    "This site is Near Springfield. The Near network lists 8 city sites.",
  );
  const facts = Object.fromEntries(
    named(doc, "region", "Key facts")!
      .querySelectorAll("dl > div")
      .map((row) => [textOf(row.querySelector("dt")), textOf(row.querySelector("dd"))]),
  );
  expect(facts.Network).toBe("8 city sites");
  expect(facts.Categories).toMatch(
    /^\d{3} categories: Restaurants, Shopping, Services, Entertainment, Bars & Nightlife and \d+ more$/,
  );
  expect(textOf(doc)).not.toContain("East Coast");
  const figure = (id: string) => textOf(doc.querySelector(`[data-testid="figure-${id}"]`));
  // Published listings only (not the pending one), their reviews, their cities.
  expect(figure("listings")).toBe("3");
  expect(figure("reviews")).toBe("4");
  expect(figure("cities")).toBe("1");
  const files = named(doc, "list", "Logo files")!.querySelectorAll("a");
  expect(files).toHaveLength(6);
  const types: Record<string, string> = { svg: "image/svg+xml", png: "image/png" };
  for (const file of files) {
    const href = file.getAttribute("href")!;
    const res = await app.request(`${ORIGIN}${href}`);
    expect(res.status, href).toBe(200);
    expect(res.headers.get("content-type"), href).toContain(types[href.split(".").pop()!]);
    expect((await res.arrayBuffer()).byteLength, href).toBeGreaterThan(100);
  }
  expect(files.map(textOf)).toEqual(
    expect.arrayContaining(["Logo on light (SVG)", "Logo on light (PNG)", "Mark only (PNG)"]),
  );
});

it("the dashboard shows a customer their view: favorites, reviews, settings", async () => {
  const doc = await page("/portal", customer);
  expect(doc.querySelectorAll("h2").map(textOf)).toEqual(
    expect.arrayContaining(["Favorites", "My reviews", "Settings"]),
  );
});

it("an unknown path is a real 404 page inside the layout, with a way home", async () => {
  const res = await app.request(`${ORIGIN}/no/such/page`);
  expect(res.status).toBe(404);
  const doc = await documentOf(res);
  expect(h1(doc)).toBe("Page Not Found");
  expect(title(doc)).toBe(`Page Not Found | ${SITE}`);
  expect(doc.querySelector("header")).not.toBeNull();
  expect(doc.querySelector("footer")).not.toBeNull();
  expect(named(doc, "navigation", "Main")!.querySelectorAll("a").map(textOf)).toContain("About");
  const home = doc.querySelectorAll("main a").find((a) => textOf(a) === "Return Home");
  expect(home?.getAttribute("href")).toBe("/");
});
