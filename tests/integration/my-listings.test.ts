import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { businessMessages, businesses } from "~/.server/db/schema";
import type { SessionUser } from "~/features/auth/session.server";
import { MyListingsPanel } from "~/features/listings/components/my-listings-panel";
import { OwnerBar } from "~/features/listings/components/owner-bar";
import type { OwnedListingsPage } from "~/features/listings/types";
import { loadOwnerSections } from "~/routes/portal-inbox.server";
import { createBusiness } from "../support/factories";
import { ORIGIN, listingHarness, type ListingHarness, type Role } from "./listings-support";

/**
 * "My listings" (issue #16): the owner's own businesses, whatever their
 * status, with the admin's reason, the plan and links; GET /api/v1/me/businesses;
 * /portal's owner sections; the business page's "Edit listing".
 */

let h: ListingHarness;
const ids = {} as Record<"published" | "pending" | "rejected" | "suspended" | "others", string>;

beforeAll(async () => {
  h = await listingHarness();
  const db = h.ctx.database.db;
  const owner = h.users.owner.id;
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
  ids.published = (
    await createBusiness(db, { name: "Corner Cafe", ownerId: owner, plan: "premium", createdAt: at(40) })
  ).id;
  ids.pending = (
    await createBusiness(db, { name: "New Bakery", ownerId: owner, status: "pending", createdAt: at(30) })
  ).id;
  ids.rejected = (
    await createBusiness(db, {
      name: "Pop-up Stand",
      ownerId: owner,
      status: "rejected",
      statusReason: "The address could not be verified.",
      createdAt: at(20),
    })
  ).id;
  ids.suspended = (
    await createBusiness(db, {
      name: "Night Club",
      ownerId: owner,
      status: "suspended",
      statusReason: "Reported as permanently closed.",
      createdAt: at(10),
    })
  ).id;
  ids.others = (await createBusiness(db, { name: "Someone Else's", ownerId: h.users.other.id })).id;
  await db.insert(businessMessages).values([
    { businessId: ids.published, senderName: "A", senderEmail: "a@example.org", body: "Hello there, open late?" },
    { businessId: ids.published, senderName: "B", senderEmail: "b@example.org", body: "Hello again, any parking?" },
    {
      businessId: ids.published,
      senderName: "C",
      senderEmail: "c@example.org",
      body: "Already read message.",
      readAt: new Date(),
    },
  ]);
});
afterAll(async () => {
  await h?.ctx.cleanup();
});

type Who = Role | "visitor";

async function mine(who: Who, query = "") {
  return h.as(who).json<OwnedListingsPage & { error?: { code: string } }>(`/api/v1/me/businesses${query}`);
}

async function sessionUser(role: Role): Promise<SessionUser> {
  const type = role === "owner" || role === "other" ? "business" : "customer";
  return {
    id: h.users[role].id,
    name: role,
    email: h.users[role].email,
    emailVerified: true,
    type,
    twoFactorEnabled: false,
    image: null,
    isAdmin: role === "admin",
  };
}

describe("GET /api/v1/me/businesses", () => {
  it("401 signed out", async () => {
    const res = await mine("visitor");
    expect(res.status).toBe(401);
    expect(res.body.error?.code).toBe("unauthorized");
  });

  it("the owner's listings in every status, newest first, with reasons, plans and unread counts", async () => {
    const res = await mine("owner");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 4, page: 1, pageCount: 1 });
    expect(res.body.items.map((b) => [b.name, b.status])).toEqual([
      ["Night Club", "suspended"],
      ["Pop-up Stand", "rejected"],
      ["New Bakery", "pending"],
      ["Corner Cafe", "published"],
    ]);
    const byName = Object.fromEntries(res.body.items.map((b) => [b.name, b]));
    expect(byName["Pop-up Stand"]!.statusReason).toBe("The address could not be verified.");
    expect(byName["Night Club"]!.statusReason).toBe("Reported as permanently closed.");
    expect(byName["Corner Cafe"]).toMatchObject({ plan: "premium", unreadMessages: 2, id: ids.published });
    expect(byName["New Bakery"]).toMatchObject({ plan: "basic", unreadMessages: 0 });
  });

  it("never another owner's listing; a customer has none", async () => {
    expect((await mine("other")).body.items.map((b) => b.id)).toEqual([ids.others]);
    expect((await mine("customer")).body).toMatchObject({ items: [], total: 0 });
  });

  it("pages of ten; a bad page is a 400", async () => {
    const db = h.ctx.database.db;
    for (let i = 0; i < 10; i++) await createBusiness(db, { name: `Branch ${i}`, ownerId: h.users.other.id });
    const page2 = await mine("other", "?page=2");
    expect(page2.body).toMatchObject({ total: 11, page: 2, pageCount: 2, pageSize: 10 });
    expect(page2.body.items).toHaveLength(1);
    // Past the end: the last page.
    expect((await mine("other", "?page=9")).body.page).toBe(2);
    expect((await mine("other", "?page=zero")).status).toBe(400);
    expect((await mine("other", "?page=0")).status).toBe(400);
  });
});

describe("/portal's owner sections", () => {
  const request = (query = "") => new Request(`${ORIGIN}/portal${query}`);

  it("a customer keeps the customer dashboard (no owner sections)", async () => {
    expect(await loadOwnerSections(request(), h.routeContext, await sessionUser("customer"))).toBeNull();
  });

  it("an owner gets My listings and the inbox summary (unread only)", async () => {
    const sections = await loadOwnerSections(request(), h.routeContext, await sessionUser("owner"));
    expect(sections?.listings.total).toBe(4);
    expect(sections?.inbox?.unread).toBe(2);
    expect(sections?.inbox?.latest.map((m) => m.senderName).sort()).toEqual(["A", "B"]);
  });

  it("a business account without listings gets an empty My listings and no inbox", async () => {
    const res = await h.visitor.json<{ user: { id: string } }>("/api/auth/sign-up/email", {
      name: "New Owner",
      email: "new-owner@listings.example.com",
      password: "secret-1",
      type: "business",
    });
    expect(res.status).toBe(200);
    const fresh: SessionUser = { ...(await sessionUser("owner")), id: res.body.user.id };
    const sections = await loadOwnerSections(request(), h.routeContext, fresh);
    expect(sections).toMatchObject({ listings: { items: [], total: 0 }, inbox: null });
  });

  it("listingsPage picks the page; nonsense falls back to the first", async () => {
    const other = await sessionUser("other");
    expect((await loadOwnerSections(request("?listingsPage=2"), h.routeContext, other))?.listings.page).toBe(2);
    expect((await loadOwnerSections(request("?listingsPage=abc"), h.routeContext, other))?.listings.page).toBe(1);
  });
});

function render(element: React.ReactElement) {
  const Stub = createRoutesStub([{ path: "/", Component: () => element }]);
  return renderToString(createElement(Stub, { initialEntries: ["/"] }));
}

describe("the panel and the business page's owner bar", () => {
  it("shows each status, the admin's reason, the plan, View for public listings and Edit for all", async () => {
    const listings = (await mine("owner")).body;
    const html = render(
      createElement(MyListingsPanel, { listings, hrefForPage: (p: number) => `/portal?listingsPage=${p}` }),
    );
    expect(html).toContain('id="my-listings"');
    expect(html).toContain('href="/business/new"');
    for (const label of ["Published", "Pending", "Rejected", "Suspended"]) expect(html).toContain(label);
    expect(html).toContain("The address could not be verified.");
    expect(html).toContain("Reported as permanently closed.");
    expect(html).toContain("Premium plan");
    for (const id of Object.values(ids).filter((id) => id !== ids.others))
      expect(html).toContain(`href="/business/edit/${id}"`);
    // View: the page's readable address (issue 40, defect 10).
    const slug = (id: string) => listings.items.find((b) => b.id === id)!.slug;
    expect(html).toContain(`href="/business/${slug(ids.published)}"`);
    expect(html).not.toContain(`href="/business/${slug(ids.pending)}"`);
    expect(html).toContain("2 unread messages");
  });

  it("says what the owner should know about billing, and links each listing to Change plan", async () => {
    const db = h.ctx.database.db;
    await db
      .update(businesses)
      .set({ billingState: "cancel_at_period_end", currentPeriodEnd: new Date("2027-01-15T12:00:00Z") })
      .where(eq(businesses.id, ids.published));
    await db.update(businesses).set({ billingState: "past_due" }).where(eq(businesses.id, ids.pending));
    try {
      const listings = (await mine("owner")).body;
      const cafe = listings.items.find((b) => b.id === ids.published);
      expect(cafe).toMatchObject({
        billingState: "cancel_at_period_end",
        currentPeriodEnd: "2027-01-15T12:00:00.000Z",
      });
      const html = render(createElement(MyListingsPanel, { listings, hrefForPage: (p: number) => `/portal?p=${p}` }));
      expect(html).toContain("Cancels at period end: the Premium plan ends on January 15, 2027");
      expect(html).toContain("Payment past due: update your card");
      // Active listings say nothing about billing.
      expect(html.match(/data-testid="my-listing-billing"/g)).toHaveLength(2);
      expect(html).toContain(`href="/pricing/choose?plan=premium&amp;billing=monthly&amp;listing=${ids.published}"`);
      expect(html).toContain(`href="/pricing/choose?plan=featured&amp;billing=monthly&amp;listing=${ids.pending}"`);
    } finally {
      await db
        .update(businesses)
        .set({ billingState: "active", currentPeriodEnd: null })
        .where(eq(businesses.ownerId, h.users.owner.id));
    }
  });

  it("Edit listing for the owner (a business account) and admins; nothing for anyone else", () => {
    const bar = (viewer: Parameters<typeof OwnerBar>[0]["viewer"], isOwner: boolean) =>
      render(createElement(OwnerBar, { businessId: ids.published, viewer, isOwner }));
    expect(bar({ isAdmin: false, type: "business" }, true)).toContain(`href="/business/edit/${ids.published}"`);
    expect(bar({ isAdmin: true, type: "customer" }, false)).toContain("Edit listing");
    expect(bar({ isAdmin: false, type: "business" }, false)).not.toContain("Edit listing");
    expect(bar({ isAdmin: false, type: "customer" }, false)).not.toContain("Edit listing");
    expect(bar(null, false)).not.toContain("Edit listing");
  });
});
