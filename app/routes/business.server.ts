import { parseWithZod } from "@conform-to/zod/v4";
import { sql } from "drizzle-orm";
import { data, type AppLoadContext } from "react-router";
import { messageSchema } from "~/features/directory/message-schema";
import { fieldErrorLists, replyWithError } from "~/lib/form-reply";
import { localNow } from "~/features/directory/hours";
import { sendBusinessMessage } from "~/features/directory/messages.server";
import { notifyOwner } from "~/features/notifications/notify.server";
import { getPublishedBusiness } from "~/features/directory/queries.server";
import { displayLocation } from "~/features/listings/location.server";
import { businessEvents } from "~/features/events/queries.server";
import { instantToZonedDate } from "~/features/events/time";
import { publicOffers } from "~/features/offers/queries.server";
import type { MessageActionData } from "~/features/directory/components/message-form";
import { uncachedPublicData } from "~/.server/public-data";
import { queryRows } from "~/.server/db/client";
import { isFavoriteSql } from "~/features/favorites/queries.server";
import { openClaimFrom, openClaimSql } from "~/features/claims/queries.server";
import { viewerReviewStateFrom, viewerReviewStateSql } from "~/features/reviews/queries.server";
import { publicShowcase } from "~/features/showcase/queries.server";
import { visibleMenus } from "~/features/menus/queries.server";
import { postsAboutBusiness } from "~/features/blog/queries.server";

/**
 * Where a public page reads: the replica (DATABASE_READ_URL) for a visitor who isn't signed in, who can wait a second
 * for a change; the primary for someone signed in, who must see their own writes at once (their review or reply,
 * their saved business, their listing that isn't public yet, an admin's decision). Without a replica both are the
 * primary.
 */
export function readDbFor(context: AppLoadContext, viewer: { id: string } | null) {
  return viewer ? context.db : context.readDb;
}

/**
 * Public data read from `db` is kept apart per database (a replica's copy may be a moment older than the primary's),
 * so a signed-in reader never gets a visitor's replica read; without a replica the two are one.
 */
export function sharedKey(context: AppLoadContext, db: AppLoadContext["db"], key: string) {
  return `${db === context.db ? "primary" : "replica"} ${key}`;
}

/**
 * A published listing as every visitor sees it (its row, photos, hours, special dates and events: 5 queries), kept in
 * the public data (app/.server/public-data.ts) like the search results: for PAGE_CACHE_SECONDS, dropped by any write
 * this process answers and by any public change, so a signed-in page (never from the page cache) doesn't read them
 * again (issue 13). `null` when no published listing has this id or slug. As on a page from the anonymous cache,
 * "open now" is at most that old.
 */
function publicListing(id: string, context: AppLoadContext, db: AppLoadContext["db"], now: Date) {
  return (context.publicData ?? uncachedPublicData).get(sharedKey(context, db, `business ${id}`), async () => {
    const found = await getPublishedBusiness(db, id, { reviews: false, now });
    if (!found) return null;
    const [events, offers, articles] = await Promise.all([
      businessEvents(db, found.id, null, now),
      publicOffers(db, found.id, { now, today: instantToZonedDate(now, context.config.SITE_TIMEZONE) }),
      postsAboutBusiness(db, found.id, now),
    ]);
    return { found, events, offers, articles };
  });
}

type Plan = Parameters<typeof publicShowcase>[2];

/**
 * A part of the listing inside its plan's allowance (issue 36: its testimonials and videos, its menus): kept in the
 * public data like the listing when it is public; read for its owner or an admin alone, on the primary, when it isn't.
 */
function listingPart<T>(
  context: AppLoadContext,
  db: AppLoadContext["db"],
  listing: { id: string; plan: Plan; status: string },
  part: string,
  read: (db: AppLoadContext["db"], id: string, plan: Plan) => Promise<T>,
) {
  if (listing.status !== "published") return read(context.db, listing.id, listing.plan);
  return (context.publicData ?? uncachedPublicData).get(sharedKey(context, db, `${part} ${listing.id}`), () =>
    read(db, listing.id, listing.plan),
  );
}

/**
 * The business page's data; unknown or malformed ids are a 404 (the route's boundary shows "Business Not Found"),
 * and so is a listing that isn't public, except to its owner and admins, who see it with its status
 * (`moderation`: pending, or rejected / suspended with the admin's reason).
 */
export async function loadBusinessPage(
  id: string,
  context: AppLoadContext,
  viewer: { id: string; isAdmin: boolean } | null = null,
) {
  const now = context.clock.now();
  const shared = await publicListing(id, context, readDbFor(context, viewer), now);
  let found = shared?.found ?? null;
  let events = shared?.events ?? [];
  // Offers show only on a published listing (publicOffers): none while it is under moderation.
  const offers = shared?.offers ?? [];
  // The blog's published posts about it (a spotlight, Premium's monthly article).
  const articles = shared?.articles ?? [];
  // Not public: only its owner and admins see it, read for them alone.
  if (!found && viewer) {
    found = await getPublishedBusiness(context.db, id, { reviews: false, viewer, now });
    if (found) events = await businessEvents(context.db, found.id, null, now);
  }
  if (!found) throw data({ notFound: true }, { status: 404 });
  const [showcase, menus] = await Promise.all([
    listingPart(context, readDbFor(context, viewer), found, "showcase", publicShowcase),
    listingPart(context, readDbFor(context, viewer), found, "menus", visibleMenus),
  ]);
  // Internal fields stay on the server; reviews come paged from the Reviews section's own loader.
  const { ownerId, status, statusReason, reviews: _reviews, ...business } = found;
  const moderation =
    status === "published"
      ? null
      : { status: status as "pending" | "rejected" | "suspended", reason: status === "pending" ? null : statusReason };
  const day = localNow(business.timezone, now).dayNumber;
  const publicUrl = context.config.publicUrl.replace(/\/+$/, "");
  return {
    business: { ...business, ...displayLocation(business, context.config.SITE_COUNTRY) },
    moderation,
    /** Its upcoming approved events (issue #11), shown in the site's time zone. */
    events,
    eventsTimeZone: context.config.SITE_TIMEZONE,
    /** Its current coupons and offers (issue 36), inside the plan's allowance. */
    offers,
    offersToday: instantToZonedDate(now, context.config.SITE_TIMEZONE),
    todayIso: new Date(day * 86_400_000).toISOString().slice(0, 10),
    /**
     * Share's base: PUBLIC_URL when it is set; otherwise null and the browser uses the address the page was opened at
     * (window.location.origin), never a guessed http://localhost:PORT. Not the request's origin here: the anonymous
     * page cache keys pages by path alone.
     */
    shareBase: context.config.PUBLIC_URL ? publicUrl : null,
    publicUrl,
    /** Its testimonials (provided by the business, never in the rating) and videos (issue 36). */
    showcase,
    /** Its menus (issue 36): previews and downloads, the plan's first ones. */
    menus,
    /** The blog's published posts about it, newest first (issue 36). */
    articles,
    /** For the page's other sections (claim, reviews), which would read it again; the loader doesn't send it on. */
    listing: { ownerId, status },
  };
}

/**
 * What a signed-in reader's business page adds to everyone's: whether they saved it, their open claim on it (asked
 * only when it is claimable) and their review and helpful votes on the reviews shown — one round trip (issue 13:
 * three queries before), each part a scalar subquery from its own feature. On the primary, as every read for a
 * signed-in reader.
 */
export async function readerListingState(
  context: AppLoadContext,
  userId: string,
  businessId: string,
  claimable: boolean,
  shownReviewIds: readonly string[],
) {
  const [row] = await queryRows<{ saved: boolean; claim: unknown; reviews: unknown }>(
    context.db,
    sql`select ${isFavoriteSql(userId, businessId)} as saved,
      ${claimable ? openClaimSql(businessId, userId) : sql`null::json`} as claim,
      ${viewerReviewStateSql(businessId, userId, shownReviewIds)} as reviews`,
  );
  return {
    saved: Boolean(row?.saved),
    openClaim: claimable ? openClaimFrom(row?.claim) : null,
    reviews: viewerReviewStateFrom(row?.reviews),
  };
}

/** Send Message: parsed with Conform and the shared messageSchema, rate-limited per address, honeypot checked. */
export async function sendMessageAction(id: string, request: Request, context: AppLoadContext) {
  const found = await getPublishedBusiness(context.db, id, { reviews: false });
  if (!found) throw data({ notFound: true }, { status: 404 });
  const submission = parseWithZod(await request.formData(), { schema: messageSchema });
  if (submission.status !== "success") {
    return data<MessageActionData>({ ok: false, result: submission.reply() }, { status: 400 });
  }
  const result = await sendBusinessMessage(
    context.db,
    found.id,
    submission.value,
    { ip: context.clientIp },
    context.limits.messages,
    (tx, messageId) => notifyOwner({ ...context, db: tx }, { kind: "message", id: messageId }),
  );
  if (result.ok) {
    return data<MessageActionData>({ ok: true, result: submission.reply({ resetForm: true }) });
  }
  if (result.status === 404) throw data({ notFound: true }, { status: 404 });
  if (result.status === 400) {
    return data<MessageActionData>(
      { ok: false, result: submission.reply({ fieldErrors: fieldErrorLists(result.fields) }) },
      { status: 400 },
    );
  }
  const minutes = Math.max(1, Math.ceil(result.retryAfter / 60));
  const error = `Too many messages. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
  return data<MessageActionData>(
    { ok: false, error, result: replyWithError(submission, error) },
    { status: 429, headers: { "Retry-After": String(result.retryAfter) } },
  );
}
