import { and, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessMessages, businesses, favorites, reviews, users } from "~/.server/db/schema";
import { ensureDemoAccounts } from "../../server/seed/demo-accounts";
import { DEMO_OWNER_BUSINESS_SLUGS } from "../../server/seed/demo-businesses";
import { createBusiness } from "../support/factories";
import { createTestServices } from "../support/services";

/** Demo data (issue 16): /portal looks alive on first start — the customer's favorites and review, the owner's inbox. */

let ctx: Awaited<ReturnType<typeof createTestServices>>;
const db = () => ctx.database.db;

beforeAll(async () => {
  ctx = await createTestServices({ AUTH_RATE_LIMIT: "false" });
  await createBusiness(db(), { name: "Prairie Bean Coffee Roasters", slug: DEMO_OWNER_BUSINESS_SLUGS[0] });
  await createBusiness(db(), { name: "Threadline Boutique", slug: DEMO_OWNER_BUSINESS_SLUGS[1] });
  await createBusiness(db(), { name: "Some Diner" });
  await ensureDemoAccounts({ auth: ctx.services.auth, db: db(), config: ctx.services.config });
});
afterAll(async () => {
  await ctx?.cleanup();
});

async function userId(email: string) {
  const [u] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
  return u!.id;
}

describe("demo accounts' dashboards", () => {
  it("the demo customer has favorites and a review of one of the demo owner's listings", async () => {
    const customer = await userId("customer@example.com");
    const saved = await db().select().from(favorites).where(eq(favorites.userId, customer));
    expect(saved.length).toBeGreaterThanOrEqual(2);
    const [review] = await db()
      .select({ slug: businesses.slug })
      .from(reviews)
      .innerJoin(businesses, eq(businesses.id, reviews.businessId))
      .where(eq(reviews.userId, customer));
    expect(review?.slug).toBe(DEMO_OWNER_BUSINESS_SLUGS[1]);
  });

  it("the demo owner's inbox has messages, two of them unread", async () => {
    const owner = await userId("owner@example.com");
    const [counts] = await db()
      .select({
        total: sql<number>`count(*)::int`,
        unread: sql<number>`(count(*) filter (where ${businessMessages.readAt} is null))::int`,
      })
      .from(businessMessages)
      .innerJoin(businesses, eq(businesses.id, businessMessages.businessId))
      .where(and(eq(businesses.ownerId, owner), isNull(businessMessages.archivedAt)));
    expect(counts).toEqual({ total: 3, unread: 2 });
  });

  it("a second start adds nothing", async () => {
    await ensureDemoAccounts({ auth: ctx.services.auth, db: db(), config: ctx.services.config });
    const [m] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(businessMessages);
    expect(m!.n).toBe(3);
  });
});
