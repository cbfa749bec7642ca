import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businesses } from "~/.server/db/schema";
import { loadEntertainment } from "~/routes/categories-entertainment.server";
import { createBusiness } from "../support/factories";
import { categoriesHarness, names } from "./categories-support";

/** /categories/entertainment: real venues by type and age group, on the server (issue 9). */
let h: Awaited<ReturnType<typeof categoriesHarness>>;
const venues = async (path = "") => (await h.load(loadEntertainment, `/categories/entertainment${path}`)).venues;
const sorted = (items: { name: string }[]) => names(items).sort();

beforeAll(async () => {
  h = await categoriesHarness();
  const db = h.db;
  const e = { category: "entertainment" as const };
  await createBusiness(db, {
    ...e,
    name: "Orpheum Playhouse",
    subcategory: "theater",
    ageGroups: ["adults", "family"],
  });
  await createBusiness(db, { ...e, name: "Capitol Comedy Club", subcategory: "theater", ageGroups: ["adults"] });
  await createBusiness(db, {
    ...e,
    name: "Pixel Palace Arcade",
    subcategory: "arcade",
    ageGroups: ["teens", "family"],
  });
  await createBusiness(db, { ...e, name: "Locked In Escape", subcategory: "escape", ageGroups: ["teens", "adults"] });
  await createBusiness(db, {
    ...e,
    name: "Discovery Depot Museum",
    subcategory: "attractions",
    ageGroups: ["kids", "family"],
    plan: "premium",
  });
  await createBusiness(db, { ...e, name: "Bowling Alley", subcategory: "other", ageGroups: [] });
  await createBusiness(db, {
    ...e,
    name: "Draft Theater",
    subcategory: "theater",
    status: "pending",
    ageGroups: ["kids"],
  });
});
afterAll(async () => {
  await h.cleanup();
});

describe("Entertainment & Activities", () => {
  it("lists published venues with their age groups, Premium first", async () => {
    const all = await venues();
    expect(all).toHaveLength(6);
    expect(all[0]!.name).toBe("Discovery Depot Museum");
    expect(all[0]!.ageGroups).toEqual(["kids", "family"]);
    expect(names(all)).not.toContain("Draft Theater");
  });

  it("filters by each type", async () => {
    expect(sorted(await venues("?type=theater"))).toEqual(["Capitol Comedy Club", "Orpheum Playhouse"]);
    expect(names(await venues("?type=arcade"))).toEqual(["Pixel Palace Arcade"]);
    expect(names(await venues("?type=escape"))).toEqual(["Locked In Escape"]);
    expect(names(await venues("?type=attractions"))).toEqual(["Discovery Depot Museum"]);
  });

  it("filters by each age group", async () => {
    expect(names(await venues("?age=kids"))).toEqual(["Discovery Depot Museum"]);
    expect(sorted(await venues("?age=teens"))).toEqual(["Locked In Escape", "Pixel Palace Arcade"]);
    expect(sorted(await venues("?age=adults"))).toEqual([
      "Capitol Comedy Club",
      "Locked In Escape",
      "Orpheum Playhouse",
    ]);
    expect(sorted(await venues("?age=family"))).toEqual([
      "Discovery Depot Museum",
      "Orpheum Playhouse",
      "Pixel Palace Arcade",
    ]);
  });

  it("combines type, age and text", async () => {
    expect(names(await venues("?type=theater&age=family"))).toEqual(["Orpheum Playhouse"]);
    expect(names(await venues("?type=theater&age=kids"))).toEqual([]);
    expect(names(await venues("?q=comedy&age=adults"))).toEqual(["Capitol Comedy Club"]);
  });

  it("follows the stored age groups when a listing changes", async () => {
    await h.db
      .update(businesses)
      .set({ ageGroups: ["kids", "teens", "adults", "family"] })
      .where(eq(businesses.name, "Capitol Comedy Club"));
    expect(sorted(await venues("?age=kids"))).toEqual(["Capitol Comedy Club", "Discovery Depot Museum"]);
  });

  it("unknown values fall back to All", async () => {
    const r = await h.load(loadEntertainment, "/categories/entertainment?type=zoo&age=seniors");
    expect(r.filters).toMatchObject({ type: "all", age: "all" });
    expect(r.total).toBe(6);
  });

  it("the API filters by age group and features too, and names a bad age (400)", async () => {
    const res = await h.app.request("/api/v1/businesses?category=entertainment&age=family&sort=newest");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { items: { name: string; ageGroups: string[] }[] };
    // (Capitol Comedy Club became all-ages above.)
    expect(body.items.map((i) => i.name).sort()).toEqual([
      "Capitol Comedy Club",
      "Discovery Depot Museum",
      "Orpheum Playhouse",
      "Pixel Palace Arcade",
    ]);
    expect(body.items.every((i) => i.ageGroups.includes("family"))).toBe(true);
    const bad = await h.app.request("/api/v1/businesses?age=seniors");
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { fields: Record<string, string> } }).error.fields.age).toBe(
      "Age must be kids, teens, adults or family.",
    );
  });
});
