import { and, asc, eq, gte, sql } from "drizzle-orm";
import type { Config } from "../../app/.server/config";
import type { Database } from "../../app/.server/db/client";
import { eventRsvps, events, peopleProfiles, users } from "../../app/.server/db/schema";
import type { Auth } from "../../app/features/auth/auth.server";
import { displayName, type NameDisplay } from "../../app/features/people/names";

/**
 * Demo reviewers (issue 41): a few of the demo city's reviews belong to accounts, so review authors link to
 * profiles and /people/<handle> looks alive on first start — a city, a mix of name choices, and one who shows the
 * events they're going to. These accounts have no password (nobody signs in as them).
 */
const REVIEWERS: { name: string; nameDisplay: NameDisplay; city: "site" | string | null; showRsvps: boolean }[] = [
  { name: "Maria Garcia", nameDisplay: "first_initial", city: "site", showRsvps: true },
  { name: "James Okafor", nameDisplay: "full", city: "Chicago", showRsvps: false },
  { name: "Priya Patel", nameDisplay: "first_initial", city: "site", showRsvps: false },
];
/** Reviews each demo reviewer takes over, on as many different listings. */
const REVIEWS_EACH = 8;
/** Listings whose reviews the e2e specs write and read as the demo customer: left to the demo city's authors. */
const KEEP = ["prairie-bean-coffee-roasters", "green-leaf-eco-cleaning"];

export async function seedDemoReviewers({ auth, db, config }: { auth: Auth; db: Database; config: Config }) {
  const ctx = await auth.$context;
  for (const [i, reviewer] of REVIEWERS.entries()) {
    const email = `${reviewer.name.toLowerCase().replace(/\s+/g, ".")}@reviewers.example.com`;
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    if (existing) continue;
    // Through Better Auth's adapter, so its user-create hook gives the account its profile and handle.
    const user = await ctx.internalAdapter.createUser(
      { name: reviewer.name, email, emailVerified: true, type: "customer" },
      { method: "admin" },
    );
    await db
      .update(peopleProfiles)
      .set({
        nameDisplay: reviewer.nameDisplay,
        city: reviewer.city === "site" ? config.SITE_CITY : reviewer.city,
        showRsvps: reviewer.showRsvps,
      })
      .where(eq(peopleProfiles.userId, user.id));
    // One visible review per listing, a different run of listings for each reviewer.
    await db.execute(sql`
      update reviews set user_id = ${user.id}, author = ${displayName(reviewer.name, reviewer.nameDisplay)}
      where id in (
        select id from (
          select distinct on (r.business_id) r.id, r.business_id
          from reviews r join businesses b on b.id = r.business_id
          where r.user_id is null and r.status = 'visible' and b.status = 'published'
            and b.slug not in (${sql.join(
              KEEP.map((s) => sql`${s}`),
              sql`, `,
            )})
          order by r.business_id, r.created_at desc, r.id
        ) picked
        order by md5(picked.business_id::text || ${String(i)})
        limit ${REVIEWS_EACH}
      )`);
    if (reviewer.showRsvps) {
      const soonest = await db
        .select({ id: events.id })
        .from(events)
        .where(and(eq(events.status, "approved"), gte(events.endsAt, new Date())))
        .orderBy(asc(events.startsAt), asc(events.id))
        .limit(2);
      if (soonest.length)
        await db
          .insert(eventRsvps)
          .values(soonest.map((e) => ({ eventId: e.id, userId: user.id })))
          .onConflictDoNothing();
    }
  }
}
