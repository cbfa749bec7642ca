import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/http/app";
import { resolvePlace, searchBusinesses } from "~/features/directory/queries.server";
import { explainPlan } from "../support/explain";
import { createBusiness } from "../support/factories";
import { createTestServices } from "../support/services";

/** "Near me" by a typed neighbourhood (issue 14, docs/maps.md, migration 0032): resolution, precedence, the index. */
let ctx: Awaited<ReturnType<typeof createTestServices>>;
let app: ReturnType<typeof createApp>;

const SPRINGFIELD = { city: "Springfield", state: "IL" };
const PEORIA = { city: "Peoria", state: "IL" };

beforeAll(async () => {
  ctx = await createTestServices({ PUBLIC_URL: "http://near.test" });
  app = createApp({ services: ctx.services });
  const db = ctx.database.db;
  // Downtown is a neighbourhood of two cities: Springfield (the site's city) with two listings, Peoria with three.
  await createBusiness(db, { name: "Capitol Cafe", neighborhood: "Downtown", latitude: 39.8, longitude: -89.65 });
  await createBusiness(db, { name: "Old State Cafe", neighborhood: "Downtown", latitude: 39.82, longitude: -89.65 });
  for (const lat of [40.69, 40.69, 40.72])
    await createBusiness(db, {
      name: "River Cafe",
      ...PEORIA,
      zip: "61602",
      neighborhood: "Downtown",
      latitude: lat,
      longitude: -89.59,
    });
  // Neither moves a centre: not published, no position.
  await createBusiness(db, {
    name: "Pending Cafe",
    neighborhood: "Downtown",
    latitude: 45,
    longitude: -89.65,
    status: "pending",
  });
  await createBusiness(db, { name: "Lost Cafe", neighborhood: "Downtown", latitude: null, longitude: null });
  await createBusiness(db, { name: "Enos Cafe", neighborhood: "Enos Park", latitude: null, longitude: null });
  // "Lincoln" is a city and a neighbourhood of Springfield.
  await createBusiness(db, { name: "Lincoln Park Cafe", neighborhood: "Lincoln", latitude: 39.78, longitude: -89.66 });
  await createBusiness(db, { name: "Lincoln Cafe", city: "Lincoln", zip: "62656", latitude: 40.15, longitude: -89.36 });
});
afterAll(() => ctx.cleanup());

describe("resolvePlace with a neighbourhood", () => {
  it("resolves a neighbourhood, trimmed and in any case, to its listings' centre, labelled with its city", async () => {
    const db = ctx.database.db;
    for (const text of ["  downtown, springfield ", "DOWNTOWN, Springfield, il", "Downtown, Springfield"]) {
      const place = await resolvePlace(db, text);
      expect(place).toMatchObject({ label: "Downtown, Springfield" });
      expect(place!.lat).toBeCloseTo(39.81, 6);
      expect(place!.lng).toBeCloseTo(-89.65, 6);
    }
    await expect(resolvePlace(db, "Downtown, Peoria, IL")).resolves.toMatchObject({ label: "Downtown, Peoria" });
    await expect(resolvePlace(db, "Downtown, Springfield, MO")).resolves.toBeNull();
    await expect(resolvePlace(db, "Downtown, Chicago")).resolves.toBeNull();
    // Its only listing has no position.
    await expect(resolvePlace(db, "Enos Park")).resolves.toBeNull();
    await expect(resolvePlace(db, "Atlantis")).resolves.toBeNull();
    await expect(resolvePlace(db, "a, b, c, d")).resolves.toBeNull();
  });

  it("picks the site's city for a name in several cities, else the city with most listings", async () => {
    const db = ctx.database.db;
    await expect(resolvePlace(db, "Downtown", SPRINGFIELD)).resolves.toMatchObject({ label: "Downtown, Springfield" });
    const peoria = await resolvePlace(db, "downtown");
    expect(peoria).toMatchObject({ label: "Downtown, Peoria" });
    expect(peoria!.lat).toBeCloseTo(40.7, 6);
    await expect(resolvePlace(db, "Downtown", { city: "Chicago", state: "IL" })).resolves.toMatchObject({
      label: "Downtown, Peoria",
    });
    await expect(resolvePlace(db, "Downtown", PEORIA)).resolves.toMatchObject({ label: "Downtown, Peoria" });
  });

  it("lets a city win over a neighbourhood of the same name; 'Name, City' reaches the neighbourhood", async () => {
    const db = ctx.database.db;
    await expect(resolvePlace(db, "lincoln", SPRINGFIELD)).resolves.toEqual({
      lat: 40.15,
      lng: -89.36,
      label: "Lincoln, IL",
    });
    await expect(resolvePlace(db, "Lincoln, Springfield")).resolves.toEqual({
      lat: 39.78,
      lng: -89.66,
      label: "Lincoln, Springfield",
    });
  });

  it("searches around the neighbourhood, in the site's city first", async () => {
    const result = await searchBusinesses(ctx.database.db, {
      q: "cafe",
      page: 1,
      pageSize: 20,
      near: "Downtown",
      radius: 1,
      sort: "distance",
      site: SPRINGFIELD,
    });
    expect(result.origin).toMatchObject({ label: "Downtown, Springfield", radius: 1 });
    expect(result.items.map((b) => b.name).sort()).toEqual(["Capitol Cafe", "Old State Cafe"]);
  });

  it("looks the name up on businesses_neighborhood_idx (migration 0032)", async () => {
    const plan = await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return explainPlan(
        tx,
        sql`select avg(latitude), avg(longitude), min(neighborhood), min(city)
        from businesses where status = 'published' and neighborhood is not null and lower(neighborhood) = 'downtown'
          and lower(city) = 'springfield' and latitude is not null and longitude is not null
        group by lower(city), lower(state)`,
      );
    });
    expect(plan).toContain("businesses_neighborhood_idx");
    expect(plan).not.toContain("Seq Scan");
  });
});

describe("at 20,000 listings", () => {
  it(
    "the planner picks businesses_neighborhood_idx on its own, not a sequential scan",
    { timeout: 300_000 },
    async () => {
      const db = ctx.database.db;
      // One statement (the triggers are statement-level): 20,000 listings of another state in 100 neighbourhoods
      // (more would only make the test slower: the planner's choice is already the one it makes at 100,000).
      await db.execute(sql`insert into businesses (slug, name, category, primary_category, address, city, state, zip, timezone, status,
        neighborhood, latitude, longitude)
      select 'scale-' || g, 'Scale Shop ' || g, 'shopping', 'shopping', g || ' Grid St', 'Scaleville ' || (g % 50), 'KS', '67001',
        'America/Chicago', 'published', 'Block ' || (g % 100), 38 + (g % 100) / 1000.0, -98 - (g % 70) / 1000.0
      from generate_series(1, 20000) g`);
      await db.execute(sql`analyze businesses`);
      const plan = await explainPlan(
        db,
        sql`select avg(latitude), avg(longitude), min(neighborhood), min(city)
        from businesses where status = 'published' and neighborhood is not null and lower(neighborhood) = 'block 7'
          and latitude is not null and longitude is not null
        group by lower(city), lower(state)`,
      );
      expect(plan).toContain("businesses_neighborhood_idx");
      expect(plan).not.toContain("Seq Scan");
      const place = await resolvePlace(db, "block 7");
      expect(place).toMatchObject({ label: "Block 7, Scaleville 7" });
      // The demo's places still resolve as before.
      await expect(resolvePlace(db, "Downtown", SPRINGFIELD)).resolves.toMatchObject({
        label: "Downtown, Springfield",
      });
    },
  );
});

describe("GET /api/v1/businesses?near= a neighbourhood", () => {
  it("answers around it with its label, and 400 naming near for an unknown one", async () => {
    const res = await app.request("/api/v1/businesses?near=Downtown%2C%20Springfield&radius=1&sort=distance");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { origin: { label: string }; items: { name: string }[] };
    expect(body.origin.label).toBe("Downtown, Springfield");
    expect(body.items.map((b) => b.name).sort()).toEqual(["Capitol Cafe", "Old State Cafe"]);
    const unknown = await app.request("/api/v1/businesses?near=Hidden%20Valley");
    expect(unknown.status).toBe(400);
    const error = (await unknown.json()) as { error: { fields?: Record<string, string> } };
    expect(Object.keys(error.error.fields ?? {})).toContain("near");
  });
});
