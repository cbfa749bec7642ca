import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businesses, businessHours, businessImages } from "~/.server/db/schema";
import { AdminListingCard } from "~/features/listings/components/admin-listing-card";
import { MESSAGES } from "~/features/listings/schema";
import type { AdminListItem } from "~/features/listings/types";
import { adminAction, loadAdmin } from "~/routes/admin.server";
import { loadEditBusiness, updateBusinessAction } from "~/routes/business-edit.server";
import { createBusinessAction, loadNewBusiness } from "~/routes/business-new.server";
import { createBusiness as insertBusiness } from "../support/factories";
import { ORIGIN, listingHarness, png, settle, type ListingHarness, type Role } from "./listings-support";

/**
 * The pages' loaders and actions (/admin, /business/new, /business/edit/:id)
 * for every role, and the form's multipart path: photos with the listing in
 * one transaction, refused files, the photo list on edit.
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

function req(who: Who, path: string, body?: FormData) {
  const headers = new Headers();
  if (who !== "visitor") headers.set("cookie", h.users[who].cookie);
  if (body) headers.set("origin", ORIGIN);
  return new Request(`${ORIGIN}${path}`, body ? { method: "POST", headers, body } : { headers });
}

function form(fields: Record<string, string | string[]>, files: Record<string, File> = {}) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const value of Array.isArray(v) ? v : [v]) fd.append(k, value);
  for (const [k, f] of Object.entries(files)) fd.append(k, f);
  return fd;
}

const basics = (name: string) => ({
  name,
  category: "restaurants",
  cuisine: "italian",
  description: "Wood-fired pizza.",
  address: "7 Oven Road",
  city: "Springfield",
  state: "IL",
  zip: "62701",
  features: ["Takeout", "Patio"],
  "hours.1.mode": "open",
  "hours.1.open": "11:00",
  "hours.1.close": "22:00",
  "hours.5.mode": "open",
  "hours.5.open": "17:00",
  "hours.5.close": "01:00",
  "hours.5.overnight": "on",
  "hours.0.mode": "closed",
  "hours.6.mode": "allDay",
});

async function file(name: string, body?: Buffer, type = "image/png") {
  return new File([new Uint8Array(body ?? (await png(800, 600)))], name, { type });
}

function expectRedirect(response: Response | undefined, to: string | RegExp, notice?: boolean) {
  expect(response?.status).toBe(302);
  const location = response!.headers.get("location")!;
  if (typeof to === "string") expect(location).toBe(to);
  else expect(location).toMatch(to);
  if (notice) expect(response!.headers.getSetCookie().join()).toMatch(/near_notice=accessDenied/);
}

describe("/business/new", () => {
  it("loader: visitor → /auth and back, customer → / with Access Denied, owners and admins get the form", async () => {
    const ctx = h.routeContext;
    expectRedirect(
      (await settle(loadNewBusiness({ request: req("visitor", "/business/new"), context: ctx }))).response,
      "/auth?redirectTo=%2Fbusiness%2Fnew",
    );
    expectRedirect(
      (await settle(loadNewBusiness({ request: req("customer", "/business/new"), context: ctx }))).response,
      "/",
      true,
    );
    expect(
      (await settle(loadNewBusiness({ request: req("owner", "/business/new"), context: ctx }))).value,
    ).toMatchObject({
      isAdmin: false,
      photoLimit: 1,
      defaults: { city: "Springfield", state: "IL" },
    });
    expect(
      (await settle(loadNewBusiness({ request: req("admin", "/business/new"), context: ctx }))).value,
    ).toMatchObject({ isAdmin: true, photoLimit: null });
  });

  it("action: the same rule; an owner's listing is pending with its hours and photo, an admin's published", async () => {
    const ctx = h.routeContext;
    for (const who of ["visitor", "customer"] as const) {
      const { response } = await settle(
        createBusinessAction({ request: req(who, "/business/new", form(basics(`By ${who}`))), context: ctx }),
      );
      expect(response?.status).toBe(302);
    }
    expect(await db().select().from(businesses).where(eq(businesses.name, "By customer"))).toEqual([]);

    const owner = await createBusinessAction({
      request: req(
        "owner",
        "/business/new",
        form({ ...basics("Owner Oven"), "photos.0.alt": "The oven" }, { "photos.0.file": await file("oven.png") }),
      ),
      context: ctx,
    });
    expect(owner).toMatchObject({ ok: true, status: "pending" });
    const id = (owner as { id: string }).id;
    const [row] = await db().select().from(businesses).where(eq(businesses.id, id));
    expect(row).toMatchObject({
      ownerId: h.users.owner.id,
      status: "pending",
      features: ["Takeout", "Patio"],
      cuisine: "italian",
    });
    const hours = await db()
      .select()
      .from(businessHours)
      .where(eq(businessHours.businessId, id))
      .orderBy(businessHours.day);
    expect(hours.map((r) => [r.day, r.openTime, r.closeTime, r.isClosed])).toEqual([
      [0, null, null, true],
      [1, "11:00", "22:00", false],
      [5, "17:00", "01:00", false],
      [6, "00:00", "24:00", false],
    ]);
    const photos = await db().select().from(businessImages).where(eq(businessImages.businessId, id));
    expect(photos).toMatchObject([{ position: 0, alt: "The oven", width: 800, height: 600 }]);

    const admin = await createBusinessAction({
      request: req("admin", "/business/new", form(basics("Admin Oven"))),
      context: ctx,
    });
    expect(admin).toMatchObject({ ok: true, status: "published" });
  });

  it("action: a disguised file is refused naming it, nothing is stored, and the form's fields come back as errors", async () => {
    const before = h.mediaFiles();
    const res = await createBusinessAction({
      request: req(
        "admin",
        "/business/new",
        form(
          { ...basics("Disguised"), "photos.0.alt": "", "photos.1.alt": "" },
          {
            "photos.0.file": await file("good.png"),
            "photos.1.file": await file("script.jpg", Buffer.from("<?php system($_GET['c']); ?>"), "image/jpeg"),
          },
        ),
      ),
      context: h.routeContext,
    });
    const { data, init } = res as unknown as {
      data: { ok: false; message: string; result: { error: Record<string, string[]> } };
      init: { status: number };
    };
    expect(init.status).toBe(400);
    expect(data.result.error["photos.1.file"]?.[0]).toMatch(/^"script\.jpg" is not a valid image/);
    expect(await db().select().from(businesses).where(eq(businesses.name, "Disguised"))).toEqual([]);
    expect(h.mediaFiles()).toEqual(before);

    const long = await createBusinessAction({
      request: req("admin", "/business/new", form(basics("N".repeat(10_000)))),
      context: h.routeContext,
    });
    const longData = long as unknown as {
      data: { message: string; result: { error: Record<string, string[]> } };
      init: { status: number };
    };
    expect(longData.init.status).toBe(400);
    expect(longData.data.message).toBe(MESSAGES.nameTooLong);
    expect(longData.data.result.error).toEqual({ name: [MESSAGES.nameTooLong] });

    const hours = await createBusinessAction({
      request: req("admin", "/business/new", form({ ...basics("Late Hours"), "hours.5.overnight": [] })),
      context: h.routeContext,
    });
    expect((hours as unknown as { data: { result: { error: Record<string, string[]> } } }).data.result.error).toEqual({
      "hours.5.close": ["Closing time must be after opening time."],
    });
  });
});

describe("/business/edit/:id", () => {
  it("saves the form's optional neighborhood, loads it for editing, and clears it when emptied (issue 14)", async () => {
    const listing = await insertBusiness(db(), { name: "Hood Bakery", ownerId: h.users.owner.id });
    const path = `/business/edit/${listing.id}`;
    const ctx = h.routeContext;
    const params = { id: listing.id };
    const save = (neighborhood: string) =>
      updateBusinessAction({
        request: req("owner", path, form({ ...basics("Hood Bakery"), neighborhood })),
        context: ctx,
        params,
      });
    expect(await save("  Vinegar Hill ")).toMatchObject({ ok: true });
    const loaded = await settle(loadEditBusiness({ request: req("owner", path), context: ctx, params }));
    expect(loaded.value).toMatchObject({ business: { neighborhood: "Vinegar Hill" } });
    const refused = await settle(save("x".repeat(101)));
    expect(JSON.stringify(refused)).toContain(MESSAGES.neighborhoodTooLong);
    expect(await save("")).toMatchObject({ ok: true });
    const [row] = await db().select().from(businesses).where(eq(businesses.id, listing.id));
    expect(row!.neighborhood).toBeNull();
  });

  it("loader and action: visitor → /auth, customer and another owner → / with Access Denied, the owner and admins may", async () => {
    const listing = await insertBusiness(db(), { name: "Edit Matrix", ownerId: h.users.owner.id });
    const path = `/business/edit/${listing.id}`;
    const ctx = h.routeContext;
    const params = { id: listing.id };
    expectRedirect(
      (await settle(loadEditBusiness({ request: req("visitor", path), context: ctx, params }))).response,
      /^\/auth\?redirectTo=/,
    );
    for (const who of ["customer", "other"] as const) {
      expectRedirect(
        (await settle(loadEditBusiness({ request: req(who, path), context: ctx, params }))).response,
        "/",
        true,
      );
      const { response } = await settle(
        updateBusinessAction({ request: req(who, path, form(basics("Hijacked"))), context: ctx, params }),
      );
      expectRedirect(response, "/", true);
    }
    expect((await settle(loadEditBusiness({ request: req("owner", path), context: ctx, params }))).value).toMatchObject(
      {
        business: { id: listing.id, name: "Edit Matrix" },
        isAdmin: false,
        isOwner: true,
        photoLimit: 1,
      },
    );
    expect(
      await updateBusinessAction({
        request: req("owner", path, form(basics("Edited By Owner"))),
        context: ctx,
        params,
      }),
    ).toMatchObject({
      ok: true,
      status: "published",
    });
    expect(
      await updateBusinessAction({
        request: req("admin", path, form(basics("Edited By Admin"))),
        context: ctx,
        params,
      }),
    ).toMatchObject({ ok: true });
    const [row] = await db().select().from(businesses).where(eq(businesses.id, listing.id));
    expect(row!.name).toBe("Edited By Admin");

    const missing = await settle(
      loadEditBusiness({
        request: req("admin", "/business/edit/x"),
        context: ctx,
        params: { id: "00000000-0000-4000-8000-000000000000" },
      }),
    );
    expect(missing.response?.status).toBe(404);
  });

  it("applies the photo list in the same transaction: order, cover, alt, new files, removals (files deleted after)", async () => {
    const listing = await insertBusiness(db(), { name: "Photo Plan", ownerId: h.users.owner.id, plan: "featured" });
    const path = `/business/edit/${listing.id}`;
    const params = { id: listing.id };
    const ctx = h.routeContext;
    const first = await updateBusinessAction({
      request: req(
        "owner",
        path,
        form(
          { ...basics("Photo Plan"), "photos.0.alt": "A", "photos.1.alt": "B" },
          { "photos.0.file": await file("a.png"), "photos.1.file": await file("b.png") },
        ),
      ),
      context: ctx,
      params,
    });
    expect(first).toMatchObject({ ok: true });
    const stored = await db()
      .select()
      .from(businessImages)
      .where(eq(businessImages.businessId, listing.id))
      .orderBy(businessImages.position);
    expect(stored.map((p) => p.alt)).toEqual(["A", "B"]);
    const [a, b] = stored as [(typeof stored)[0], (typeof stored)[0]];

    // B becomes the cover with new alt text, A is removed, a new photo C is added last.
    const second = await updateBusinessAction({
      request: req(
        "owner",
        path,
        form(
          { ...basics("Photo Plan"), "photos.0.id": b.id, "photos.0.alt": "B, the cover", "photos.1.alt": "C" },
          { "photos.1.file": await file("c.png") },
        ),
      ),
      context: ctx,
      params,
    });
    expect(second).toMatchObject({ ok: true });
    const after = await db()
      .select()
      .from(businessImages)
      .where(eq(businessImages.businessId, listing.id))
      .orderBy(businessImages.position);
    expect(after.map((p) => [p.position, p.alt])).toEqual([
      [0, "B, the cover"],
      [1, "C"],
    ]);
    expect(after[0]!.id).toBe(b.id);
    expect(h.mediaFiles().filter((f) => f.startsWith(a.storageKey))).toEqual([]);
    expect(h.mediaFiles().filter((f) => f.startsWith(b.storageKey)).length).toBeGreaterThan(0);
  });

  it("is all or nothing: a photo that isn't this listing's aborts the whole save and removes the new files", async () => {
    const mine = await insertBusiness(db(), { name: "Atomic Form", ownerId: h.users.owner.id, plan: "premium" });
    const theirs = await insertBusiness(db(), { name: "Someone Else", ownerId: h.users.other.id });
    const [foreign] = await db()
      .insert(businessImages)
      .values({
        businessId: theirs.id,
        position: 0,
        storageKey: "aaaaaaaaaaaaaaaaaaaaaaaa",
        widths: [400],
        width: 400,
        height: 300,
      })
      .returning();
    const before = h.mediaFiles();
    const res = await updateBusinessAction({
      request: req(
        "owner",
        `/business/edit/${mine.id}`,
        form(
          {
            ...basics("Renamed Atomically"),
            "photos.0.alt": "new",
            "photos.1.id": foreign!.id,
            "photos.1.alt": "stolen",
          },
          { "photos.0.file": await file("new.png") },
        ),
      ),
      context: h.routeContext,
      params: { id: mine.id },
    });
    expect((res as unknown as { init: { status: number } }).init.status).toBe(400);
    const [row] = await db().select().from(businesses).where(eq(businesses.id, mine.id));
    expect(row!.name).toBe("Atomic Form");
    const hours = await db().select().from(businessHours).where(eq(businessHours.businessId, mine.id));
    expect(hours.every((r) => r.openTime === "09:00")).toBe(true);
    expect(await db().select().from(businessImages).where(eq(businessImages.businessId, mine.id))).toEqual([]);
    expect(h.mediaFiles()).toEqual(before);
  });
});

describe("/admin", () => {
  it("loader: visitor → /auth?redirectTo=/admin; customer and owners → / with Access Denied; admins get the list", async () => {
    const ctx = h.routeContext;
    expectRedirect(
      (await settle(loadAdmin({ request: req("visitor", "/admin"), context: ctx }))).response,
      "/auth?redirectTo=%2Fadmin",
    );
    for (const who of ["customer", "owner", "other"] as const) {
      expectRedirect((await settle(loadAdmin({ request: req(who, "/admin"), context: ctx }))).response, "/", true);
    }
    const { value } = await settle(
      loadAdmin({ request: req("admin", "/admin?q=OVEN&status=bogus&page=-3"), context: ctx }),
    );
    expect(value!.params).toEqual({ q: "OVEN", status: "all", page: 1 });
    expect(value!.result.items.map((i) => i.name).sort()).toEqual(["Admin Oven", "Owner Oven"]);
  });

  it("action: only admins delete or moderate", async () => {
    const listing = await insertBusiness(db(), {
      name: "Admin Action Target",
      ownerId: h.users.owner.id,
      status: "pending",
    });
    const ctx = h.routeContext;
    for (const who of ["visitor", "customer", "owner", "other"] as const) {
      const attempts: Record<string, string>[] = [
        { intent: "delete", id: listing.id },
        { intent: "moderate", id: listing.id, action: "approve" },
      ];
      for (const fields of attempts) {
        const { response } = await settle(adminAction({ request: req(who, "/admin", form(fields)), context: ctx }));
        expect(response?.status, `${who} ${fields.intent}`).toBe(302);
      }
    }
    const [still] = await db().select().from(businesses).where(eq(businesses.id, listing.id));
    expect(still!.status).toBe("pending");

    const noReason = await adminAction({
      request: req("admin", "/admin", form({ intent: "moderate", id: listing.id, action: "reject" })),
      context: ctx,
    });
    expect((noReason as unknown as { data: { fields: Record<string, string> } }).data.fields).toEqual({
      reason: MESSAGES.reasonRequired,
    });
    expect(
      await adminAction({
        request: req(
          "admin",
          "/admin",
          form({ intent: "moderate", id: listing.id, name: "Admin Action Target", action: "approve" }),
        ),
        context: ctx,
      }),
    ).toEqual({ ok: true, intent: "moderate", id: listing.id, name: "Admin Action Target", status: "published" });
    expect(
      await adminAction({
        request: req("admin", "/admin", form({ intent: "delete", id: listing.id, name: "x" })),
        context: ctx,
      }),
    ).toMatchObject({ ok: true });
    expect(await db().select().from(businesses).where(eq(businesses.id, listing.id))).toEqual([]);
  });

  it("renders a <script> description as text", () => {
    const item: AdminListItem = {
      id: "00000000-0000-4000-8000-000000000001",
      slug: "img-src-x-onerror-alert-1",
      name: "<img src=x onerror=alert(1)>",
      description: "<script>alert('x')</script>",
      category: "shopping",
      cuisine: null,
      subcategory: "gifts",
      city: "Springfield",
      state: "IL",
      rating: 4.25,
      reviewCount: 4,
      status: "published",
      statusReason: null,
      plan: "basic",
      createdAt: new Date().toISOString(),
      owner: null,
      cover: null,
    };
    const html = renderToString(
      createElement(
        MemoryRouter,
        null,
        createElement(AdminListingCard, { item, onDelete: () => {}, onModerate: () => {} }),
      ),
    );
    expect(html).toContain("&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;");
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img src=x");
    // The spec's one-decimal rating.
    expect(html).toContain("4.3");
  });
});
