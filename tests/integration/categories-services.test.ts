import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadServices } from "~/routes/categories-services.server";
import { addReviews, createBusiness } from "../support/factories";
import { categoriesHarness, names } from "./categories-support";

/** /categories/services: real providers, filtered, sorted and paged on the server (issue 9). */
let h: Awaited<ReturnType<typeof categoriesHarness>>;
const services = (path = "") => h.load(loadServices, `/categories/services${path}`);

beforeAll(async () => {
  h = await categoriesHarness();
  const db = h.db;
  const rooter = await createBusiness(db, {
    name: "Rapid Rooter Plumbing",
    category: "services",
    subcategory: "plumbing",
    features: ["Licensed & Insured", "24/7 Emergency"],
    description: "Drains, water heaters and burst pipes.",
  });
  await addReviews(db, rooter.id, [5, 4]);
  await createBusiness(db, {
    name: "Benson Plumbing",
    category: "services",
    subcategory: "plumbing",
    features: ["Serves within 20 miles"],
    plan: "featured",
  });
  await createBusiness(db, {
    name: "Bright Spark Electric",
    category: "services",
    subcategory: "electrical",
    plan: "premium",
    features: ["Licensed & Insured", "Serves within 20 miles"],
  });
  await createBusiness(db, { name: "Sparkle Cleaning", category: "services", subcategory: "cleaning" });
  await createBusiness(db, { name: "Evergreen Landscaping", category: "services", subcategory: "landscaping" });
  await createBusiness(db, {
    name: "Suspended Sewer Co",
    category: "services",
    subcategory: "plumbing",
    status: "suspended",
  });
  await createBusiness(db, { name: "Plumbing Supply Store", category: "shopping", subcategory: "home" });
});
afterAll(async () => {
  await h.cleanup();
});

describe("Local Services", () => {
  it("lists published providers only, Premium first, with the features the badges come from", async () => {
    const all = await services();
    expect(all.total).toBe(5);
    expect(all.hasMore).toBe(false);
    expect(names(all.providers)[0]).toBe("Bright Spark Electric");
    expect(names(all.providers)[1]).toBe("Rapid Rooter Plumbing");
    expect(names(all.providers)).not.toContain("Suspended Sewer Co");
    expect(names(all.providers)).not.toContain("Plumbing Supply Store");
    const featured = all.providers.find((p) => p.name === "Benson Plumbing")!;
    expect(featured.plan).toBe("featured");
    expect(featured.features).toEqual(["Serves within 20 miles"]);
  });

  it("filters by each service type", async () => {
    expect(names((await services("?type=plumbing")).providers)).toEqual(["Rapid Rooter Plumbing", "Benson Plumbing"]);
    expect(names((await services("?type=electrical")).providers)).toEqual(["Bright Spark Electric"]);
    expect(names((await services("?type=cleaning")).providers)).toEqual(["Sparkle Cleaning"]);
    expect(names((await services("?type=landscaping")).providers)).toEqual(["Evergreen Landscaping"]);
  });

  it("searches within services, combined with the type", async () => {
    expect(names((await services("?q=water+heaters")).providers)).toEqual(["Rapid Rooter Plumbing"]);
    expect(names((await services("?q=plumbing&type=electrical")).providers)).toEqual([]);
    expect((await services("?q=plumbing")).providers.every((p) => p.category === "services")).toBe(true);
  });

  it("an unknown type falls back to All Services", async () => {
    const r = await services("?type=roofing");
    expect(r.filters.type).toBe("all");
    expect(r.total).toBe(5);
  });

  it("with text, Premium breaks ties between equal matches; a better match still comes first", async () => {
    const kings = await createBusiness(h.db, { name: "Sewer Kings", category: "services", subcategory: "plumbing" });
    await addReviews(h.db, kings.id, [5, 5]);
    await createBusiness(h.db, { name: "Sewer Pros", category: "services", subcategory: "plumbing", plan: "premium" });
    await createBusiness(h.db, {
      name: "Hometown Drains",
      category: "services",
      subcategory: "plumbing",
      plan: "premium",
      description: "We also clear a sewer line or two.",
    });
    expect(names((await services("?q=sewer")).providers)).toEqual(["Sewer Pros", "Sewer Kings", "Hometown Drains"]);
  });
});
