import type { HTMLElement } from "node-html-parser";
import { afterAll, beforeAll, expect, it } from "vitest";
import { documentOf, pagesApp, textOf } from "../support/page-app";
import { createTestServices } from "../support/services";
import { signedInUser } from "../support/users";

/**
 * Issue 40, defect 20: the footer always said "Sign In", and its links left out Events, About, Contact and Pricing.
 */

const ORIGIN = "http://near.test";
let ctx: Awaited<ReturnType<typeof createTestServices>>;
let app: Awaited<ReturnType<typeof pagesApp>>;

beforeAll(async () => {
  ctx = await createTestServices({ PUBLIC_URL: ORIGIN, AUTH_RATE_LIMIT: "false" });
  app = await pagesApp(ctx.services);
}, 120_000);
afterAll(async () => {
  await ctx?.cleanup();
});

const footerLinks = (doc: HTMLElement) =>
  doc.querySelectorAll("footer nav a").map((a) => [textOf(a), a.getAttribute("href")] as const);

const EXPLORE = [
  ["Search", "/search"],
  ["Events", "/events"],
  ["Deals", "/deals"],
  ["Blog", "/blog"],
  ["Pricing", "/pricing"],
];
const COMPANY = [
  ["About", "/about"],
  ["Contact", "/contact"],
  ["Terms of Use", "/terms"],
  ["Privacy Policy", "/privacy"],
];

it("a visitor's footer links every public section, and Sign In", async () => {
  for (const path of ["/", "/about"]) {
    const res = await app.request(`${ORIGIN}${path}`);
    expect(res.status).toBe(200);
    expect(footerLinks(await documentOf(res))).toEqual([...EXPLORE, ...COMPANY, ["Sign In", "/auth"]]);
  }
});

it("a signed-in reader's footer has no Sign In", async () => {
  const reader = await signedInUser(app, ctx.database.db, { name: "Footer Reader" });
  const res = await reader.request("/about");
  expect(res.status).toBe(200);
  expect(footerLinks(await documentOf(res))).toEqual([...EXPLORE, ...COMPANY]);
});
