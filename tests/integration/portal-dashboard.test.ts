import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listingClaims, planRequests, reviewReports, reviews } from "~/.server/db/schema";
import { saveReply } from "~/features/reviews/queries.server";
import { loader as portalLoader } from "~/routes/portal";
import { createBusiness, addReviews } from "../support/factories";
import { ORIGIN, listingHarness, settle, type ListingHarness, type Role } from "./listings-support";

/**
 * The dashboard's owner and admin sections (issue 16): "Recent reviews of my
 * listings" (only the owner's published listings, visible reviews, paged,
 * with replies) and an admin's moderation queue counts from the database.
 */

let h: ListingHarness;
const ids = {} as Record<"cafe" | "shop" | "pendingDeli" | "otherBar", string>;

beforeAll(async () => {
  h = await listingHarness();
  const db = h.ctx.database.db;
  ids.cafe = (await createBusiness(db, { name: "Owner Cafe", ownerId: h.users.owner.id })).id;
  ids.shop = (await createBusiness(db, { name: "Owner Shop", ownerId: h.users.owner.id })).id;
  ids.pendingDeli = (
    await createBusiness(db, { name: "Pending Deli", ownerId: h.users.owner.id, status: "pending" })
  ).id;
  ids.otherBar = (await createBusiness(db, { name: "Other Bar", ownerId: h.users.other.id })).id;
  await addReviews(db, ids.cafe, [5, 4, 3, 5]);
  await addReviews(db, ids.shop, [2, 4, 5]);
  await addReviews(db, ids.otherBar, [1, 2]);
  await db.execute(sql`update reviews set created_at = now() - (random() * interval '30 days')`);
});
afterAll(async () => {
  await h?.ctx.cleanup();
});

type Dashboard = {
  owner: {
    reviews: {
      total: number;
      page: number;
      pageCount: number;
      items: { id: string; business: { id: string }; reply: { content: string } | null; date: string }[];
    } | null;
  } | null;
  adminQueue: Record<string, number> | null;
};

async function dashboard(who: Role | "visitor", query = "") {
  const headers: Record<string, string> = {};
  if (who !== "visitor") headers.cookie = h.users[who].cookie;
  const { value } = await settle(
    portalLoader({
      request: new Request(`${ORIGIN}/portal${query}`, { headers }),
      context: h.routeContext,
      params: {},
    } as never),
  );
  return value as unknown as Dashboard;
}

describe("Recent reviews of my listings", () => {
  it("lists the owner's published listings' visible reviews, newest first, five a page", async () => {
    const first = (await dashboard("owner")).owner!.reviews!;
    expect(first.total).toBe(7);
    expect(first.pageCount).toBe(2);
    expect(first.items).toHaveLength(5);
    const dates = first.items.map((r) => r.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(first.items.every((r) => [ids.cafe, ids.shop].includes(r.business.id))).toBe(true);
    const second = (await dashboard("owner", "?ownerReviewsPage=2")).owner!.reviews!;
    expect(second.items).toHaveLength(2);
    expect(new Set([...first.items, ...second.items].map((r) => r.id)).size).toBe(7);
  });

  it("drops hidden reviews and shows the owner's reply", async () => {
    const db = h.ctx.database.db;
    const [hidden] = await db.select({ id: reviews.id }).from(reviews).where(eq(reviews.businessId, ids.shop)).limit(1);
    await db.update(reviews).set({ status: "hidden" }).where(eq(reviews.id, hidden!.id));
    const page = (await dashboard("owner")).owner!.reviews!;
    expect(page.total).toBe(6);
    const target = page.items[0]!;
    const owner = { ...(await sessionUser("owner")) };
    await saveReply(db, target.id, owner, "Thanks for coming by!");
    const again = (await dashboard("owner")).owner!.reviews!;
    expect(again.items.find((r) => r.id === target.id)!.reply?.content).toBe("Thanks for coming by!");
    await db.update(reviews).set({ status: "visible" }).where(eq(reviews.id, hidden!.id));
  });

  it("another owner sees only their own listing's reviews and cannot reply to the owner's", async () => {
    const mine = (await dashboard("owner")).owner!.reviews!;
    const theirs = (await dashboard("other")).owner!.reviews!;
    expect(theirs.total).toBe(2);
    expect(theirs.items.every((r) => r.business.id === ids.otherBar)).toBe(true);
    await expect(
      saveReply(h.ctx.database.db, mine.items[0]!.id, await sessionUser("other"), "Not mine"),
    ).rejects.toMatchObject({
      status: 403,
    });
  });

  it("customers get no owner section", async () => {
    expect((await dashboard("customer")).owner).toBeNull();
  });
});

describe("an admin's moderation queue", () => {
  it("counts pending listings, reported reviews, open claims and upgrade requests from the database", async () => {
    const db = h.ctx.database.db;
    const before = (await dashboard("admin")).adminQueue!;
    const [review] = await db.select({ id: reviews.id }).from(reviews).limit(1);
    // Two reports of one review count once.
    await db.insert(reviewReports).values([
      { reviewId: review!.id, userId: h.users.customer.id, reason: "spam" },
      { reviewId: review!.id, userId: h.users.other.id, reason: "spam" },
    ]);
    const unowned = (await createBusiness(db, { name: "Unowned Diner" })).id;
    await db.insert(listingClaims).values({
      businessId: unowned,
      userId: h.users.other.id,
      note: "I run it.",
      verificationMethod: "phone",
      verificationDetail: "(217) 555-0100",
    });
    await db
      .insert(planRequests)
      .values({ businessId: ids.cafe, userId: h.users.owner.id, plan: "featured", period: "monthly" });
    await createBusiness(db, { name: "Another Pending", status: "pending" });
    const after = (await dashboard("admin")).adminQueue!;
    expect(after).toEqual({
      pendingListings: before.pendingListings! + 1,
      reportedReviews: before.reportedReviews! + 1,
      openClaims: before.openClaims! + 1,
      upgradeRequests: before.upgradeRequests! + 1,
    });
    expect(before.pendingListings).toBeGreaterThanOrEqual(1);
  });

  it("is only for admins", async () => {
    for (const who of ["customer", "owner", "other"] as const) expect((await dashboard(who)).adminQueue).toBeNull();
  });
});

async function sessionUser(role: Role) {
  const { getUser } = await import("~/features/auth/guards.server");
  const user = await getUser({
    request: new Request(`${ORIGIN}/portal`, { headers: { cookie: h.users[role].cookie } }),
    context: h.routeContext,
  });
  return user!;
}
