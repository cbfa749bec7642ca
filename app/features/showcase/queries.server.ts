import { asc, eq } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import { businessTestimonials, businessVideos } from "~/.server/db/schema";
import { PLAN_ALLOWANCES, type ListingPlan } from "~/lib/catalogue";
import type { Managed, Testimonial, Video } from "./types";

/**
 * Reads of a listing's testimonials and videos. The public sees the first ones up to the plan's allowance (by
 * position): after a downgrade the rest are hidden, never deleted, and an upgrade shows them again — as photos
 * (directory/queries.server.ts). The owner sees all of them, the hidden ones marked.
 */

function toTestimonial(row: typeof businessTestimonials.$inferSelect): Testimonial {
  return { id: row.id, author: row.author, quote: row.body, source: row.source, givenOn: row.givenOn };
}

function toVideo(row: typeof businessVideos.$inferSelect): Video {
  return {
    id: row.id,
    provider: row.provider,
    videoId: row.videoId,
    title: row.title,
    addedAt: row.createdAt.toISOString(),
  };
}

export async function allTestimonials(db: Database, businessId: string) {
  const rows = await db
    .select()
    .from(businessTestimonials)
    .where(eq(businessTestimonials.businessId, businessId))
    .orderBy(asc(businessTestimonials.position), asc(businessTestimonials.createdAt));
  return rows.map(toTestimonial);
}

export async function allVideos(db: Database, businessId: string) {
  const rows = await db
    .select()
    .from(businessVideos)
    .where(eq(businessVideos.businessId, businessId))
    .orderBy(asc(businessVideos.position), asc(businessVideos.createdAt));
  return rows.map(toVideo);
}

/** Marks what is over the plan's allowance hidden. */
export function markHidden<T>(items: T[], limit: number): Managed<T>[] {
  return items.map((item, i) => ({ ...item, hidden: i >= limit }));
}

/** What the public sees of a listing on `plan`: two queries, each bounded by the allowance. */
export async function publicShowcase(db: Database, businessId: string, plan: ListingPlan) {
  const allowance = PLAN_ALLOWANCES[plan];
  const [testimonials, videos] = await Promise.all([
    allowance.testimonials > 0
      ? db
          .select()
          .from(businessTestimonials)
          .where(eq(businessTestimonials.businessId, businessId))
          .orderBy(asc(businessTestimonials.position), asc(businessTestimonials.createdAt))
          .limit(allowance.testimonials)
      : [],
    allowance.videos > 0
      ? db
          .select()
          .from(businessVideos)
          .where(eq(businessVideos.businessId, businessId))
          .orderBy(asc(businessVideos.position), asc(businessVideos.createdAt))
          .limit(allowance.videos)
      : [],
  ]);
  return { testimonials: testimonials.map(toTestimonial), videos: videos.map(toVideo) };
}

export type PublicShowcase = Awaited<ReturnType<typeof publicShowcase>>;
