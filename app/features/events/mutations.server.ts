import { and, eq, gte, sql } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import { businesses, eventRsvps, events } from "~/.server/db/schema";
import { ImageRejectedError, processImage } from "~/.server/media/process";
import { deleteImages } from "~/.server/media/storage";
import type { MediaStorage } from "~/.server/media/types";
import type { RateLimiter } from "~/.server/rate-limit";
import { imageSources } from "~/lib/images";
import { AppError } from "~/lib/app-error";
import { isUuid } from "~/lib/ids";
import { citySlug } from "./filters";
import { EVENT_MESSAGES, type EventInput } from "./schema";
import { instantToZonedDate, zonedToInstant } from "./time";
import { assertOfferRoom } from "~/features/offers/allowance.server";

/** Event submissions: 5 per user per hour. RSVP changes: 30 per user per 10 minutes. */
export const EVENT_SUBMIT_RATE = { limit: 5, windowMs: 60 * 60 * 1000 } as const;
export const RSVP_RATE = { limit: 30, windowMs: 10 * 60 * 1000 } as const;

interface Actor {
  id: string;
  isAdmin: boolean;
}

/** A photo file as it arrived (the form's upload), before it is checked and re-encoded. */
export interface EventPhoto {
  filename: string;
  body: Buffer;
}

/** How far ahead an event may be submitted: five years. */
const EVENT_HORIZON_MS = 5 * 366 * 24 * 60 * 60 * 1000;

/**
 * Submit Event: stored as pending until an admin approves it. A host
 * business must be the submitter's own (admins may name any). A photo is
 * checked, re-encoded and stored like a listing's; the event keeps its URL.
 */
export async function submitEvent(
  db: Database,
  user: Actor,
  input: Omit<EventInput, "image">,
  {
    timeZone,
    limiter,
    now = new Date(),
    photo,
    storage,
  }: { timeZone: string; limiter: RateLimiter; now?: Date; photo?: EventPhoto; storage?: MediaStorage },
): Promise<{ id: string }> {
  const retryAfter = await limiter.hit(user.id);
  if (retryAfter > 0)
    throw new AppError(
      "too_many_requests",
      "You've submitted several events just now. Please try again later.",
      undefined,
      {
        retryAfter,
      },
    );
  const startsAt = zonedToInstant(input.date, input.startTime, timeZone);
  const endsAt = zonedToInstant(input.endDate ?? input.date, input.endTime, timeZone);
  if (startsAt <= now) throw new AppError("bad_request", EVENT_MESSAGES.past, { date: EVENT_MESSAGES.past });
  const latest = new Date(now.getTime() + EVENT_HORIZON_MS);
  if (startsAt > latest) throw new AppError("bad_request", EVENT_MESSAGES.tooFar, { date: EVENT_MESSAGES.tooFar });
  if (endsAt > latest) throw new AppError("bad_request", EVENT_MESSAGES.tooFar, { endDate: EVENT_MESSAGES.tooFar });
  if (endsAt <= startsAt)
    throw new AppError("bad_request", EVENT_MESSAGES.endBeforeStart, { endTime: EVENT_MESSAGES.endBeforeStart });
  if (input.businessId) {
    const owned = user.isAdmin
      ? eq(businesses.id, input.businessId)
      : and(eq(businesses.id, input.businessId), eq(businesses.ownerId, user.id));
    const [business] = await db
      .select({ id: businesses.id, plan: businesses.plan })
      .from(businesses)
      .where(owned)
      .limit(1);
    if (!business) throw new AppError("bad_request", EVENT_MESSAGES.business, { businessId: EVENT_MESSAGES.business });
    // A business's events count with its offers against the plan's "coupons or events" (issue 36).
    const clock = { now, today: instantToZonedDate(now, timeZone) };
    await assertOfferRoom(db, business, clock, { isAdmin: user.isAdmin, field: "businessId" });
  }
  const stored = photo ? await storePhoto(photo, storage) : null;
  const imageUrl = stored ? imageSources(stored).src : (input.imageUrl ?? null);
  try {
    return await insertEvent(db, user, input, { startsAt, endsAt, imageUrl });
  } catch (error) {
    if (stored && storage) await deleteImages(storage, [stored]).catch(() => {});
    throw error;
  }
}

async function storePhoto(photo: EventPhoto, storage: MediaStorage | undefined) {
  if (!storage) throw new Error("submitEvent: a photo needs the media storage");
  try {
    return await processImage(photo.body, { filename: photo.filename, storage });
  } catch (error) {
    if (error instanceof ImageRejectedError) throw new AppError("bad_request", error.message, { image: error.message });
    throw error;
  }
}

async function insertEvent(
  db: Database,
  user: Actor,
  input: Omit<EventInput, "image">,
  { startsAt, endsAt, imageUrl }: { startsAt: Date; endsAt: Date; imageUrl: string | null },
) {
  const [row] = await db
    .insert(events)
    .values({
      title: input.title,
      description: input.description,
      startsAt,
      endsAt,
      venue: input.venue,
      city: input.city,
      citySlug: citySlug(input.city),
      category: input.category,
      imageUrl,
      businessId: input.businessId ?? null,
      submittedBy: user.id,
      status: "pending",
    })
    .returning({ id: events.id });
  return { id: row!.id };
}

/**
 * RSVP (going = true) or cancel (false) for an approved event that has not
 * ended; answers the new count. Repeating either is harmless.
 */
export async function setRsvp(
  db: Database,
  userId: string,
  eventId: string,
  going: boolean,
  { limiter, now = new Date() }: { limiter: RateLimiter; now?: Date },
): Promise<{ going: boolean; count: number }> {
  if (!isUuid(eventId)) throw new AppError("not_found", "Event not found.");
  const retryAfter = await limiter.hit(userId);
  if (retryAfter > 0)
    throw new AppError("too_many_requests", "Too many RSVP changes. Please try again in a few minutes.", undefined, {
      retryAfter,
    });
  const [event] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.status, "approved"), gte(events.endsAt, now)))
    .limit(1);
  if (!event) throw new AppError("not_found", "This event isn't open for RSVPs.");
  if (going) await db.insert(eventRsvps).values({ eventId, userId }).onConflictDoNothing();
  else await db.delete(eventRsvps).where(and(eq(eventRsvps.eventId, eventId), eq(eventRsvps.userId, userId)));
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(eventRsvps)
    .where(eq(eventRsvps.eventId, eventId));
  return { going, count: Number(row?.n ?? 0) };
}

export const EVENT_MODERATION = ["approve", "reject", "delete"] as const;
export type EventModeration = (typeof EVENT_MODERATION)[number];

/** Admins approve (public), reject (hidden, kept) or delete an event. */
export async function moderateEvent(db: Database, admin: Actor, eventId: string, action: EventModeration) {
  if (!admin.isAdmin) throw new AppError("forbidden", "Only admins can moderate events.");
  if (!isUuid(eventId)) throw new AppError("not_found", "Event not found.");
  const where = eq(events.id, eventId);
  const rows =
    action === "delete"
      ? await db.delete(events).where(where).returning({ id: events.id })
      : await db
          .update(events)
          .set({ status: action === "approve" ? "approved" : "rejected", updatedAt: new Date() })
          .where(where)
          .returning({ id: events.id });
  if (!rows.length) throw new AppError("not_found", "Event not found.");
}
