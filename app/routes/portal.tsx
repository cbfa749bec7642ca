import {
  Bell,
  CalendarDays,
  CalendarPlus,
  ChevronRight,
  type Heart,
  MessageSquareText,
  Search,
  Shield,
  Star,
  UserRound,
} from "lucide-react";
import { Link } from "react-router";
import { PageHeader } from "~/components/layout/page-header";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { getUser } from "~/features/auth/guards.server";
import { EventList } from "~/features/events/components/business-events";
import { eventsGoing, eventsSubmittedBy } from "~/features/events/queries.server";
import { FavoritesPanel } from "~/features/favorites/components/favorites-panel";
import { dashboardFavorites } from "~/features/favorites/queries.server";
import { InboxPanel } from "~/features/inbox/components/inbox-panel";
import { MyListingsPanel } from "~/features/listings/components/my-listings-panel";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/portal";
import { loadOwnerSections } from "./portal-inbox.server";

/** Signed in: the events you submitted (with their review status) and the ones you're going to. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getUser({ request, context });
  // Owners and business accounts: My listings and the inbox (null for everyone else).
  const owner = user ? await loadOwnerSections(request, context, user) : null;
  if (!user) return { events: null, favorites: null };
  const [submitted, going, favorites] = await Promise.all([
    eventsSubmittedBy(context.db, user.id),
    eventsGoing(context.db, user.id),
    dashboardFavorites(context.db, user.id),
  ]);
  return { events: { submitted, going, timeZone: context.config.SITE_TIMEZONE }, favorites, owner };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Dashboard");

function EmptyPanel({
  id,
  icon: Icon,
  title,
  emptyTitle,
  emptyText,
  action,
}: {
  id: string;
  icon: typeof Heart;
  title: string;
  emptyTitle: string;
  emptyText: string;
  action: { label: string; to: string };
}) {
  return (
    <section aria-labelledby={id} className="flex flex-col rounded-3xl border bg-card p-6 shadow-card">
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className="grid size-10 place-items-center rounded-xl bg-primary-soft text-accent-foreground"
        >
          <Icon className="size-5" />
        </span>
        <h2 id={id} className="text-lg font-bold">
          {title}
        </h2>
        <span className="ml-auto text-2xl font-extrabold tracking-tight">0</span>
      </div>
      <div className="mt-6 flex flex-1 flex-col items-center justify-center rounded-2xl border border-dashed px-6 py-10 text-center">
        <p className="font-semibold">{emptyTitle}</p>
        <p className="mt-1 max-w-xs text-sm text-muted-foreground">{emptyText}</p>
        <Button asChild variant="outline" className="mt-5">
          <Link to={action.to}>{action.label}</Link>
        </Button>
      </div>
    </section>
  );
}

const SETTINGS = [
  { icon: UserRound, title: "Profile", text: "Your name, email address and password" },
  { icon: Bell, title: "Notifications", text: "Replies to your reviews and the monthly newsletter" },
];

/** The customer dashboard (static for now: the accounts feature fills it in). */
export default function Page({ loaderData }: Route.ComponentProps) {
  const { events } = loaderData;
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
        {"owner" in loaderData && loaderData.owner ? (
          <>
            <MyListingsPanel
              listings={loaderData.owner.listings}
              hrefForPage={(p) => `/portal${p > 1 ? `?listingsPage=${p}` : ""}#my-listings`}
            />
            {loaderData.owner.inbox ? <InboxPanel {...loaderData.owner.inbox} /> : null}
          </>
        ) : null}
        <FavoritesPanel favorites={loaderData.favorites} />
        <EmptyPanel
          id="reviews-heading"
          icon={Star}
          title="My reviews"
          emptyTitle="No reviews yet"
          emptyText="Share your experience to help neighbors find great places."
          action={{ label: "Find a business", to: "/search" }}
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
            {SETTINGS.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex items-center gap-3 rounded-2xl border p-4">
                <Icon aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
                <div className="min-w-0 flex-1">
                  <p className="font-medium">{title}</p>
                  <p className="text-sm text-muted-foreground">{text}</p>
                </div>
                <Badge variant="secondary">Coming soon</Badge>
              </li>
            ))}
            <li>
              <Link
                to="/privacy#rights"
                className="flex items-center gap-3 rounded-2xl border p-4 transition-colors hover:bg-muted"
              >
                <Shield aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
                <span className="min-w-0 flex-1">
                  <span className="block font-medium">Privacy and data</span>
                  <span className="block text-sm text-muted-foreground">Download or delete your data</span>
                </span>
                <ChevronRight aria-hidden="true" className="size-5 text-muted-foreground" />
              </Link>
            </li>
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
