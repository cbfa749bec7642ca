import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~/.server/db/client";
import type { Suggestion, SuggestResponse } from "~/features/directory/suggest";
import { createApp } from "../../server/http/app";
import { addReviews, createBusiness } from "../support/factories";
import { createTestServices } from "../support/services";

let ctx: Awaited<ReturnType<typeof createTestServices>>;
let app: ReturnType<typeof createApp>;
let ids: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestServices();
  app = createApp({ services: ctx.services });
  const db = ctx.database.db;
  const slice = await createBusiness(db, { name: "Slice of Heaven Pizza", cuisine: "pizza" });
  const crust = await createBusiness(db, { name: "Prairie Crust Pizza Co.", cuisine: "pizza" });
  const grind = await createBusiness(db, { name: "The Daily Grind Coffee House", cuisine: "cafe" });
  const golden = await createBusiness(db, { name: "Golden Dragon Palace", cuisine: "chinese" });
  const rooter = await createBusiness(db, {
    name: "Rapid Rooter Plumbing",
    category: "services",
    subcategory: "plumbing",
  });
  await createBusiness(db, {
    name: "Twin Oaks Mini Golf & Go-Karts",
    category: "entertainment",
    subcategory: "attractions",
  });
  await addReviews(db, crust.id, [5, 5]);
  await addReviews(db, slice.id, [3]);
  // Not public: never suggested, however well they match.
  await createBusiness(db, { name: "Pizza Pending Place", cuisine: "pizza", status: "pending" });
  await createBusiness(db, { name: "Pizza Suspended Spot", cuisine: "pizza", status: "suspended" });
  await createBusiness(db, { name: "Coffee Rejected Corner", cuisine: "cafe", status: "rejected" });
  // A suggestion opens the business page by its slug (issue 40, defect 10).
  ids = { slice: slice.slug, crust: crust.slug, grind: grind.slug, golden: golden.slug, rooter: rooter.slug };
});
afterAll(async () => {
  await ctx.cleanup();
});

async function suggest(q: string) {
  const res = await app.request(`/api/v1/suggest?q=${encodeURIComponent(q)}`);
  expect(res.status).toBe(200);
  return (await res.json()) as SuggestResponse;
}
const labels = (s: Suggestion[]) => s.map((x) => x.label);

describe("GET /api/v1/suggest", () => {
  it("suggests the cuisine, then businesses whose name has a word beginning with the text, best rated first", async () => {
    const body = await suggest("piz");
    expect(body.query).toBe("piz");
    expect(body.suggestions).toEqual([
      { type: "cuisine", label: "Pizza", detail: "Cuisine in Springfield", url: "/categories/pizza" },
      {
        type: "business",
        label: "Prairie Crust Pizza Co.",
        detail: "Pizza · Springfield",
        url: `/business/${ids.crust}`,
      },
      {
        type: "business",
        label: "Slice of Heaven Pizza",
        detail: "Pizza · Springfield",
        url: `/business/${ids.slice}`,
      },
    ]);
  });

  it("suggests a business by the start of its name, and opens its page", async () => {
    const body = await suggest("  Golden   Dra ");
    expect(body.query).toBe("golden dra");
    expect(body.suggestions).toEqual([
      {
        type: "business",
        label: "Golden Dragon Palace",
        detail: "Chinese · Springfield",
        url: `/business/${ids.golden}`,
      },
    ]);
  });

  it("finds long text (12 characters or more) the same way", async () => {
    expect(labels((await suggest("slice of heaven p")).suggestions)).toEqual(["Slice of Heaven Pizza"]);
    expect(labels((await suggest("heaven pizza")).suggestions)).toEqual(["Slice of Heaven Pizza"]);
    expect((await suggest("eaven pizza and more")).suggestions).toEqual([]);
  });

  it("finds a word after punctuation, and takes punctuation as text", async () => {
    // The category of that name first (issue 34), then the business.
    expect(labels((await suggest("kart")).suggestions)).toEqual(["Go Karts", "Twin Oaks Mini Golf & Go-Karts"]);
    expect(labels((await suggest("golf & go")).suggestions).at(-1)).toBe("Twin Oaks Mini Golf & Go-Karts");
    for (const q of ["golf (", "a[b", "\\", "x)*", "^$", "{2}"]) expect(await suggest(q)).toHaveProperty("suggestions");
  });

  it("suggests categories and kinds from the catalogue", async () => {
    const restaurants = await suggest("restau");
    expect(restaurants.suggestions[0]).toEqual({
      type: "category",
      label: "Restaurants",
      detail: "Category in Springfield",
      url: "/categories/restaurants",
    });
    const plumbing = await suggest("plumb");
    expect(plumbing.suggestions).toEqual([
      { type: "kind", label: "Plumbing", detail: "Services in Springfield", url: "/categories/plumbing" },
      {
        type: "business",
        label: "Rapid Rooter Plumbing",
        detail: "Plumbing · Springfield",
        url: `/business/${ids.rooter}`,
      },
    ]);
    const jewelry = await suggest("jewel");
    expect(jewelry.suggestions[0]).toMatchObject({
      type: "kind",
      label: "Jewelry & Accessories",
      url: "/categories/jewelry",
    });
    // One letter: the catalogue only (a business name needs two).
    const p = await suggest("p");
    expect(p.suggestions.map((s) => s.type)).not.toContain("business");
    expect(labels(p.suggestions)).toContain("Pizza");
  });

  it("forgives typos, like the search itself", async () => {
    const cofee = await suggest("cofee");
    expect(cofee.suggestions[0]).toMatchObject({
      type: "cuisine",
      label: "Cafe & Coffee",
      url: "/categories/cafes",
    });
    expect(cofee.suggestions).toContainEqual(
      expect.objectContaining({
        type: "business",
        label: "The Daily Grind Coffee House",
        url: `/business/${ids.grind}`,
      }),
    );
    const piza = await suggest("piza");
    expect(piza.suggestions[0]).toMatchObject({ type: "cuisine", label: "Pizza" });
    expect(labels(piza.suggestions)).toEqual(
      expect.arrayContaining(["Slice of Heaven Pizza", "Prairie Crust Pizza Co."]),
    );
    expect(labels((await suggest("goldn dragon")).suggestions)).toEqual(["Golden Dragon Palace"]);
    expect(labels((await suggest("itlian")).suggestions)).toEqual(["Italian"]);
    expect(labels((await suggest("theatre")).suggestions)).toEqual(["Theater & Shows", "Cinemas"]);
  });

  it("never suggests a listing that isn't public", async () => {
    for (const q of ["pizza", "piz", "pending", "suspended", "coffee", "rejected", "corner"]) {
      const found = labels((await suggest(q)).suggestions);
      expect(found.filter((l) => /Pending|Suspended|Rejected/.test(l))).toEqual([]);
    }
  });

  it("answers empty text with an empty list, and text matching nothing likewise", async () => {
    for (const q of ["", "   "]) expect(await suggest(q)).toEqual({ query: "", suggestions: [] });
    expect((await app.request("/api/v1/suggest")).status).toBe(200);
    expect((await suggest("zzqqxx")).suggestions).toEqual([]);
    // LIKE wildcards are text like any other.
    expect((await suggest("%%")).suggestions).toEqual([]);
    expect((await suggest("_qx_")).suggestions).toEqual([]);
  });

  it("caches answers briefly", async () => {
    const res = await app.request("/api/v1/suggest?q=piz");
    expect(res.headers.get("cache-control")).toBe("public, max-age=60");
  });

  it("answers bad text with 400 naming q, never 500", async () => {
    for (const q of ["a".repeat(201), "piz\u0000za"]) {
      const res = await app.request(`/api/v1/suggest?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.error.code).toBe("bad_request");
      expect(Object.keys(body.error.fields)).toEqual(["q"]);
    }
  });

  it("bounds long text and many matches to 8 suggestions", async () => {
    const db = ctx.database.db;
    for (let i = 0; i < 12; i++) await createBusiness(db, { name: `Pizza Place ${i}`, cuisine: "pizza" });
    expect((await suggest("pizza")).suggestions).toHaveLength(8);
    // The longest text accepted, words that nearly match and all: answered, at most 8.
    const long = await suggest(`${"pizza ".repeat(33)}pi`);
    expect(long.suggestions.length).toBeLessThanOrEqual(8);
  });

  it("is described in the OpenAPI document", async () => {
    const doc = (await (await app.request("/api/v1/openapi.json")).json()) as { paths: Record<string, object> };
    expect(doc.paths["/suggest"]).toHaveProperty("get");
  });

  it("walks an index for business names (migration 0027)", async () => {
    const rows = await queryRows<{ indexname: string }>(
      ctx.database.db,
      sql`select indexname from pg_indexes where tablename = 'businesses' and indexname = 'businesses_suggest_idx'`,
    );
    expect(rows).toHaveLength(1);
  });
});

describe("synonyms (issue 35)", () => {
  it("suggests the kind a synonym names, leading to its search", async () => {
    const mech = (await suggest("mechan")).suggestions;
    expect(mech[0]).toMatchObject({ type: "kind", label: "Auto Repair", url: "/categories/auto-repair" });
    const coffee = (await suggest("coffee sh")).suggestions;
    expect(coffee[0]).toMatchObject({ label: "Cafe & Coffee", url: "/categories/cafes" });
  });
});
