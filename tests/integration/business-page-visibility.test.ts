import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as businessLoader } from "~/routes/business";
import { createPublicData, uncachedPublicData, type PublicData } from "~/.server/public-data";
import { createApp } from "../../server/http/app";
import { createBusiness } from "../support/factories";
import { createTestServices } from "../support/services";
import { signedInUser } from "../support/users";

/**
 * A listing that isn't public (pending, rejected, suspended) is "Business Not
 * Found" for everyone but its owner and admins, who see it with its status
 * and the admin's reason; a published listing reads the same for all.
 */

const ORIGIN = "http://near.test";
type Who = "visitor" | "customer" | "owner" | "otherOwner" | "admin";
let ctx: Awaited<ReturnType<typeof createTestServices>>;
let context: AppLoadContext;
const cookies = {} as Record<Who, string>;
const listings = {} as Record<"pending" | "rejected" | "suspended" | "published", { id: string; slug: string }>;

beforeAll(async () => {
  ctx = await createTestServices({ PUBLIC_URL: ORIGIN, AUTH_RATE_LIMIT: "false" });
  const app = createApp({ services: ctx.services });
  context = {
    ...ctx.services,
    db: ctx.database.db,
    nonce: "",
    requestId: "t",
    clientIp: "127.0.0.1",
  } as AppLoadContext;
  const db = ctx.database.db;
  const users = {
    customer: await signedInUser(app, db, {}),
    owner: await signedInUser(app, db, { type: "business" }),
    otherOwner: await signedInUser(app, db, { type: "business" }),
    admin: await signedInUser(app, db, { admin: true }),
  };
  for (const [who, user] of Object.entries(users))
    cookies[who as Who] = [...user.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  cookies.visitor = "";
  for (const status of ["pending", "rejected", "suspended", "published"] as const) {
    listings[status] = await createBusiness(db, {
      name: `A ${status} place`,
      status,
      statusReason: status === "rejected" || status === "suspended" ? `Reason for ${status}.` : null,
      ownerId: users.owner.id,
    });
  }
});
afterAll(async () => {
  await ctx?.cleanup();
});

async function openAs(who: Who, idOrSlug: string, publicData: PublicData) {
  const request = new Request(`${ORIGIN}/business/${idOrSlug}`, {
    headers: cookies[who] ? { cookie: cookies[who] } : {},
  });
  try {
    const args = { params: { id: idOrSlug }, request, context: { ...context, publicData } };
    const data = (await businessLoader(args as never)) as {
      business: { id: string; name: string };
      moderation: { status: string; reason: string | null } | null;
    };
    return { status: 200, data };
  } catch (error) {
    // The UUID form: a permanent redirect to the slug (issue 40, defect 10).
    if (error instanceof Response) return { status: error.status, data: null, location: error.headers.get("location") };
    const thrown = error as { init?: { status?: number } };
    if (thrown?.init?.status) return { status: thrown.init.status, data: null };
    throw error;
  }
}

// Twice: read for each page, and shared by every viewer's page as the server does (a visitor's "not found" must not
// hide the listing from its owner, nor an owner's view reach anyone else).
describe.each([
  ["read for each page", () => uncachedPublicData],
  ["with the public data shared by every page", () => createPublicData({ ttlSeconds: 600 })],
])("a listing that isn't public, %s", (_name, makePublicData) => {
  const publicData = makePublicData();
  const open = (who: Who, idOrSlug: string) => openAs(who, idOrSlug, publicData);

  it("is not found for a visitor, a customer and another owner, by id or slug", async () => {
    for (const status of ["pending", "rejected", "suspended"] as const) {
      for (const who of ["visitor", "customer", "otherOwner"] as const) {
        expect((await open(who, listings[status].id)).status, `${who} ${status}`).toBe(404);
        expect((await open(who, listings[status].slug)).status, `${who} ${status} slug`).toBe(404);
      }
    }
  });

  it("shows its owner and admins the page with its status and the admin's reason", async () => {
    for (const who of ["owner", "admin"] as const) {
      // By id: to the slug, as for a published listing (and not a 404 for them).
      expect(await open(who, listings.pending.id)).toMatchObject({
        status: 301,
        location: `/business/${listings.pending.slug}`,
      });
      const pending = await open(who, listings.pending.slug);
      expect(pending.data?.moderation).toEqual({ status: "pending", reason: null });
      expect(pending.data?.business.name).toBe("A pending place");
      const rejected = await open(who, listings.rejected.slug);
      expect(rejected.data?.moderation).toEqual({ status: "rejected", reason: "Reason for rejected." });
      const suspended = await open(who, listings.suspended.slug);
      expect(suspended.data?.moderation).toEqual({ status: "suspended", reason: "Reason for suspended." });
    }
  });

  it("what its owner and an admin see is theirs alone", async () => {
    for (const who of ["owner", "admin"] as const) {
      expect((await open(who, listings.suspended.slug)).status).toBe(200);
      for (const other of ["visitor", "customer", "otherOwner"] as const) {
        expect((await open(other, listings.suspended.slug)).status, `${other} after ${who}`).toBe(404);
      }
    }
  });

  it("a published listing has no status banner, for anyone", async () => {
    for (const who of ["visitor", "customer", "owner", "admin"] as const) {
      expect(await open(who, listings.published.id)).toMatchObject({
        status: 301,
        location: `/business/${listings.published.slug}`,
      });
      const page = await open(who, listings.published.slug);
      expect(page.status).toBe(200);
      expect(page.data?.moderation).toBeNull();
      expect(JSON.stringify(page.data)).not.toContain("statusReason");
    }
  });
});
