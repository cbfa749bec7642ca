import { CalendarHeart, MessageSquareText, UserRoundX } from "lucide-react";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { ErrorScreen, MissingScreen } from "~/components/layout/lazy-error-screens";
import { Pagination } from "~/features/directory/components/pagination";
import { EventList } from "~/features/events/components/business-events";
import { PersonReviewCard } from "~/features/people/components/person-review-card";
import { ProfileHeader } from "~/features/people/components/profile-header";
import { personHref } from "~/features/people/names";
import { ReviewSummaryPanel } from "~/features/reviews/components/review-summary";
import { pageMeta } from "~/lib/meta";
import { countLabel } from "~/lib/plural";
import type { Route } from "./+types/people";
import { loadPersonPage } from "./people.server";

export const meta: Route.MetaFunction = (args) => {
  const { data } = args;
  if (!data) return pageMeta(args.matches, "Profile Not Found", undefined, { noindex: true });
  const { profile } = data;
  const where = profile.city ? ` from ${profile.city}` : "";
  return pageMeta(
    args,
    `${profile.name} — Reviews`,
    profile.reviewCount
      ? `${profile.name}${where} on Near: ${countLabel(profile.reviewCount, "review")} of local businesses, ` +
          `${countLabel(profile.helpfulVotes, "helpful vote")} received.`
      : `${profile.name}${where} on Near.`,
    // The first page is the canonical one; a profile without reviews has nothing to index.
    { type: "profile", canonicalPath: personHref(profile.handle), noindex: profile.reviewCount === 0 },
  );
};

export function loader({ params, request, context }: Route.LoaderArgs) {
  return loadPersonPage(params.handle, request, context);
}

/** /people/{handle}: a reviewer's public profile (issue 41). */
export default function PersonPage({ loaderData }: Route.ComponentProps) {
  const { profile, reviews, events, eventsTimeZone } = loaderData;
  const hrefFor = (p: number) => `${personHref(profile.handle)}${p > 1 ? `?page=${p}` : ""}`;
  return (
    <div className="flex-1 bg-linear-to-b from-primary-soft/50 to-background dark:from-primary-soft/25">
      <div className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-8 sm:px-6 sm:py-12">
        <ProfileHeader profile={profile} />

        {profile.reviewCount > 0 ? (
          <section aria-labelledby="ratings-heading" className="grid gap-3">
            <h2 id="ratings-heading" className="sr-only">
              Ratings given
            </h2>
            <ReviewSummaryPanel
              summary={{ average: profile.average, count: profile.reviewCount, distribution: profile.distribution }}
              action={null}
            />
          </section>
        ) : null}

        {events && events.length > 0 ? (
          <section
            aria-labelledby="going-heading"
            className="rounded-3xl border bg-card p-5 shadow-card sm:p-6"
            data-testid="person-rsvps"
          >
            <h2 id="going-heading" className="mb-4 flex items-center gap-2 text-xl font-bold">
              <CalendarHeart aria-hidden="true" className="size-5 text-accent-foreground" />
              Going to
            </h2>
            <EventList events={events} timeZone={eventsTimeZone} />
          </section>
        ) : null}

        <section aria-labelledby="person-reviews-heading" className="grid gap-4" id="reviews">
          <h2 id="person-reviews-heading" className="flex items-center gap-2 text-xl font-bold">
            <MessageSquareText aria-hidden="true" className="size-5 text-accent-foreground" />
            Reviews
            {profile.reviewCount > 0 ? (
              <span className="text-base font-medium text-muted-foreground">({profile.reviewCount})</span>
            ) : null}
          </h2>
          {reviews.items.length > 0 ? (
            <ol className="grid gap-4" data-testid="person-reviews">
              {reviews.items.map((review) => (
                <li key={review.id}>
                  <PersonReviewCard review={review} />
                </li>
              ))}
            </ol>
          ) : (
            <p className="rounded-2xl border border-dashed bg-card p-8 text-center text-muted-foreground">
              {profile.name} hasn't written any reviews yet.
            </p>
          )}
          <Pagination page={reviews.page} pageCount={reviews.pageCount} hrefFor={hrefFor} />
        </section>
      </div>
    </div>
  );
}

function PersonNotFound() {
  return (
    <MissingScreen
      icon={UserRoundX}
      title="Profile Not Found"
      message="There's no one here: the link may be mistyped, or the account was deleted."
    />
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <PersonNotFound />;
  return <ErrorScreen status={isRouteErrorResponse(error) ? error.status : undefined} />;
}
