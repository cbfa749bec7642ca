import { data, type AppLoadContext } from "react-router";
import { uncachedPublicData } from "~/.server/public-data";
import { getUser } from "~/features/auth/guards.server";
import { personReviews, personRsvps, publicProfile } from "~/features/people/queries.server";
import { readDbFor, sharedKey } from "./business.server";

/**
 * /people/:handle (issue 41): a reviewer's public profile. Everyone sees the same page, so it is read like the
 * business page's public parts: a visitor's from the replica, kept in the public data (and the anonymous page cache,
 * server/http/page-cache.ts) for PAGE_CACHE_SECONDS, dropped by any write this process answers — a review, a helpful
 * mark, a settings change, an account deleted — so a profile is never staler than a business page's reviews.
 * Unknown handles and deleted accounts are a 404.
 */
export async function loadPersonPage(handle: string, request: Request, context: AppLoadContext) {
  const url = new URL(request.url);
  const page = Math.max(1, Math.min(10_000, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  const viewer = await getUser({ request, context });
  const db = readDbFor(context, viewer);
  const shared = context.publicData ?? uncachedPublicData;
  const found = await shared.get(sharedKey(context, db, `person ${handle} ${page}`), async () => {
    const person = await publicProfile(db, handle);
    if (!person) return null;
    const [reviews, events] = await Promise.all([
      personReviews(db, person.userId, person.profile.reviewCount, page),
      person.profile.showsRsvps ? personRsvps(db, person.userId, context.clock.now()) : Promise.resolve(null),
    ]);
    // The account id stays on the server.
    return { profile: person.profile, reviews, events };
  });
  if (!found) throw data({ notFound: true }, { status: 404 });
  return { ...found, eventsTimeZone: context.config.SITE_TIMEZONE };
}
