import { randomBytes } from "node:crypto";
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import { businesses, peopleProfiles, reviewReplies, reviews, users } from "~/.server/db/schema";
import type { RateLimiter } from "~/.server/rate-limit";
import { AppError } from "~/lib/app-error";
import { eventsGoing } from "~/features/events/queries.server";
import type { EventItem } from "~/features/events/types";
import { displayName, handleBase, initialsOf, isHandle, type NameDisplay } from "./names";
import { PERSON_REVIEWS_PAGE_SIZE } from "./constants";
import type { ProfileSettingsInput } from "./schema";

/**
 * Reviewer profiles (issue 41): the handle every account gets, the settings the account page writes, and the public
 * page's data. What a profile shows is public by construction: the name as the person chose to show it, the city
 * they typed, the month they joined, and their visible reviews of public listings; their upcoming RSVPs only when
 * they said so. Never their email, saved businesses or anything else of the account.
 */

type Executor = Pick<Database, "select" | "insert">;

/** The first free handle: the base ("maria-g"), then the base with a random suffix ("maria-g-k3p9"). */
async function insertProfile(db: Executor, userId: string, name: string) {
  const base = handleBase(name);
  for (let attempt = 0; attempt < 8; attempt++) {
    const suffix =
      attempt === 0
        ? ""
        : `-${randomBytes(4)
            .readUInt32BE(0)
            .toString(36)
            .slice(0, attempt < 4 ? 4 : 6)}`;
    const handle = `${base}${suffix}`;
    const [made] = await db
      .insert(peopleProfiles)
      .values({ userId, handle })
      .onConflictDoNothing()
      .returning({ handle: peopleProfiles.handle });
    if (made) return made.handle;
    // Either the handle is taken or this account has its profile already (made by a concurrent request).
    const [existing] = await db
      .select({ handle: peopleProfiles.handle })
      .from(peopleProfiles)
      .where(eq(peopleProfiles.userId, userId))
      .limit(1);
    if (existing) return existing.handle;
  }
  throw new Error("No free profile handle after 8 attempts");
}

/**
 * The account's profile, made when it is missing: Better Auth's user-create hook calls this for every new account
 * (auth.server.ts), and the settings page for an account the hook didn't see (one made straight in the database).
 */
export async function ensureProfile(db: Executor, user: { id: string; name: string }) {
  const [existing] = await db
    .select({ handle: peopleProfiles.handle })
    .from(peopleProfiles)
    .where(eq(peopleProfiles.userId, user.id))
    .limit(1);
  return existing?.handle ?? insertProfile(db, user.id, user.name);
}

/**
 * The name a review shows for its author: the account's name as they chose to show it on their profile (issue 41),
 * stored on the review when it is written and rewritten when they change the choice, so every place a review appears
 * (pages, the API, owners' emails) says the same.
 */
export async function bylineFor(db: Executor, user: { id: string; name: string }) {
  await ensureProfile(db, user);
  const [row] = await db
    .select({ nameDisplay: peopleProfiles.nameDisplay })
    .from(peopleProfiles)
    .where(eq(peopleProfiles.userId, user.id))
    .limit(1);
  return displayName(user.name, row?.nameDisplay ?? "first_initial");
}

export interface ProfileSettings {
  handle: string;
  nameDisplay: NameDisplay;
  city: string | null;
  showRsvps: boolean;
  /** The name as the profile shows it with the current choice. */
  shownAs: string;
}

/** The signed-in account's own profile settings (the user comes from the session). */
export async function getProfileSettings(db: Database, user: { id: string; name: string }): Promise<ProfileSettings> {
  await ensureProfile(db, user);
  const [row] = await db
    .select({
      handle: peopleProfiles.handle,
      nameDisplay: peopleProfiles.nameDisplay,
      city: peopleProfiles.city,
      showRsvps: peopleProfiles.showRsvps,
    })
    .from(peopleProfiles)
    .where(eq(peopleProfiles.userId, user.id))
    .limit(1);
  if (!row) throw new AppError("not_found", "No such account.");
  return { ...row, shownAs: displayName(user.name, row.nameDisplay) };
}

/** Saves the signed-in account's profile choices; `limiter` counts the writes per account. */
export async function saveProfileSettings(
  db: Database,
  user: { id: string; name: string },
  input: ProfileSettingsInput,
  limiter: RateLimiter,
) {
  const retryAfter = await limiter.hit(user.id);
  if (retryAfter > 0) {
    const minutes = Math.max(1, Math.ceil(retryAfter / 60));
    throw new AppError(
      "too_many_requests",
      `You're changing your profile too quickly. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      undefined,
      { retryAfter },
    );
  }
  await ensureProfile(db, user);
  await db.transaction(async (tx) => {
    await tx
      .update(peopleProfiles)
      .set({
        nameDisplay: input.nameDisplay,
        city: input.city ?? null,
        showRsvps: input.showRsvps,
        updatedAt: sql`now()`,
      })
      .where(eq(peopleProfiles.userId, user.id));
    // Their reviews' bylines follow the choice (updated_at stays: the review itself didn't change).
    await tx
      .update(reviews)
      .set({ author: displayName(user.name, input.nameDisplay) })
      .where(eq(reviews.userId, user.id));
  });
  return getProfileSettings(db, user);
}

/** Reviews that count on a profile: visible, of a listing that is public. */
const shownReview = (userId: string) =>
  and(eq(reviews.userId, userId), eq(reviews.status, "visible"), eq(businesses.status, "published"));

export interface PublicProfile {
  handle: string;
  name: string;
  initials: string;
  city: string | null;
  /** The account's creation, ISO: the page shows its month. */
  memberSince: string;
  reviewCount: number;
  average: number;
  /** Counts of 1★ … 5★ (index 0 = 1 star). */
  distribution: [number, number, number, number, number];
  helpfulVotes: number;
  showsRsvps: boolean;
}

/**
 * A profile as everyone sees it, by handle; null when no account has it (an unknown handle, or a deleted account:
 * its profile went with it). The account id stays here, for the page's other reads; it is not sent to the page.
 */
export async function publicProfile(
  db: Database,
  handle: string,
): Promise<{ userId: string; profile: PublicProfile } | null> {
  if (!isHandle(handle)) return null;
  const [row] = await db
    .select({
      userId: users.id,
      name: users.name,
      createdAt: users.createdAt,
      handle: peopleProfiles.handle,
      nameDisplay: peopleProfiles.nameDisplay,
      city: peopleProfiles.city,
      showRsvps: peopleProfiles.showRsvps,
    })
    .from(peopleProfiles)
    .innerJoin(users, eq(users.id, peopleProfiles.userId))
    .where(eq(peopleProfiles.handle, handle))
    .limit(1);
  if (!row) return null;
  const spread = await db
    .select({
      rating: reviews.rating,
      n: count(),
      helpful: sql<number>`coalesce(sum(${reviews.helpfulCount}), 0)::int`,
    })
    .from(reviews)
    .innerJoin(businesses, eq(businesses.id, reviews.businessId))
    .where(shownReview(row.userId))
    .groupBy(reviews.rating);
  const distribution: PublicProfile["distribution"] = [0, 0, 0, 0, 0];
  let total = 0;
  let sum = 0;
  let helpful = 0;
  for (const s of spread) {
    const n = Number(s.n);
    distribution[s.rating - 1] = n;
    total += n;
    sum += s.rating * n;
    helpful += Number(s.helpful);
  }
  const name = displayName(row.name, row.nameDisplay);
  return {
    userId: row.userId,
    profile: {
      handle: row.handle,
      name,
      initials: initialsOf(name),
      city: row.city,
      memberSince: row.createdAt.toISOString(),
      reviewCount: total,
      average: total ? sum / total : 0,
      distribution,
      helpfulVotes: helpful,
      showsRsvps: row.showRsvps,
    },
  };
}

export interface PersonReview {
  id: string;
  rating: number;
  content: string;
  date: string;
  edited: boolean;
  helpfulCount: number;
  business: { id: string; slug: string; name: string; city: string };
  reply: { content: string; date: string } | null;
}

/** One page of a person's shown reviews, newest first; a page past the last is the last. */
export async function personReviews(db: Database, userId: string, total: number, page: number) {
  const pageCount = Math.max(1, Math.ceil(total / PERSON_REVIEWS_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const rows = total
    ? await db
        .select({
          id: reviews.id,
          rating: reviews.rating,
          content: reviews.content,
          createdAt: reviews.createdAt,
          updatedAt: reviews.updatedAt,
          helpfulCount: reviews.helpfulCount,
          businessId: businesses.id,
          businessSlug: businesses.slug,
          businessName: businesses.name,
          businessCity: businesses.city,
          replyContent: reviewReplies.content,
          replyAt: reviewReplies.updatedAt,
        })
        .from(reviews)
        .innerJoin(businesses, eq(businesses.id, reviews.businessId))
        .leftJoin(reviewReplies, eq(reviewReplies.reviewId, reviews.id))
        .where(shownReview(userId))
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(PERSON_REVIEWS_PAGE_SIZE)
        .offset((current - 1) * PERSON_REVIEWS_PAGE_SIZE)
    : [];
  const items: PersonReview[] = rows.map((r) => ({
    id: r.id,
    rating: r.rating,
    content: r.content,
    date: r.createdAt.toISOString(),
    edited: r.updatedAt.getTime() - r.createdAt.getTime() > 1000,
    helpfulCount: r.helpfulCount,
    business: { id: r.businessId, slug: r.businessSlug, name: r.businessName, city: r.businessCity },
    reply:
      r.replyContent !== null && r.replyAt !== null ? { content: r.replyContent, date: r.replyAt.toISOString() } : null,
  }));
  return { items, page: current, pageCount };
}

/** The upcoming approved events the person RSVPed to: only called when they chose to show them. */
export async function personRsvps(db: Database, userId: string, now: Date): Promise<EventItem[]> {
  const going = await eventsGoing(db, userId, now);
  // `going` would be the profile owner's, not the reader's.
  return going.slice(0, 10).map((e) => ({ ...e, going: false }));
}

/** The profile for the data export (issue 41): the handle and the choices made. */
export async function exportProfile(db: Database, userId: string) {
  const [row] = await db
    .select({
      handle: peopleProfiles.handle,
      nameDisplay: peopleProfiles.nameDisplay,
      city: peopleProfiles.city,
      showRsvps: peopleProfiles.showRsvps,
      createdAt: peopleProfiles.createdAt,
      updatedAt: peopleProfiles.updatedAt,
    })
    .from(peopleProfiles)
    .where(eq(peopleProfiles.userId, userId))
    .limit(1);
  return row ?? null;
}

/**
 * SQL for a review's author's profile handle, for lists of reviews (the business page, the owner's recent reviews):
 * null for reviews without an account (the demo city's).
 */
export const authorHandleSql = sql<
  string | null
>`(select ${peopleProfiles.handle} from ${peopleProfiles} where ${peopleProfiles.userId} = ${reviews.userId})`;

/**
 * The profiles a search engine may index (issue 41): those with at least one review that counts (the page of one
 * without is noindex), in handle order, `limit` from `offset`, each dated by its newest such review's last change.
 */
export async function indexedProfiles(db: Database, offset: number, limit: number) {
  return db
    .select({ handle: peopleProfiles.handle, lastmod: sql<Date>`max(${reviews.updatedAt})`.mapWith(reviews.updatedAt) })
    .from(peopleProfiles)
    .innerJoin(reviews, and(eq(reviews.userId, peopleProfiles.userId), eq(reviews.status, "visible")))
    .innerJoin(businesses, and(eq(businesses.id, reviews.businessId), eq(businesses.status, "published")))
    .groupBy(peopleProfiles.handle)
    .orderBy(peopleProfiles.handle)
    .offset(offset)
    .limit(limit);
}

/** How many profiles indexedProfiles lists. */
export async function indexedProfileCount(db: Database) {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${peopleProfiles.userId})`.mapWith(Number) })
    .from(peopleProfiles)
    .innerJoin(reviews, and(eq(reviews.userId, peopleProfiles.userId), eq(reviews.status, "visible")))
    .innerJoin(businesses, and(eq(businesses.id, reviews.businessId), eq(businesses.status, "published")));
  return row?.n ?? 0;
}
