import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/http/app";
import { searchBusinesses } from "~/features/directory/queries.server";
import { createBusiness } from "../support/factories";
import { createTestServices } from "../support/services";
import { signedInUser } from "../support/users";
import { startGeocoder, startTileServer } from "../support/map-stand-ins.mjs";

/** Maps (docs/maps.md): the bbox search filter, the CSP for the tile host, and "Find on map" against the geocoder stand-in. */
let ctx: Awaited<ReturnType<typeof createTestServices>>;
let app: ReturnType<typeof createApp>;
let geocoder: Awaited<ReturnType<typeof startGeocoder>>;
let tiles: Awaited<ReturnType<typeof startTileServer>>;

beforeAll(async () => {
  geocoder = await startGeocoder();
  tiles = await startTileServer();
  ctx = await createTestServices({
    GEOCODER_URL: geocoder.url,
    MAP_TILE_URL: tiles.template,
    PUBLIC_URL: "http://near.test",
    AUTH_RATE_LIMIT: "false",
  });
  app = createApp({ services: ctx.services });
  const db = ctx.database.db;
  await createBusiness(db, { name: "Downtown Deli", latitude: 39.8, longitude: -89.65 });
  await createBusiness(db, { name: "Downtown Diner", latitude: 39.801, longitude: -89.649 });
  await createBusiness(db, { name: "Lakeside Deli", latitude: 39.72, longitude: -89.6 });
  await createBusiness(db, { name: "Nowhere Deli", latitude: null, longitude: null });
});
afterAll(async () => {
  await ctx.cleanup();
  await geocoder.close();
  await tiles.close();
});

const post = (body: unknown) => ({
  method: "POST",
  headers: { "content-type": "application/json", origin: "http://near.test" },
  body: JSON.stringify(body),
});

describe("bbox filter", () => {
  it("keeps only listings inside the box (listings without coordinates are outside every box)", async () => {
    const now = new Date();
    const all = await searchBusinesses(ctx.database.db, { q: "deli", page: 1, pageSize: 20 }, now);
    expect(all.total).toBe(3);
    const downtown = await searchBusinesses(
      ctx.database.db,
      { q: "deli", bbox: [-89.66, 39.79, -89.64, 39.81], page: 1, pageSize: 20 },
      now,
    );
    expect(downtown.items.map((b) => b.name)).toEqual(["Downtown Deli"]);
    expect(downtown.items[0]).toMatchObject({ latitude: 39.8, longitude: -89.65 });
  });

  it("is in the API: a box narrows, a bad box is a 400 naming bbox", async () => {
    const res = await app.request("/api/v1/businesses?bbox=-89.66,39.79,-89.64,39.81");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { items: { name: string }[] };
    expect(body.items.map((b) => b.name).sort()).toEqual(["Downtown Deli", "Downtown Diner"]);
    for (const bad of ["1,2,3", "10,10,5,5", "a,b,c,d", "-200,0,0,10"]) {
      const r = await app.request(`/api/v1/businesses?bbox=${encodeURIComponent(bad)}`);
      expect(r.status, bad).toBe(400);
      expect(JSON.stringify(await r.json())).toContain("bbox");
    }
  });
});

describe("CSP", () => {
  it("allows images from the tile host only", async () => {
    const res = await app.request("/about");
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain(`img-src 'self' data: blob: ${tiles.url}`);
    expect(csp).not.toContain("openstreetmap");
  });
});

describe("POST /api/v1/geocode", () => {
  it("refuses visitors (401)", async () => {
    const res = await app.request("/api/v1/geocode", post({ q: "200 S 6th St" }));
    expect(res.status).toBe(401);
  });

  it("asks the geocoder from the server and answers the first match; not found is null", async () => {
    const owner = await signedInUser(app, ctx.database.db, { type: "business" });
    const found = await owner.json<{ result: { lat: number; lng: number } | null }>("/api/v1/geocode", {
      q: "200 S 6th St, Springfield, IL",
    });
    expect(found.status).toBe(200);
    expect(found.body.result).toMatchObject({ lat: 39.7990175, lng: -89.6439575 });
    expect(geocoder.queries).toContain("200 S 6th St, Springfield, IL");
    const missing = await owner.json<{ result: null }>("/api/v1/geocode", { q: "Nowhere Street" });
    expect(missing.status).toBe(200);
    expect(missing.body.result).toBeNull();
    const empty = await owner.json("/api/v1/geocode", { q: "" });
    expect(empty.status).toBe(400);
  });

  it("limits each user to 20 look-ups per 10 minutes (429 with Retry-After)", async () => {
    const user = await signedInUser(app, ctx.database.db);
    for (let i = 0; i < 20; i++) {
      const r = await user.json("/api/v1/geocode", { q: `${i} Main St` });
      expect(r.status).toBe(200);
    }
    const over = await user.json("/api/v1/geocode", { q: "21 Main St" });
    expect(over.status).toBe(429);
    expect(Number(over.res.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another user still has their own allowance.
    const other = await signedInUser(app, ctx.database.db);
    expect((await other.json("/api/v1/geocode", { q: "1 Main St" })).status).toBe(200);
  });

  it("answers 404 when no geocoder is configured", async () => {
    const plain = await createTestServices({ PUBLIC_URL: "http://near.test", AUTH_RATE_LIMIT: "false" });
    try {
      const plainApp = createApp({ services: plain.services });
      const user = await signedInUser(plainApp, plain.database.db);
      expect((await user.json("/api/v1/geocode", { q: "200 S 6th St" })).status).toBe(404);
    } finally {
      await plain.cleanup();
    }
  });
});
