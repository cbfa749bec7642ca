import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessMessages, businesses, pageViews } from "~/.server/db/schema";
import { createApp } from "../../server/http/app";
import { addReviews, createBusiness } from "../support/factories";
import { createTestServices } from "../support/services";

let ctx: Awaited<ReturnType<typeof createTestServices>>;
let app: ReturnType<typeof createApp>;
let cafe: Awaited<ReturnType<typeof createBusiness>>;

beforeAll(async () => {
  ctx = await createTestServices();
  app = createApp({ services: ctx.services });
  cafe = await createBusiness(ctx.database.db, {
    name: "Corner Cafe",
    cuisine: "cafe",
    categories: ["Coffee"],
    description: "Good coffee.",
    phone: "(217) 555-0100",
  });
  await addReviews(ctx.database.db, cafe.id, [4, 5]);
  await createBusiness(ctx.database.db, { name: "Secret Draft Cafe", status: "pending" });
});
afterAll(async () => {
  await ctx.cleanup();
});

const json = (body: unknown) => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

describe("GET /api/v1/businesses", () => {
  it("searches published businesses with a total count", async () => {
    const res = await app.request("/api/v1/businesses?q=cafe");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ total: 1, page: 1, pageSize: 20, pageCount: 1 });
    expect(body.items[0]).toMatchObject({ name: "Corner Cafe", rating: 4.5, reviewCount: 2, category: "restaurants" });
  });

  it("answers a page past the last one with 404 in the JSON shape, and page 1 of nothing with 200", async () => {
    const past = await app.request("/api/v1/businesses?q=cafe&page=2");
    expect(past.status).toBe(404);
    expect(await past.json()).toEqual({
      error: { code: "not_found", message: "Page 2 is past the last page of results (1)." },
    });
    expect((await app.request("/api/v1/businesses?page=99")).status).toBe(404);
    const none = await app.request("/api/v1/businesses?q=zzzqqqxxx");
    expect(none.status).toBe(200);
    expect(await none.json()).toMatchObject({ items: [], total: 0, page: 1, pageCount: 1 });
    expect((await app.request("/api/v1/businesses?q=zzzqqqxxx&page=2")).status).toBe(404);
  });

  it("finds a feature however it is spelled", async () => {
    await createBusiness(ctx.database.db, { name: "Laptop Lounge", features: ["Wi-Fi"], description: "Quiet desks." });
    for (const q of ["wifi", "WiFi", "wi-fi", "wi fi"]) {
      const body = await (await app.request(`/api/v1/businesses?q=${encodeURIComponent(q)}`)).json();
      expect(body.items.map((i: { name: string }) => i.name)).toEqual(["Laptop Lounge"]);
    }
  });

  it("answers bad parameters with 400 naming each field", async () => {
    const res = await app.request("/api/v1/businesses?rating=11&sort=cheapest&page=-2");
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.code).toBe("bad_request");
    expect(Object.keys(body.error.fields).sort()).toEqual(["page", "rating", "sort"]);
    expect(body.error.fields.rating).toBe("Rating must be a number from 0 to 5.");
  });
});

describe("GET /api/v1/businesses/{id}", () => {
  it("returns the business with hours and reviews, without internal fields", async () => {
    const res = await app.request(`/api/v1/businesses/${cafe.id}`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ id: cafe.id, name: "Corner Cafe", phone: "(217) 555-0100" });
    expect(body.hours).toHaveLength(7);
    expect(body.reviews).toHaveLength(2);
    expect(body).not.toHaveProperty("ownerId");
    expect((await app.request(`/api/v1/businesses/${cafe.slug}`)).status).toBe(200);
  });

  it("answers 404 in the JSON shape for unknown, malformed and unpublished ids", async () => {
    const [draft] = await ctx.database.db.select().from(businesses).where(eq(businesses.status, "pending"));
    for (const id of ["3f1d7b3e-0000-4000-8000-000000000000", "%27%3B%20drop", draft!.id]) {
      const res = await app.request(`/api/v1/businesses/${id}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: { code: "not_found", message: "Business not found." } });
    }
  });
});

describe("POST /api/v1/businesses/{id}/messages", () => {
  it("stores a valid message for the owner", async () => {
    const res = await app.request(
      `/api/v1/businesses/${cafe.id}/messages`,
      json({ name: "Ada", email: "ada@example.com", message: "Do you cater events?" }),
    );
    expect(res.status).toBe(201);
    const rows = await ctx.database.db.select().from(businessMessages).where(eq(businessMessages.businessId, cafe.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ senderName: "Ada", senderEmail: "ada@example.com", body: "Do you cater events?" });
  });

  it("validates every field with clear messages", async () => {
    const res = await app.request(
      `/api/v1/businesses/${cafe.id}/messages`,
      json({ name: "", email: "nope", message: "hi" }),
    );
    expect(res.status).toBe(400);
    expect((await res.json()).error.fields).toEqual({
      name: "Name is required.",
      email: "Enter a valid email address.",
      message: "Message must be at least 10 characters.",
    });
  });

  it("answers malformed JSON with 400, not 500", async () => {
    const res = await app.request(`/api/v1/businesses/${cafe.id}/messages`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe("bad_request");
  });

  it("accepts but drops a message whose honeypot is filled", async () => {
    const before = await ctx.database.db.select().from(businessMessages);
    const res = await app.request(
      `/api/v1/businesses/${cafe.id}/messages`,
      json({
        name: "Bot",
        email: "bot@example.com",
        message: "Buy cheap stuff now!!!",
        website: "http://spam.example",
      }),
    );
    expect(res.status).toBe(201);
    expect(await ctx.database.db.select().from(businessMessages)).toHaveLength(before.length);
  });

  it("takes a slug like the other business routes, and answers a malformed id with 404 (not 500)", async () => {
    const bySlug = await app.request(
      `/api/v1/businesses/${cafe.slug}/messages`,
      json({ name: "Ada", email: "ada@example.com", message: "Sent by slug, please." }),
    );
    expect(bySlug.status).toBe(201);
    const stored = await ctx.database.db
      .select()
      .from(businessMessages)
      .where(eq(businessMessages.body, "Sent by slug, please."));
    expect(stored.map((m) => m.businessId)).toEqual([cafe.id]);
    const malformed = await app.request(
      `/api/v1/businesses/no-such-place/messages`,
      json({ name: "Ada", email: "ada@example.com", message: "Anyone there at all?" }),
    );
    expect(malformed.status).toBe(404);
  });

  it("answers 404 for an unknown business and 429 after too many messages", async () => {
    const unknown = await app.request(
      `/api/v1/businesses/3f1d7b3e-0000-4000-8000-000000000000/messages`,
      json({ name: "Ada", email: "ada@example.com", message: "Anyone there at all?" }),
    );
    expect(unknown.status).toBe(404);
    let last: Response | undefined;
    for (let i = 0; i < 6; i++) {
      last = await app.request(
        `/api/v1/businesses/${cafe.id}/messages`,
        json({ name: "Ada", email: "ada@example.com", message: `Question number ${i}` }),
      );
    }
    expect(last!.status).toBe(429);
    expect(last!.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await last!.json()).error.code).toBe("too_many_requests");
  });
});

describe("POST /api/v1/page-views", () => {
  it("records a view with an anonymous visitor id cookie", async () => {
    const res = await app.request("/api/v1/page-views", json({ path: "/", name: "Home" }));
    expect(res.status).toBe(204);
    expect(res.headers.get("set-cookie")).toMatch(
      /near_vid=[0-9a-f-]{36}; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax/,
    );
    const res2 = await app.request(
      "/api/v1/page-views",
      json({ path: `/business/${cafe.id}`, name: "Business", businessId: cafe.id }),
    );
    expect(res2.status).toBe(204);
    const rows = await ctx.database.db.select().from(pageViews);
    expect(rows.map((r) => r.name).sort()).toEqual(["Business", "Home"]);
    expect(rows.find((r) => r.name === "Business")?.businessId).toBe(cafe.id);
  });

  it("refuses a bad payload and records nothing", async () => {
    const before = (await ctx.database.db.select().from(pageViews)).length;
    const res = await app.request("/api/v1/page-views", json({ path: "no-slash", name: "" }));
    expect(res.status).toBe(400);
    expect(Object.keys((await res.json()).error.fields).sort()).toEqual(["name", "path"]);
    expect(await ctx.database.db.select().from(pageViews)).toHaveLength(before);
  });
});

describe("OpenAPI", () => {
  it("documents the directory routes", async () => {
    const doc = await (await app.request("/api/v1/openapi.json")).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/businesses", "/businesses/{id}", "/businesses/{id}/messages", "/page-views"]),
    );
  });
});
