import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businesses, businessHours, businessImages, businessMessages, reviews } from "~/.server/db/schema";
import { MESSAGES } from "~/features/listings/schema";
import { createBusiness as insertBusiness } from "../support/factories";
import { listingBody, listingHarness, photoForm, png, type ListingHarness, type Role } from "./listings-support";

/**
 * /api/v1 listing management: who may do what (visitor, customer, another
 * owner, the owner, admin × create, update, delete, photos, moderation), bad
 * input, transactions and clean deletes.
 */

let h: ListingHarness;
beforeAll(async () => {
  h = await listingHarness();
});
afterAll(async () => {
  await h?.ctx.cleanup();
});

type Who = Role | "visitor";
const db = () => h.ctx.database.db;

function api(who: Who, method: string, path: string, body?: unknown) {
  const session = h.as(who);
  if (body instanceof FormData) return session.request(`/api/v1${path}`, { method, body });
  return session.request(`/api/v1${path}`, body === undefined ? { method } : { method, json: body });
}

async function ownedListing(name = "Owner's Place", status: "published" | "pending" | "rejected" = "published") {
  return insertBusiness(db(), { name, ownerId: h.users.owner.id, status });
}

describe("POST /api/v1/businesses", () => {
  it("refuses visitors (401) and customers (403)", async () => {
    const visitor = await api("visitor", "POST", "/businesses", listingBody());
    expect(visitor.status).toBe(401);
    expect(await visitor.json()).toMatchObject({ error: { code: "unauthorized" } });
    const customer = await api("customer", "POST", "/businesses", listingBody());
    expect(customer.status).toBe(403);
    expect(await customer.json()).toMatchObject({
      error: { code: "forbidden", message: "Only business owners and admins can add listings." },
    });
  });

  it("an owner's listing starts pending and belongs to them; an admin's is published", async () => {
    for (const [who, status, owner] of [
      ["owner", "pending", h.users.owner.id],
      ["other", "pending", h.users.other.id],
      ["admin", "published", null],
    ] as const) {
      const res = await api(who, "POST", "/businesses", listingBody({ name: `Created by ${who}` }));
      expect(res.status).toBe(201);
      const body = (await res.json()) as Record<string, unknown>;
      expect(body).toMatchObject({
        name: `Created by ${who}`,
        status,
        ownerId: owner,
        plan: "basic",
        website: "https://lunanoodles.example",
      });
      expect(body.hours).toEqual([
        { day: 0, open: null, close: null, isClosed: true },
        { day: 1, open: "11:00", close: "21:00", isClosed: false },
        { day: 5, open: "18:00", close: "02:00", isClosed: false },
      ]);
    }
    // Pending listings are not public.
    const [pending] = await db().select().from(businesses).where(eq(businesses.name, "Created by owner"));
    expect((await h.visitor.request(`/api/v1/businesses/${pending!.id}`)).status).toBe(404);
  });

  it("answers a 10,000-character name with a 400 naming the field, not a 500", async () => {
    const res = await api("admin", "POST", "/businesses", listingBody({ name: "N".repeat(10_000) }));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: { code: "bad_request", message: MESSAGES.nameTooLong, fields: { name: MESSAGES.nameTooLong } },
    });
  });

  it("refuses unknown fields with 400 and names them", async () => {
    const res = await api("admin", "POST", "/businesses", listingBody({ status: "published", rating: 5 }));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { message: string; fields: Record<string, string> } };
    expect(body.error.message).toBe("Unknown fields: status, rating.");
    expect(body.error.fields).toEqual({ status: "Unknown field.", rating: "Unknown field." });
  });

  it("checks required fields and formats with the form's messages", async () => {
    const res = await api("admin", "POST", "/businesses", {
      name: " ",
      category: "bakeries",
      address: "",
      city: "",
      state: "",
      zip: "6270",
      phone: "call me",
      website: "javascript:alert(1)",
      email: "not-an-email",
      hours: [
        { day: 2, open: "18:00", close: "09:00" },
        { day: 3, open: "09:00" },
      ],
    });
    expect(res.status).toBe(400);
    const { fields } = ((await res.json()) as { error: { fields: Record<string, string> } }).error;
    expect(fields).toMatchObject({
      name: MESSAGES.nameRequired,
      category: MESSAGES.categoryRequired,
      address: MESSAGES.addressRequired,
      city: MESSAGES.cityRequired,
      state: MESSAGES.stateRequired,
      zip: MESSAGES.zipInvalid,
      phone: MESSAGES.phoneInvalid,
      website: MESSAGES.urlInvalid,
      email: MESSAGES.emailInvalid,
      "hours.0.close": "Closing time must be after opening time.",
      "hours.1.close": MESSAGES.closeRequired,
    });
  });

  it("keeps the kind with its category and coordinates in pairs", async () => {
    const res = await api(
      "admin",
      "POST",
      "/businesses",
      listingBody({ category: "shopping", cuisine: "italian", subcategory: "plumbing", latitude: 40 }),
    );
    expect(res.status).toBe(400);
    const { fields } = ((await res.json()) as { error: { fields: Record<string, string> } }).error;
    expect(fields).toEqual({
      cuisine: MESSAGES.cuisineNotRestaurant,
      subcategory: MESSAGES.subcategoryInvalid,
      longitude: MESSAGES.coordinatesPair,
    });
  });

  it("stores a <script> description as the text it is", async () => {
    const description = `<script>alert("x")</script> & "quotes"`;
    const res = await api("admin", "POST", "/businesses", listingBody({ name: "Script Test", description }));
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const [row] = await db()
      .select({ description: businesses.description })
      .from(businesses)
      .where(eq(businesses.id, id));
    expect(row!.description).toBe(description);
    const detail = (await (await h.visitor.request(`/api/v1/businesses/${id}`)).json()) as { description: string };
    expect(detail.description).toBe(description);
  });

  it("lets only admins choose the plan", async () => {
    expect((await api("owner", "POST", "/businesses", listingBody({ plan: "premium" }))).status).toBe(403);
    const res = await api("admin", "POST", "/businesses", listingBody({ name: "Premium Place", plan: "premium" }));
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ plan: "premium" });
  });

  it("refuses a body that is not JSON", async () => {
    const res = await h.sessions.admin.request("/api/v1/businesses", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    expect(res.status).toBe(400);
  });

  it("refuses a cross-site request even with a valid session", async () => {
    const res = await h.sessions.admin.request("/api/v1/businesses", {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "application/json" },
      body: JSON.stringify(listingBody()),
    });
    expect(res.status).toBe(403);
  });
});

describe("PATCH /api/v1/businesses/{id}", () => {
  it("accepts, returns, clears and limits the optional neighborhood (issue 14)", async () => {
    const created = await api(
      "admin",
      "POST",
      "/businesses",
      listingBody({ name: "Enos Bakery", neighborhood: " Enos Park " }),
    );
    expect(created.status).toBe(201);
    const body = (await created.json()) as { id: string; neighborhood: string | null };
    expect(body.neighborhood).toBe("Enos Park");
    const tooLong = await api("admin", "PATCH", `/businesses/${body.id}`, { neighborhood: "x".repeat(101) });
    expect(tooLong.status).toBe(400);
    expect(((await tooLong.json()) as { error: { fields: Record<string, string> } }).error.fields).toHaveProperty(
      "neighborhood",
    );
    const cleared = await api("admin", "PATCH", `/businesses/${body.id}`, { neighborhood: "" });
    expect(await cleared.json()).toMatchObject({ neighborhood: null });
    const doc = JSON.stringify(await (await h.app.request("/api/v1/openapi.json")).json());
    expect(doc).toMatch(/"neighborhood":\{[^}]*"maxLength":100/);
  });

  it("role matrix: visitor 401, customer 403, another owner 403, the owner 200, admin 200", async () => {
    const listing = await ownedListing("Matrix Update");
    const expected: [Who, number][] = [
      ["visitor", 401],
      ["customer", 403],
      ["other", 403],
      ["owner", 200],
      ["admin", 200],
    ];
    for (const [who, status] of expected) {
      const res = await api(who, "PATCH", `/businesses/${listing.id}`, { description: `Edited by ${who}` });
      expect(res.status, who).toBe(status);
    }
    const [row] = await db().select().from(businesses).where(eq(businesses.id, listing.id));
    expect(row!.description).toBe("Edited by admin");
  });

  it("writes only the given fields and upserts hours per day", async () => {
    const listing = await ownedListing("Partial Update");
    const res = await api("owner", "PATCH", `/businesses/${listing.id}`, {
      phone: "217-555-0199",
      hours: [
        { day: 1, open: "07:00", close: "15:00" },
        { day: 6, isClosed: true },
      ],
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      name: string;
      phone: string;
      address: string;
      status: string;
      hours: unknown[];
    };
    expect(body).toMatchObject({
      name: "Partial Update",
      // Stored in E.164 (issue 34), read in the listing's country.
      phone: "+12175550199",
      address: listing.address,
      status: "published",
    });
    const hours = await db()
      .select()
      .from(businessHours)
      .where(eq(businessHours.businessId, listing.id))
      .orderBy(businessHours.day);
    expect(hours.map((r) => [r.day, r.openTime, r.closeTime, r.isClosed])).toEqual([
      [0, "09:00", "17:00", false],
      [1, "07:00", "15:00", false],
      [2, "09:00", "17:00", false],
      [3, "09:00", "17:00", false],
      [4, "09:00", "17:00", false],
      [5, "09:00", "17:00", false],
      [6, null, null, true],
    ]);
  });

  it("an owner's edit keeps a published listing published and sends a rejected one back for review", async () => {
    const published = await ownedListing("Stays Published");
    await api("owner", "PATCH", `/businesses/${published.id}`, { name: "Still Published" });
    const rejected = await ownedListing("Was Rejected", "rejected");
    await db().update(businesses).set({ statusReason: "Photos missing" }).where(eq(businesses.id, rejected.id));
    const res = await api("owner", "PATCH", `/businesses/${rejected.id}`, { description: "Now with details" });
    expect(await res.json()).toMatchObject({ status: "pending", statusReason: null });
    const [row] = await db().select().from(businesses).where(eq(businesses.id, published.id));
    expect(row).toMatchObject({ name: "Still Published", status: "published" });
  });

  it("a new category drops the old kind; a wrong kind is refused", async () => {
    const listing = await ownedListing("Category Switch");
    await db().update(businesses).set({ cuisine: "italian" }).where(eq(businesses.id, listing.id));
    const ok = await api("owner", "PATCH", `/businesses/${listing.id}`, { category: "shopping", subcategory: "gifts" });
    expect(await ok.json()).toMatchObject({ category: "shopping", cuisine: null, subcategory: "gifts" });
    const bad = await api("owner", "PATCH", `/businesses/${listing.id}`, { subcategory: "plumbing" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { fields: { subcategory: MESSAGES.subcategoryInvalid } } });
  });

  it("refuses unknown fields, status and plan changes from owners", async () => {
    const listing = await ownedListing("No Sneaking");
    const status = await api("owner", "PATCH", `/businesses/${listing.id}`, { status: "published" });
    expect(status.status).toBe(400);
    expect(await status.json()).toMatchObject({ error: { fields: { status: "Unknown field." } } });
    expect((await api("owner", "PATCH", `/businesses/${listing.id}`, { plan: "premium" })).status).toBe(403);
    expect((await api("admin", "PATCH", `/businesses/${listing.id}`, { plan: "premium" })).status).toBe(200);
  });

  it("answers 404 to an admin and 403 to an owner for an unknown or malformed id", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      expect((await api("admin", "PATCH", `/businesses/${id}`, { name: "X" })).status).toBe(404);
      expect((await api("owner", "PATCH", `/businesses/${id}`, { name: "X" })).status).toBe(403);
    }
  });

  it("is one transaction: a failure part-way leaves the listing and its hours unchanged", async () => {
    const listing = await ownedListing("Atomic Update");
    // A database-level failure while the hours are written, after the business row was updated.
    await db().execute(sql`create or replace function near_test_fail_hours() returns trigger language plpgsql as $$
      begin if new.open_time = '06:06' then raise exception 'hours write failed'; end if; return new; end $$`);
    await db().execute(sql`create trigger near_test_fail_hours before insert or update on business_hours
      for each row execute function near_test_fail_hours()`);
    try {
      const res = await api("admin", "PATCH", `/businesses/${listing.id}`, {
        name: "Renamed Midway",
        hours: [
          { day: 2, open: "08:00", close: "12:00" },
          { day: 3, open: "06:06", close: "12:00" },
        ],
      });
      expect(res.status).toBe(500);
      expect(await res.json()).toMatchObject({ error: { code: "internal_error" } });
    } finally {
      await db().execute(sql`drop trigger near_test_fail_hours on business_hours`);
    }
    const [row] = await db().select().from(businesses).where(eq(businesses.id, listing.id));
    expect(row!.name).toBe("Atomic Update");
    const hours = await db().select().from(businessHours).where(eq(businessHours.businessId, listing.id));
    expect(hours.every((r) => r.openTime === "09:00")).toBe(true);
  });
});

describe("DELETE /api/v1/businesses/{id}", () => {
  it("role matrix: only admins delete (visitor 401, customer/other/owner 403, admin 204)", async () => {
    const listing = await ownedListing("Matrix Delete");
    for (const [who, status] of [
      ["visitor", 401],
      ["customer", 403],
      ["other", 403],
      ["owner", 403],
      ["admin", 204],
    ] as [Who, number][]) {
      expect((await api(who, "DELETE", `/businesses/${listing.id}`)).status, who).toBe(status);
    }
    expect((await api("admin", "DELETE", `/businesses/${listing.id}`)).status).toBe(404);
  });

  it("removes hours, reviews, messages, photos and their files in one go", async () => {
    const listing = await ownedListing("Full Delete");
    const upload = await api(
      "owner",
      "POST",
      `/businesses/${listing.id}/photos`,
      photoForm([{ name: "front.png", body: await png(900, 600) }]),
    );
    expect(upload.status).toBe(201);
    await db().insert(reviews).values({ businessId: listing.id, author: "Sam", content: "Lovely.", rating: 5 });
    await db()
      .insert(businessMessages)
      .values({ businessId: listing.id, senderName: "Ann", senderEmail: "ann@example.com", body: "Hi" });
    const [image] = await db().select().from(businessImages).where(eq(businessImages.businessId, listing.id));
    expect(h.mediaFiles().filter((f) => f.startsWith(image!.storageKey)).length).toBeGreaterThan(0);

    expect((await api("admin", "DELETE", `/businesses/${listing.id}`)).status).toBe(204);
    for (const table of [businessHours, businessImages, reviews, businessMessages]) {
      expect(await db().select().from(table).where(eq(table.businessId, listing.id))).toEqual([]);
    }
    expect(await db().select().from(businesses).where(eq(businesses.id, listing.id))).toEqual([]);
    expect(h.mediaFiles().filter((f) => f.startsWith(image!.storageKey))).toEqual([]);
  });
});

describe("photos", () => {
  it("upload role matrix: visitor 401, customer 403, another owner 403, the owner 201, admin 201", async () => {
    const listing = await ownedListing("Matrix Photos");
    await db().update(businesses).set({ plan: "featured" }).where(eq(businesses.id, listing.id));
    const body = await png(500, 400);
    for (const [who, status] of [
      ["visitor", 401],
      ["customer", 403],
      ["other", 403],
      ["owner", 201],
      ["admin", 201],
    ] as [Who, number][]) {
      const res = await api(
        who,
        "POST",
        `/businesses/${listing.id}/photos`,
        photoForm([{ name: "a.png", body }], ["Dining room"]),
      );
      expect(res.status, who).toBe(status);
    }
    const photos = await db().select().from(businessImages).where(eq(businessImages.businessId, listing.id));
    expect(photos.map((p) => [p.position, p.alt]).sort()).toEqual([
      [0, "Dining room"],
      [1, "Dining room"],
    ]);
  });

  it("refuses a script renamed .jpg with a 400 naming the file, and a file over 10 MB with 413", async () => {
    const listing = await ownedListing("Bad Files");
    const script = await api(
      "owner",
      "POST",
      `/businesses/${listing.id}/photos`,
      photoForm([{ name: "evil.jpg", body: Buffer.from("<script>alert(1)</script>"), type: "image/jpeg" }]),
    );
    expect(script.status).toBe(400);
    const message = ((await script.json()) as { error: { message: string } }).error.message;
    expect(message).toContain('"evil.jpg"');
    expect(message).toMatch(/not a valid image/);

    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 7);
    const tooBig = await api(
      "owner",
      "POST",
      `/businesses/${listing.id}/photos`,
      photoForm([{ name: "huge.png", body: big }]),
    );
    expect(tooBig.status).toBe(413);
    expect(((await tooBig.json()) as { error: { message: string } }).error.message).toBe(
      '"huge.png" is larger than 10 MB.',
    );
    expect(await db().select().from(businessImages).where(eq(businessImages.businessId, listing.id))).toEqual([]);
  });

  it("keeps owners within their plan's photo limit (Basic: 1); admins are not limited", async () => {
    const listing = await ownedListing("Basic Plan");
    const body = await png(300, 200);
    expect(
      (await api("owner", "POST", `/businesses/${listing.id}/photos`, photoForm([{ name: "1.png", body }]))).status,
    ).toBe(201);
    const before = h.mediaFiles().length;
    const second = await api("owner", "POST", `/businesses/${listing.id}/photos`, photoForm([{ name: "2.png", body }]));
    expect(second.status).toBe(400);
    expect(await second.json()).toMatchObject({
      error: { message: "The Basic plan includes 1 photo. Upgrade to Featured for up to 10." },
    });
    // The refused photo's files were removed again.
    expect(h.mediaFiles().length).toBe(before);
    expect(
      (await api("admin", "POST", `/businesses/${listing.id}/photos`, photoForm([{ name: "2.png", body }]))).status,
    ).toBe(201);
  });

  it("reorders (the first is the cover), edits alt text and removes a photo with its files", async () => {
    const listing = await ownedListing("Photo Ops");
    await db().update(businesses).set({ plan: "premium" }).where(eq(businesses.id, listing.id));
    const res = await api(
      "owner",
      "POST",
      `/businesses/${listing.id}/photos`,
      photoForm(
        [
          { name: "a.png", body: await png(400, 300, { r: 255, g: 0, b: 0 }) },
          { name: "b.png", body: await png(400, 300, { r: 0, g: 255, b: 0 }) },
          { name: "c.png", body: await png(400, 300, { r: 0, g: 0, b: 255 }) },
        ],
        ["A", "B", "C"],
      ),
    );
    expect(res.status).toBe(201);
    const { photos } = (await res.json()) as {
      photos: { id: string; alt: string; position: number; srcSet: string }[];
    };
    expect(photos.map((p) => p.alt)).toEqual(["A", "B", "C"]);
    expect(photos[0]!.srcSet).toMatch(/\/media\/[a-z0-9]+-400\.webp 400w/);
    const [a, b, c] = photos.map((p) => p.id) as [string, string, string];

    const reordered = await api("owner", "PUT", `/businesses/${listing.id}/photos/order`, { ids: [c, a, b] });
    expect(reordered.status).toBe(200);
    expect(((await reordered.json()) as { photos: { id: string }[] }).photos.map((p) => p.id)).toEqual([c, a, b]);
    expect((await api("owner", "PUT", `/businesses/${listing.id}/photos/order`, { ids: [c, a] })).status).toBe(400);
    expect((await api("other", "PUT", `/businesses/${listing.id}/photos/order`, { ids: [a, b, c] })).status).toBe(403);

    const alt = await api("owner", "PATCH", `/businesses/${listing.id}/photos/${a}`, { alt: "The patio at dusk" });
    expect(((await alt.json()) as { photos: { id: string; alt: string }[] }).photos.find((p) => p.id === a)!.alt).toBe(
      "The patio at dusk",
    );
    expect(
      (await api("owner", "PATCH", `/businesses/${listing.id}/photos/${a}`, { alt: "x".repeat(201) })).status,
    ).toBe(400);

    const [rowC] = await db().select().from(businessImages).where(eq(businessImages.id, c));
    const removed = await api("owner", "DELETE", `/businesses/${listing.id}/photos/${c}`);
    expect(removed.status).toBe(200);
    const rest = ((await removed.json()) as { photos: { id: string; position: number }[] }).photos;
    expect(rest.map((p) => [p.id, p.position])).toEqual([
      [a, 0],
      [b, 1],
    ]);
    expect(h.mediaFiles().filter((f) => f.startsWith(rowC!.storageKey))).toEqual([]);
    expect((await api("owner", "DELETE", `/businesses/${listing.id}/photos/${c}`)).status).toBe(404);
  });

  it("refuses unknown multipart fields and an empty upload", async () => {
    const listing = await ownedListing("Upload Fields");
    const form = photoForm([{ name: "a.png", body: await png(100, 100) }]);
    form.append("position", "3");
    const unknown = await api("owner", "POST", `/businesses/${listing.id}/photos`, form);
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ error: { fields: { position: "Unknown field." } } });
    expect((await api("owner", "POST", `/businesses/${listing.id}/photos`, new FormData())).status).toBe(400);
  });
});

describe("moderation", () => {
  it("role matrix: only admins (visitor 401, customer/other/owner 403, admin 200)", async () => {
    const listing = await ownedListing("Matrix Moderation", "pending");
    for (const [who, status] of [
      ["visitor", 401],
      ["customer", 403],
      ["other", 403],
      ["owner", 403],
      ["admin", 200],
    ] as [Who, number][]) {
      expect((await api(who, "POST", `/businesses/${listing.id}/moderation`, { action: "approve" })).status, who).toBe(
        status,
      );
    }
  });

  it("pending → approved is public; rejected needs a reason the owner can read; suspend hides it", async () => {
    const res = await api("owner", "POST", "/businesses", listingBody({ name: "Needs Review" }));
    const { id } = (await res.json()) as { id: string };
    expect((await h.visitor.request(`/api/v1/businesses/${id}`)).status).toBe(404);

    const noReason = await api("admin", "POST", `/businesses/${id}/moderation`, { action: "reject" });
    expect(noReason.status).toBe(400);
    expect(await noReason.json()).toMatchObject({ error: { fields: { reason: MESSAGES.reasonRequired } } });

    const rejected = await api("admin", "POST", `/businesses/${id}/moderation`, {
      action: "reject",
      reason: "Add your opening hours.",
    });
    expect(await rejected.json()).toEqual({ id, status: "rejected", statusReason: "Add your opening hours." });
    const ownerView = await api("owner", "GET", `/manage/businesses/${id}`);
    expect(await ownerView.json()).toMatchObject({ status: "rejected", statusReason: "Add your opening hours." });
    expect((await api("other", "GET", `/manage/businesses/${id}`)).status).toBe(403);

    expect((await api("admin", "POST", `/businesses/${id}/moderation`, { action: "approve" })).status).toBe(200);
    expect((await h.visitor.request(`/api/v1/businesses/${id}`)).status).toBe(200);

    expect(
      (await api("admin", "POST", `/businesses/${id}/moderation`, { action: "suspend", reason: "Closed for good?" }))
        .status,
    ).toBe(200);
    expect((await h.visitor.request(`/api/v1/businesses/${id}`)).status).toBe(404);
    expect((await api("admin", "POST", `/businesses/${id}/moderation`, { action: "publish" })).status).toBe(400);
  });

  it("the admin list searches name or description case-insensitively, filters by status and counts", async () => {
    await insertBusiness(db(), { name: "Zebra Stripe Tailors", description: "Alterations", status: "pending" });
    await insertBusiness(db(), { name: "Quiet Corner", description: "Best ZEBRA cakes in town", status: "published" });
    await insertBusiness(db(), { name: "100% Juice", description: "Fresh", status: "published" });
    const res = await api("admin", "GET", "/manage/businesses?q=zeBRa");
    const body = (await res.json()) as { items: { name: string }[]; total: number; counts: Record<string, number> };
    expect(body.items.map((i) => i.name).sort()).toEqual(["Quiet Corner", "Zebra Stripe Tailors"]);
    expect(body.counts).toMatchObject({ all: 2, pending: 1, published: 1 });
    const pending = (await (await api("admin", "GET", "/manage/businesses?q=zebra&status=pending")).json()) as {
      items: { name: string }[];
    };
    expect(pending.items.map((i) => i.name)).toEqual(["Zebra Stripe Tailors"]);
    // LIKE wildcards typed by the admin match themselves.
    const percent = (await (await api("admin", "GET", "/manage/businesses?q=100%25")).json()) as {
      items: { name: string }[];
    };
    expect(percent.items.map((i) => i.name)).toEqual(["100% Juice"]);
    expect((await api("owner", "GET", "/manage/businesses")).status).toBe(403);
  });
});

describe("OpenAPI document", () => {
  it("describes the listing routes", async () => {
    const doc = (await (await h.visitor.request("/api/v1/openapi.json")).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(doc.paths["/businesses"]!)).toEqual(expect.arrayContaining(["get", "post"]));
    expect(Object.keys(doc.paths["/businesses/{id}"]!)).toEqual(expect.arrayContaining(["get", "patch", "delete"]));
    for (const path of [
      "/businesses/{id}/photos",
      "/businesses/{id}/photos/order",
      "/businesses/{id}/photos/{photoId}",
      "/businesses/{id}/moderation",
      "/manage/businesses",
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
  });
});
