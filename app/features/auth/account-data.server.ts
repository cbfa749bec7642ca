import { asc, desc, eq, sql } from "drizzle-orm";
import { getNotificationPreferences } from "~/features/notifications/preferences.server";
import type { Database } from "~/.server/db/client";
import {
  accounts,
  businesses,
  businessMessages,
  contactMessages,
  eventRsvps,
  events,
  favorites,
  listingClaims,
  newsletterSubscribers,
  reviewHelpfulVotes,
  reviewReplies,
  reviewReports,
  reviews,
  users,
} from "~/.server/db/schema";
import { AppError } from "~/lib/app-error";
import type { Auth } from "./auth.server";
import { isAdmin } from "./admins.server";
import { exportProfile } from "~/features/people/queries.server";
import { exportReviewPhotos } from "~/features/reviews/photos.server";

/**
 * The privacy policy's data rights: a person downloads everything we hold
 * about their account, and deletes the account. What goes with it is what
 * the policy says (privacy.tsx, "Keeping and deleting"): the account, its
 * sessions and sign-in methods, reviews (the businesses' ratings follow, by
 * the reviews trigger) and their photos (files too), helpful marks, reports, RSVPs, favorites, ownership
 * claims and the public reviewer profile (issue 41). Listings the person owned stay in the directory without an owner;
 * events they submitted stay without a submitter.
 *
 * What others hold under an email address (messages to businesses, contact
 * messages, the newsletter) is matched to an account only once the account has
 * proved it owns that address: anyone can sign up with any address and is
 * signed in at once, unverified (security finding 37.1). Then the export
 * includes it and deletion removes the contact messages and the newsletter
 * subscription — never a message a business received: that is the business's
 * copy, as an email would be.
 */

const sameEmail = (column: typeof contactMessages.email | typeof businessMessages.senderEmail, email: string) =>
  sql`lower(${column}) = ${email.toLowerCase()}`;

/** The account's data as one JSON-ready object (a download from the settings page). */
export async function exportAccountData(db: Database, userId: string) {
  const [user] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      emailVerified: users.emailVerified,
      type: users.type,
      twoFactorEnabled: users.twoFactorEnabled,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new AppError("not_found", "No such account.");
  // Nothing matches an address the account hasn't verified (an impossible address matches no row).
  const ownEmail = user.emailVerified ? user.email : null;

  const [
    signIn,
    written,
    replies,
    helpful,
    reported,
    saved,
    claims,
    owned,
    submitted,
    going,
    sent,
    contact,
    newsletter,
  ] = await Promise.all([
    db
      .select({ provider: accounts.providerId, createdAt: accounts.createdAt })
      .from(accounts)
      .where(eq(accounts.userId, userId))
      .orderBy(asc(accounts.createdAt)),
    db
      .select({
        id: reviews.id,
        business: { id: businesses.id, name: businesses.name, slug: businesses.slug },
        rating: reviews.rating,
        content: reviews.content,
        author: reviews.author,
        status: reviews.status,
        helpfulCount: reviews.helpfulCount,
        createdAt: reviews.createdAt,
        updatedAt: reviews.updatedAt,
      })
      .from(reviews)
      .innerJoin(businesses, eq(businesses.id, reviews.businessId))
      .where(eq(reviews.userId, userId))
      .orderBy(desc(reviews.createdAt)),
    db
      .select({
        reviewId: reviewReplies.reviewId,
        content: reviewReplies.content,
        createdAt: reviewReplies.createdAt,
      })
      .from(reviewReplies)
      .where(eq(reviewReplies.authorId, userId))
      .orderBy(desc(reviewReplies.createdAt)),
    db
      .select({ reviewId: reviewHelpfulVotes.reviewId, createdAt: reviewHelpfulVotes.createdAt })
      .from(reviewHelpfulVotes)
      .where(eq(reviewHelpfulVotes.userId, userId))
      .orderBy(desc(reviewHelpfulVotes.createdAt)),
    // The reports this person filed (their reason and what became of it; not who decided, nor others' reports).
    db
      .select({
        reviewId: reviewReports.reviewId,
        business: { id: businesses.id, name: businesses.name, slug: businesses.slug },
        reason: reviewReports.reason,
        status: reviewReports.status,
        createdAt: reviewReports.createdAt,
        resolvedAt: reviewReports.resolvedAt,
      })
      .from(reviewReports)
      .innerJoin(reviews, eq(reviews.id, reviewReports.reviewId))
      .innerJoin(businesses, eq(businesses.id, reviews.businessId))
      .where(eq(reviewReports.userId, userId))
      .orderBy(desc(reviewReports.createdAt)),
    db
      .select({
        business: { id: businesses.id, name: businesses.name, slug: businesses.slug },
        savedAt: favorites.createdAt,
      })
      .from(favorites)
      .innerJoin(businesses, eq(businesses.id, favorites.businessId))
      .where(eq(favorites.userId, userId))
      .orderBy(desc(favorites.createdAt)),
    db
      .select({
        business: { id: businesses.id, name: businesses.name, slug: businesses.slug },
        note: listingClaims.note,
        verificationMethod: listingClaims.verificationMethod,
        verificationDetail: listingClaims.verificationDetail,
        status: listingClaims.status,
        reason: listingClaims.reason,
        createdAt: listingClaims.createdAt,
        decidedAt: listingClaims.decidedAt,
      })
      .from(listingClaims)
      .innerJoin(businesses, eq(businesses.id, listingClaims.businessId))
      .where(eq(listingClaims.userId, userId))
      .orderBy(desc(listingClaims.createdAt)),
    db
      .select({
        id: businesses.id,
        name: businesses.name,
        slug: businesses.slug,
        status: businesses.status,
        plan: businesses.plan,
        createdAt: businesses.createdAt,
      })
      .from(businesses)
      .where(eq(businesses.ownerId, userId))
      .orderBy(asc(businesses.name)),
    db
      .select({
        id: events.id,
        title: events.title,
        startsAt: events.startsAt,
        status: events.status,
        createdAt: events.createdAt,
      })
      .from(events)
      .where(eq(events.submittedBy, userId))
      .orderBy(desc(events.createdAt)),
    db
      .select({ eventId: events.id, title: events.title, startsAt: events.startsAt, rsvpAt: eventRsvps.createdAt })
      .from(eventRsvps)
      .innerJoin(events, eq(events.id, eventRsvps.eventId))
      .where(eq(eventRsvps.userId, userId))
      .orderBy(desc(eventRsvps.createdAt)),
    db
      .select({
        business: businesses.name,
        name: businessMessages.senderName,
        email: businessMessages.senderEmail,
        message: businessMessages.body,
        createdAt: businessMessages.createdAt,
      })
      .from(businessMessages)
      .innerJoin(businesses, eq(businesses.id, businessMessages.businessId))
      .where(ownEmail ? sameEmail(businessMessages.senderEmail, ownEmail) : sql`false`)
      .orderBy(desc(businessMessages.createdAt)),
    db
      .select({
        name: contactMessages.name,
        email: contactMessages.email,
        subject: contactMessages.subject,
        message: contactMessages.message,
        createdAt: contactMessages.createdAt,
      })
      .from(contactMessages)
      .where(ownEmail ? sameEmail(contactMessages.email, ownEmail) : sql`false`)
      .orderBy(desc(contactMessages.createdAt)),
    db
      .select({
        status: newsletterSubscribers.status,
        confirmedAt: newsletterSubscribers.confirmedAt,
        createdAt: newsletterSubscribers.createdAt,
      })
      .from(newsletterSubscribers)
      .where(ownEmail ? eq(newsletterSubscribers.email, ownEmail.toLowerCase()) : sql`false`),
  ]);

  return {
    exportedAt: new Date().toISOString(),
    account: {
      ...user,
      signInMethods: signIn,
      notificationPreferences: await getNotificationPreferences(db, userId),
    },
    // The public reviewer profile (issue 41): its address and the choices made; it goes with the account.
    profile: await exportProfile(db, userId),
    reviews: written,
    // The photos on those reviews (issue 41): where each is served and its caption. They go with the account.
    reviewPhotos: await exportReviewPhotos(db, userId),
    reviewReplies: replies,
    helpfulMarks: helpful,
    reportsFiled: reported,
    favorites: saved,
    claims,
    businesses: owned,
    eventsSubmitted: submitted,
    eventsGoing: going,
    // Matched by email address, so only from a verified one (see above).
    emailMatched: user.emailVerified
      ? "Includes what was sent from your verified email address."
      : "Verify your email address to include the messages and newsletter subscription sent from it.",
    messagesSent: sent,
    contactMessages: contact,
    newsletter: newsletter[0] ?? null,
  };
}

export type AccountExport = Awaited<ReturnType<typeof exportAccountData>>;

/** Why this account can't be deleted (an admin: another admin removes their rights first), or null. */
export async function deletionRefusal(db: Database, user: { id: string; email: string; emailVerified: boolean }) {
  return (await isAdmin(db, user))
    ? "An admin account can't be deleted. Ask another admin to remove your admin rights first."
    : null;
}

/**
 * Before the user row goes: what was sent to us from its email address (contact messages, the newsletter
 * subscription), only when the account has verified that address. Messages to businesses stay with them.
 */
export async function removeEmailTraces(db: Database, user: { email: string; emailVerified: boolean }) {
  if (!user.emailVerified) return;
  await db.transaction(async (tx) => {
    await tx.delete(contactMessages).where(sameEmail(contactMessages.email, user.email));
    await tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.email, user.email.toLowerCase()));
  });
}

/**
 * Deletes the signed-in account through Better Auth, which checks the session
 * is fresh, runs the rules above (beforeDelete in auth.server.ts), deletes the
 * user and its sessions and clears the cookie. Returns its response headers
 * (the cleared session cookie) for the redirect.
 */
export async function deleteAccount(auth: Auth, request: Request) {
  const response = await auth.api.deleteUser({ headers: request.headers, body: {}, asResponse: true });
  if (response.ok) return response.headers;
  const body = (await response.json().catch(() => null)) as { code?: string; message?: string } | null;
  if (body?.code === "SESSION_EXPIRED")
    throw new AppError(
      "unauthorized",
      "For your security, sign out and sign in again, then delete your account.",
      undefined,
      { reason: "session_expired" },
    );
  if (body?.code === "ADMIN_ACCOUNT")
    throw new AppError("forbidden", body.message ?? "Admins can't delete their account.");
  throw new AppError("bad_request", "We couldn't delete your account. Please try again.");
}
