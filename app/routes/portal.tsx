import {
  CalendarDays,
  CalendarPlus,
  ChevronRight,
  MessageSquareText,
  Search,
  Shield,
  ShieldCheck,
  UserRound,
} from "lucide-react";
import { deferredComponent } from "~/lib/deferred-component";
import { useRootData } from "~/components/layout/root-data";
import { data, Link } from "react-router";
import { PageHeader } from "~/components/layout/page-header";
import { Button } from "~/components/ui/button";
import { adminQueueCounts } from "~/features/auth/admin-queues.server";
import { AdminQueuePanel } from "~/features/auth/components/admin-queue-panel";
import { requireUser } from "~/features/auth/guards.server";
import {
  MyClaimsPanel,
  WITHDRAW_CLAIM_INTENT,
  type WithdrawClaimResult,
} from "~/features/claims/components/my-claims-panel";
import { withdrawClaim } from "~/features/claims/mutations.server";
import { listMyClaims } from "~/features/claims/queries.server";
import { AppError } from "~/lib/app-error";
import { EventList } from "~/features/events/components/business-events";
import { eventsGoing, eventsSubmittedBy } from "~/features/events/queries.server";
import { FavoritesPanel } from "~/features/favorites/components/favorites-panel";
import { dashboardFavorites } from "~/features/favorites/queries.server";
import { InboxPanel } from "~/features/inbox/components/inbox-panel";
import { MyReviewsPanel } from "~/features/reviews/components/my-reviews-panel";
import { RecentReviewsPanel } from "~/features/reviews/components/recent-reviews-panel";
import { reviewsByUser, reviewsOfOwnedListings } from "~/features/reviews/queries.server";
import { MyListingsPanel } from "~/features/listings/components/my-listings-panel";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/portal";
import { loadOwnerSections } from "./portal-inbox.server";

/** Said to an unverified owner (issue 40, defect 6); its code only for them, after the first load. */
const HeldEmailsNotice = deferredComponent(() =>
  import("~/features/notifications/components/held-emails-notice").then((m) => m.HeldEmailsNotice),
);

/**
 * The signed-in user's dashboard; a visitor is sent to sign in and comes back here (an empty dashboard of zeros
 * said nothing). The events you submitted (with their review status) and the ones you're going to.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser({ request, context });
  // Owners and business accounts: My listings and the inbox (null for everyone else).
  const owner = await loadOwnerSections(request, context, user);
  const url = new URL(request.url);
  const reviewsPage = Number(url.searchParams.get("reviewsPage") ?? 1);
  const ownerReviewsPage = Number(url.searchParams.get("ownerReviewsPage") ?? 1);
  const [submitted, going, favorites, reviews, ownerReviews, adminQueue, claims] = await Promise.all([
    eventsSubmittedBy(context.db, user.id),
    eventsGoing(context.db, user.id, context.clock.now()),
    dashboardFavorites(context.db, user.id, context.clock.now()),
    reviewsByUser(context.db, user.id, reviewsPage),
    owner ? reviewsOfOwnedListings(context.db, user.id, ownerReviewsPage) : null,
    // The admins table is checked by the session (isAdmin); counts only for an admin.
    user.isAdmin ? adminQueueCounts(context.db) : null,
    owner ? listMyClaims(context.db, user.id, 1, 5) : null,
  ]);
  return {
    events: { submitted, going, timeZone: context.config.SITE_TIMEZONE },
    favorites,
    reviews,
    owner: owner ? { ...owner, reviews: ownerReviews, claims } : null,
    adminQueue,
  };
}

/** The dashboard's own action: withdraw a pending claim (the claimant's only; checked in the DELETE). */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser({ request, context });
  const form = await request.formData();
  if (form.get("intent") !== WITHDRAW_CLAIM_INTENT)
    return data<WithdrawClaimResult>({ ok: false, message: "Unknown action." }, { status: 400 });
  try {
    await withdrawClaim(context.db, user, String(form.get("claimId") ?? ""));
    return data<WithdrawClaimResult>({ ok: true, message: "Claim withdrawn." });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return data<WithdrawClaimResult>({ ok: false, message: error.message }, { status: error.status });
  }
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Dashboard");

const SETTINGS = [
  {
    icon: UserRound,
    title: "Profile and password",
    text: "Your name, email address and password",
    to: "/account/settings",
  },
  {
    icon: ShieldCheck,
    title: "Two-factor authentication",
    text: "A code from your phone at sign-in",
    to: "/account/settings#section-two-factor-authentication",
  },
  {
    icon: Shield,
    title: "Your data",
    text: "Download your data or delete your account",
    to: "/account/settings#section-your-data",
  },
];
/** The signed-in user's dashboard: an owner's listings and inbox, favorites, reviews, settings and events. */
export default function Page({ loaderData }: Route.ComponentProps) {
  const { events } = loaderData;
  // An unverified owner's emails about messages and reviews wait (issue 40, defect 6): the dashboard says why.
  const { user } = useRootData();
  return (
    <>
      <PageHeader
        eyebrow="Your account"
        title="Dashboard"
        lead="Your favorite places, your reviews and your settings, all in one place."
      >
        <Button asChild>
          <Link to="/search">
            <Search aria-hidden="true" />
            Find places
          </Link>
        </Button>
      </PageHeader>
      <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-12 sm:px-6 lg:grid-cols-3">
        {loaderData.adminQueue ? <AdminQueuePanel counts={loaderData.adminQueue} /> : null}
        {loaderData.owner ? (
          <>
            {user && user.emailVerified === false ? (
              <HeldEmailsNotice.Component email={user.email} className="lg:col-span-3" />
            ) : null}
            <MyListingsPanel
              listings={loaderData.owner.listings}
              hrefForPage={(p) => `/portal${p > 1 ? `?listingsPage=${p}` : ""}#my-listings`}
            />
            {loaderData.owner.inbox ? <InboxPanel {...loaderData.owner.inbox} /> : null}
            {loaderData.owner.claims && loaderData.owner.claims.total > 0 ? (
              <MyClaimsPanel claims={loaderData.owner.claims} />
            ) : null}
            {loaderData.owner.reviews ? (
              <RecentReviewsPanel
                reviews={loaderData.owner.reviews}
                hrefForPage={(p) => `/portal${p > 1 ? `?ownerReviewsPage=${p}` : ""}#recent-reviews`}
              />
            ) : null}
          </>
        ) : null}
        <FavoritesPanel favorites={loaderData.favorites} />
        <MyReviewsPanel
          reviews={loaderData.reviews}
          hrefForPage={(p) => `/portal${p > 1 ? `?reviewsPage=${p}` : ""}#my-reviews`}
        />
        <section aria-labelledby="settings-heading" className="rounded-3xl border bg-card p-6 shadow-card">
          <div className="flex items-center gap-3">
            <span
              aria-hidden="true"
              className="grid size-10 place-items-center rounded-xl bg-primary-soft text-accent-foreground"
            >
              <MessageSquareText className="size-5" />
            </span>
            <h2 id="settings-heading" className="text-lg font-bold">
              Settings
            </h2>
          </div>
          <ul className="mt-6 grid gap-2">
            {SETTINGS.map(({ icon: Icon, title, text, to }) => (
              <li key={title}>
                <Link
                  to={to}
                  className="flex items-center gap-3 rounded-2xl border p-4 transition-colors hover:bg-muted"
                >
                  <Icon aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
                  <span className="min-w-0 flex-1">
                    <span className="block font-medium">{title}</span>
                    <span className="block text-sm text-muted-foreground">{text}</span>
                  </span>
                  <ChevronRight aria-hidden="true" className="size-5 text-muted-foreground" />
                </Link>
              </li>
            ))}
          </ul>
        </section>
        {events ? (
          <section
            aria-labelledby="my-events-heading"
            className="rounded-3xl border bg-card p-6 shadow-card lg:col-span-3"
          >
            <div className="flex flex-wrap items-center gap-3">
              <span
                aria-hidden="true"
                className="grid size-10 place-items-center rounded-xl bg-primary-soft text-accent-foreground"
              >
                <CalendarDays className="size-5" />
              </span>
              <h2 id="my-events-heading" className="text-lg font-bold">
                My events
              </h2>
              <Button asChild variant="outline" size="sm" className="ml-auto">
                <Link to="/events/new">
                  <CalendarPlus aria-hidden="true" />
                  Submit Event
                </Link>
              </Button>
            </div>
            <div className="mt-5 grid gap-6 lg:grid-cols-2">
              <div>
                <h3 className="mb-3 text-sm font-semibold tracking-wide text-muted-foreground uppercase">Going</h3>
                {events.going.length ? (
                  <EventList events={events.going} timeZone={events.timeZone} />
                ) : (
                  <p className="rounded-2xl border border-dashed p-5 text-sm text-muted-foreground">
                    RSVP on the{" "}
                    <Link to="/events" className="font-medium text-foreground underline">
                      Events page
                    </Link>{" "}
                    and your plans show up here.
                  </p>
                )}
              </div>
              <div>
                <h3 className="mb-3 text-sm font-semibold tracking-wide text-muted-foreground uppercase">Submitted</h3>
                {events.submitted.length ? (
                  <EventList events={events.submitted} timeZone={events.timeZone} showStatus />
                ) : (
                  <p className="rounded-2xl border border-dashed p-5 text-sm text-muted-foreground">
                    Events you submit appear here with their review status.
                  </p>
                )}
              </div>
            </div>
          </section>
        ) : null}
      </div>
    </>
  );
}
