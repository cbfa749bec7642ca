import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businesses, businessImages } from "~/.server/db/schema";
import { createBusiness as insertBusiness } from "../support/factories";
import { listingBody, listingHarness, photoForm, png, type ListingHarness, type Role } from "./listings-support";

/**
 * Plans on listings (issue 10): the section 9 allowances (images 1/10/20,
 * categories 1/3/5) on every write path, refusals that name the plan that
 * would allow it, and a downgrade hiding (never deleting) what is over the
 * new allowance, restored on upgrade.
 */

let h: ListingHarness;
beforeAll(async () => {
  h = await listingHarness();
});
afterAll(async () => {
  await h?.ctx.cleanup();
});

const db = () => h.ctx.database.db;
function api(who: Role | "visitor", method: string, path: string, body?: unknown) {
  const session = h.as(who);
  if (body instanceof FormData) return session.request(`/api/v1${path}`, { method, body });
  return session.request(`/api/v1${path}`, body === undefined ? { method } : { method, json: body });
}
async function errorOf(res: Response) {
  return ((await res.json()) as { error: { message: string; fields?: Record<string, string> } }).error;
}

describe("category allowance", () => {
  it("refuses a Basic listing a second category on create, naming Featured; admins are not limited", async () => {
    const res = await api("owner", "POST", "/businesses", listingBody({ categories: ["pizza", "seafood"] }));
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe("The Basic plan includes 1 category. Upgrade to Featured for up to 3.");
    expect((await api("owner", "POST", "/businesses", listingBody({ categories: ["pizza"] }))).status).toBe(201);
    const admin = await api(
      "admin",
      "POST",
      "/businesses",
      listingBody({ categories: ["pizza", "seafood", "burgers", "delis"] }),
    );
    expect(admin.status).toBe(201);
  });

  it("refuses a Featured listing a fourth category on update, naming Premium", async () => {
    const listing = await insertBusiness(db(), { name: "Three Labels", ownerId: h.users.owner.id, plan: "featured" });
    const ok = await api("owner", "PATCH", `/businesses/${listing.id}`, {
      categories: ["pizza", "seafood", "burgers"],
    });
    expect(ok.status).toBe(200);
    const res = await api("owner", "PATCH", `/businesses/${listing.id}`, {
      categories: ["pizza", "seafood", "burgers", "delis"],
    });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(
      "The Featured plan includes 3 categories. Upgrade to Premium for up to 5.",
    );
    const premium = await insertBusiness(db(), { name: "Five Labels", ownerId: h.users.owner.id, plan: "premium" });
    const six = await api("owner", "PATCH", `/businesses/${premium.id}`, {
      categories: ["pizza", "seafood", "burgers", "delis", "sushi", "thai"],
    });
    expect(six.status).toBe(400);
    expect((await errorOf(six)).message).toBe(
      "The Premium plan includes 5 categories. Remove a category to add another.",
    );
  });
});

describe("photo allowance", () => {
  it("refuses a Featured listing an eleventh photo through the API, naming Premium", async () => {
    const listing = await insertBusiness(db(), { name: "Ten Photos", ownerId: h.users.owner.id, plan: "featured" });
    const body = await png(64, 48);
    await db()
      .insert(businessImages)
      .values(
        Array.from({ length: 10 }, (_, position) => ({
          businessId: listing.id,
          position,
          storageKey: `fake-${listing.id}-${position}`,
          widths: [64],
          width: 64,
          height: 48,
          alt: "",
        })),
      );
    const res = await api("owner", "POST", `/businesses/${listing.id}/photos`, photoForm([{ name: "11.png", body }]));
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe("The Featured plan includes 10 photos. Upgrade to Premium for up to 20.");
  });

  it("names Featured to a Basic listing's second photo", async () => {
    const listing = await insertBusiness(db(), { name: "One Photo", ownerId: h.users.owner.id });
    const body = await png(64, 48);
    expect(
      (await api("owner", "POST", `/businesses/${listing.id}/photos`, photoForm([{ name: "1.png", body }]))).status,
    ).toBe(201);
    const res = await api("owner", "POST", `/businesses/${listing.id}/photos`, photoForm([{ name: "2.png", body }]));
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe("The Basic plan includes 1 photo. Upgrade to Featured for up to 10.");
  });
});

describe("downgrade and upgrade", () => {
  it("hides photos and categories over the Basic allowance, keeps them, and restores them on upgrade", async () => {
    const listing = await insertBusiness(db(), {
      name: "Downgraded Diner",
      ownerId: h.users.owner.id,
      plan: "featured",
      categories: ["american", "breakfast-brunch", "cafes"],
    });
    await db()
      .insert(businessImages)
      .values(
        [0, 1, 2].map((position) => ({
          businessId: listing.id,
          position,
          storageKey: `fake-dd-${position}`,
          widths: [64],
          width: 64,
          height: 48,
          alt: `Photo ${position}`,
        })),
      );
    type Detail = { images: { alt: string }[]; categories: string[] };
    const read = async () => (await (await api("visitor", "GET", `/businesses/${listing.id}`)).json()) as Detail;
    expect((await read()).images).toHaveLength(3);

    // The owner can't change the plan; an admin downgrades it.
    expect((await api("owner", "PATCH", `/businesses/${listing.id}`, { plan: "basic" })).status).toBe(403);
    expect((await api("admin", "PATCH", `/businesses/${listing.id}`, { plan: "basic" })).status).toBe(200);
    const basic = await read();
    expect(basic.images.map((i) => i.alt)).toEqual(["Photo 0"]);
    expect(basic.categories).toEqual(["american"]);
    // Nothing was deleted.
    expect(await db().select().from(businessImages).where(eq(businessImages.businessId, listing.id))).toHaveLength(3);
    const [row] = await db().select().from(businesses).where(eq(businesses.id, listing.id));
    expect(row?.categories).toEqual(["american", "breakfast-brunch", "cafes"]);
    // The owner can still save the listing with its hidden labels, but not add one.
    expect(
      (
        await api("owner", "PATCH", `/businesses/${listing.id}`, {
          categories: ["american", "breakfast-brunch", "cafes"],
        })
      ).status,
    ).toBe(200);
    expect(
      (await api("owner", "PATCH", `/businesses/${listing.id}`, { categories: ["american", "bakeries"] })).status,
    ).toBe(400);

    expect((await api("admin", "PATCH", `/businesses/${listing.id}`, { plan: "featured" })).status).toBe(200);
    const restored = await read();
    expect(restored.images.map((i) => i.alt)).toEqual(["Photo 0", "Photo 1", "Photo 2"]);
    expect(restored.categories).toEqual(["american", "breakfast-brunch", "cafes"]);
  });
});
