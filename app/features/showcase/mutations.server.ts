import { and, count, eq, sql } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import { businesses, businessTestimonials, businessVideos } from "~/.server/db/schema";
import type { SessionUser } from "~/features/auth/session.server";
import { AppError } from "~/lib/app-error";
import { PLAN_ALLOWANCES, PLAN_LABELS, upgradeFor, type ListingPlan } from "~/lib/catalogue";
import { isUuid } from "~/lib/ids";
import { allTestimonials, allVideos, markHidden } from "./queries.server";
import type { TestimonialInput, VideoInput } from "./schema";
import type { ShowcaseAllowance } from "./types";

/**
 * Every write to a listing's testimonials and videos (issue 36), for the owner page and the API alike. Each one runs
 * in one transaction that locks the listing with the ownership rule in the query (admins: any listing; its
 * business-account owner: their own; nobody else), so two adds at once can't both take the last place. Owners are
 * limited by the plan (PLAN_ALLOWANCES); admins are not. Each write touches the listing's updated_at, so its change
 * reaches every process's caches (the businesses trigger, app/.server/changes.ts).
 */

export type Actor = Pick<SessionUser, "id" | "isAdmin" | "type">;
export type ShowcaseKind = "testimonials" | "videos";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

const FORBIDDEN = "You can only manage your own businesses.";

const NOUNS: Record<ShowcaseKind, [string, string]> = {
  testimonials: ["testimonial", "testimonials"],
  videos: ["video", "videos"],
};

function notFoundFor(actor: Actor) {
  return actor.isAdmin ? new AppError("not_found", "No business with that id.") : new AppError("forbidden", FORBIDDEN);
}

/** The listing, locked for this transaction; a non-admin only ever finds their own. */
async function lockListing(tx: Tx, actor: Actor, id: string) {
  if (!actor.isAdmin && actor.type !== "business") throw new AppError("forbidden", FORBIDDEN);
  if (!isUuid(id)) throw notFoundFor(actor);
  const owned = actor.isAdmin ? eq(businesses.id, id) : and(eq(businesses.id, id), eq(businesses.ownerId, actor.id));
  const [row] = await tx
    .select({ id: businesses.id, plan: businesses.plan })
    .from(businesses)
    .where(owned)
    .for("update");
  if (!row) throw notFoundFor(actor);
  return row;
}

/** Reads without a lock (the owner page, the API's management reads): the same ownership rule. */
export async function managedListing(db: Database, actor: Actor, id: string) {
  if (!actor.isAdmin && actor.type !== "business") throw new AppError("forbidden", FORBIDDEN);
  if (!isUuid(id)) throw notFoundFor(actor);
  const owned = actor.isAdmin ? eq(businesses.id, id) : and(eq(businesses.id, id), eq(businesses.ownerId, actor.id));
  const [row] = await db
    .select({
      id: businesses.id,
      slug: businesses.slug,
      name: businesses.name,
      plan: businesses.plan,
      status: businesses.status,
    })
    .from(businesses)
    .where(owned)
    .limit(1);
  if (!row) throw notFoundFor(actor);
  return row;
}

/**
 * The refusal of one more than the plan allows, naming the plan that would allow it: "The Featured plan includes 5
 * testimonials. Upgrade to Premium for up to 20." On Basic (none included): "The Basic plan doesn't include videos.
 * Upgrade to Featured for up to 3."
 */
export function showcaseAllowanceMessage(plan: ListingPlan, kind: ShowcaseKind) {
  const limit = PLAN_ALLOWANCES[plan][kind];
  const [one, many] = NOUNS[kind];
  const included =
    limit === 0
      ? `The ${PLAN_LABELS[plan]} plan doesn't include ${many}.`
      : `The ${PLAN_LABELS[plan]} plan includes ${limit} ${limit === 1 ? one : many}.`;
  const better = upgradeFor(plan, kind);
  if (!better) return `${included} Remove a ${one} to add another.`;
  return `${included} Upgrade to ${PLAN_LABELS[better]} for up to ${PLAN_ALLOWANCES[better][kind]}.`;
}

/** "2 of 5 testimonials on the Featured plan" (the owner page says what is left). */
export function allowanceFor(plan: ListingPlan, kind: ShowcaseKind, used: number): ShowcaseAllowance {
  return { plan, limit: PLAN_ALLOWANCES[plan][kind], used };
}

async function countOf(tx: Tx, kind: ShowcaseKind, businessId: string) {
  const table = kind === "testimonials" ? businessTestimonials : businessVideos;
  const [row] = await tx
    .select({ n: count(), last: sql<number | null>`max(${table.position})` })
    .from(table)
    .where(eq(table.businessId, businessId));
  return { n: row?.n ?? 0, next: row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1 };
}

async function assertRoom(tx: Tx, actor: Actor, listing: { id: string; plan: ListingPlan }, kind: ShowcaseKind) {
  const { n, next } = await countOf(tx, kind, listing.id);
  if (!actor.isAdmin && n >= PLAN_ALLOWANCES[listing.plan][kind]) {
    const message = showcaseAllowanceMessage(listing.plan, kind);
    throw new AppError("bad_request", message, { [kind]: message });
  }
  return next;
}

function touch(tx: Tx, businessId: string) {
  return tx.update(businesses).set({ updatedAt: new Date() }).where(eq(businesses.id, businessId));
}

/** Every testimonial of the listing (the hidden ones marked), after a write. */
async function testimonialsAfter(tx: Tx, listing: { id: string; plan: ListingPlan }) {
  return markHidden(
    await allTestimonials(tx as unknown as Database, listing.id),
    PLAN_ALLOWANCES[listing.plan].testimonials,
  );
}

async function videosAfter(tx: Tx, listing: { id: string; plan: ListingPlan }) {
  return markHidden(await allVideos(tx as unknown as Database, listing.id), PLAN_ALLOWANCES[listing.plan].videos);
}

// --- testimonials -------------------------------------------------------------------

export function addTestimonial(db: Database, actor: Actor, businessId: string, input: TestimonialInput) {
  return db.transaction(async (tx) => {
    const listing = await lockListing(tx, actor, businessId);
    const position = await assertRoom(tx, actor, listing, "testimonials");
    const [row] = await tx
      .insert(businessTestimonials)
      .values({
        businessId: listing.id,
        position,
        author: input.author,
        body: input.quote,
        source: input.source ?? null,
        givenOn: input.givenOn ?? null,
      })
      .returning({ id: businessTestimonials.id });
    await touch(tx, listing.id);
    return { id: row!.id, testimonials: await testimonialsAfter(tx, listing) };
  });
}

export function updateTestimonial(
  db: Database,
  actor: Actor,
  businessId: string,
  testimonialId: string,
  input: TestimonialInput,
) {
  return db.transaction(async (tx) => {
    const listing = await lockListing(tx, actor, businessId);
    if (!isUuid(testimonialId)) throw new AppError("not_found", "No testimonial with that id.");
    const updated = await tx
      .update(businessTestimonials)
      .set({
        author: input.author,
        body: input.quote,
        source: input.source ?? null,
        givenOn: input.givenOn ?? null,
        updatedAt: new Date(),
      })
      .where(and(eq(businessTestimonials.id, testimonialId), eq(businessTestimonials.businessId, listing.id)))
      .returning({ id: businessTestimonials.id });
    if (!updated.length) throw new AppError("not_found", "No testimonial with that id.");
    await touch(tx, listing.id);
    return testimonialsAfter(tx, listing);
  });
}

export function deleteTestimonial(db: Database, actor: Actor, businessId: string, testimonialId: string) {
  return db.transaction(async (tx) => {
    const listing = await lockListing(tx, actor, businessId);
    if (!isUuid(testimonialId)) throw new AppError("not_found", "No testimonial with that id.");
    const removed = await tx
      .delete(businessTestimonials)
      .where(and(eq(businessTestimonials.id, testimonialId), eq(businessTestimonials.businessId, listing.id)))
      .returning({ id: businessTestimonials.id });
    if (!removed.length) throw new AppError("not_found", "No testimonial with that id.");
    await touch(tx, listing.id);
    return testimonialsAfter(tx, listing);
  });
}

// --- videos ---------------------------------------------------------------------------

export function addVideo(db: Database, actor: Actor, businessId: string, input: VideoInput) {
  return db.transaction(async (tx) => {
    const listing = await lockListing(tx, actor, businessId);
    const position = await assertRoom(tx, actor, listing, "videos");
    const [row] = await tx
      .insert(businessVideos)
      .values({
        businessId: listing.id,
        position,
        provider: input.url.provider,
        videoId: input.url.id,
        title: input.title,
      })
      .returning({ id: businessVideos.id });
    await touch(tx, listing.id);
    return { id: row!.id, videos: await videosAfter(tx, listing) };
  });
}

export function updateVideo(db: Database, actor: Actor, businessId: string, videoId: string, title: string) {
  return db.transaction(async (tx) => {
    const listing = await lockListing(tx, actor, businessId);
    if (!isUuid(videoId)) throw new AppError("not_found", "No video with that id.");
    const updated = await tx
      .update(businessVideos)
      .set({ title })
      .where(and(eq(businessVideos.id, videoId), eq(businessVideos.businessId, listing.id)))
      .returning({ id: businessVideos.id });
    if (!updated.length) throw new AppError("not_found", "No video with that id.");
    await touch(tx, listing.id);
    return videosAfter(tx, listing);
  });
}

export function deleteVideo(db: Database, actor: Actor, businessId: string, videoId: string) {
  return db.transaction(async (tx) => {
    const listing = await lockListing(tx, actor, businessId);
    if (!isUuid(videoId)) throw new AppError("not_found", "No video with that id.");
    const removed = await tx
      .delete(businessVideos)
      .where(and(eq(businessVideos.id, videoId), eq(businessVideos.businessId, listing.id)))
      .returning({ id: businessVideos.id });
    if (!removed.length) throw new AppError("not_found", "No video with that id.");
    await touch(tx, listing.id);
    return videosAfter(tx, listing);
  });
}

// --- the owner's view -------------------------------------------------------------------

/** Everything the owner page and the API's management reads show: both lists, hidden ones marked, and what is left. */
export async function managedShowcase(db: Database, actor: Actor, businessId: string) {
  const listing = await managedListing(db, actor, businessId);
  const [testimonials, videos] = await Promise.all([allTestimonials(db, listing.id), allVideos(db, listing.id)]);
  return {
    listing,
    testimonials: markHidden(testimonials, PLAN_ALLOWANCES[listing.plan].testimonials),
    videos: markHidden(videos, PLAN_ALLOWANCES[listing.plan].videos),
    allowances: {
      testimonials: allowanceFor(listing.plan, "testimonials", testimonials.length),
      videos: allowanceFor(listing.plan, "videos", videos.length),
    },
  };
}
