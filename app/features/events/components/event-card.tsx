import { Building2, Clock, Loader2, MapPin, Users } from "lucide-react";
import { businessPath } from "~/lib/business-url";
import { Link, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { EVENT_CATEGORY_OPTIONS, optionLabel } from "~/lib/catalogue";
import { countLabel } from "~/lib/plural";
import { cn } from "~/lib/utils";
import { signInPath } from "~/features/auth/redirect";
import { eventDateParts } from "../time";
import type { EventItem } from "../types";

const CATEGORY_STYLES: Record<EventItem["category"], string> = {
  food: "bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200",
  music: "bg-sky-100 text-sky-900 dark:bg-sky-400/15 dark:text-sky-200",
  art: "bg-violet-100 text-violet-900 dark:bg-violet-400/15 dark:text-violet-200",
  business: "bg-emerald-100 text-emerald-900 dark:bg-emerald-400/15 dark:text-emerald-200",
};

/** The date tile of an event without a photo: soft, in its category's colours (both themes). */
const TILE_STYLES: Record<EventItem["category"], string> = {
  food: "bg-amber-50 text-amber-900 dark:bg-amber-400/10 dark:text-amber-100",
  music: "bg-sky-50 text-sky-900 dark:bg-sky-400/10 dark:text-sky-100",
  art: "bg-violet-50 text-violet-900 dark:bg-violet-400/10 dark:text-violet-100",
  business: "bg-emerald-50 text-emerald-900 dark:bg-emerald-400/10 dark:text-emerald-100",
};

export function CategoryBadge({ category }: { category: EventItem["category"] }) {
  return (
    <span className={cn("rounded-full px-2.5 py-0.5 text-xs font-semibold", CATEGORY_STYLES[category])}>
      {optionLabel(EVENT_CATEGORY_OPTIONS, category)}
    </span>
  );
}

/** What the RSVP action answers. */
export type RsvpResult = { ok: true; eventId: string; going: boolean; count: number } | { ok: false; error: string };

/**
 * RSVP / cancel: a form posting to /events (works without JavaScript); with
 * it, a fetcher updates the count in place. Signed out, a link to sign in.
 */
function RsvpControl({ event, signedIn }: { event: EventItem; signedIn: boolean }) {
  const fetcher = useFetcher<RsvpResult>({ key: `rsvp-${event.id}` });
  // While the request runs, show what was asked (the loader's revalidation then brings the stored count).
  const pending = fetcher.formData ? fetcher.formData.get("intent") === "rsvp" : null;
  const going = pending ?? event.going;
  const count = event.rsvpCount + (pending === null || pending === event.going ? 0 : pending ? 1 : -1);
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;
  return (
    // Two columns, the button always in the second: it sits at the card's bottom right whatever the count or
    // "You're going" say (issue 40, defect 18: it used to wrap to the left).
    <div className="mt-auto grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 border-t pt-4">
      <div className="grid gap-0.5">
        <p className="inline-flex items-center gap-1.5 text-sm" data-testid="rsvp-count">
          <Users aria-hidden="true" className="size-4 text-muted-foreground" />
          <span className="font-semibold">{countLabel(count, "person", "people")}</span>{" "}
          <span className="text-muted-foreground">going</span>
        </p>
        {signedIn && going ? (
          <span className="text-sm font-medium text-success" role="status">
            You&apos;re going
          </span>
        ) : null}
      </div>
      {signedIn ? (
        <fetcher.Form method="post" action="/events" preventScrollReset data-testid="rsvp">
          <input type="hidden" name="eventId" value={event.id} />
          <input type="hidden" name="intent" value={going ? "cancel" : "rsvp"} />
          <Button
            aria-label={`${going ? "Cancel RSVP" : "RSVP"}: ${event.title}`}
            type="submit"
            size="sm"
            variant={going ? "outline" : "default"}
            disabled={fetcher.state !== "idle"}
          >
            {fetcher.state !== "idle" ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
            {going ? "Cancel RSVP" : "RSVP"}
          </Button>
        </fetcher.Form>
      ) : (
        <Button aria-label={`RSVP: ${event.title} (sign in first)`} asChild size="sm" data-testid="rsvp">
          <Link to={signInPath("/events")}>RSVP</Link>
        </Button>
      )}
      {error ? (
        <p role="alert" className="col-span-2 text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function EventCard({
  event,
  timeZone,
  signedIn,
  headingLevel = "h3",
}: {
  event: EventItem;
  timeZone: string;
  signedIn: boolean;
  headingLevel?: "h2" | "h3";
}) {
  const when = eventDateParts(event.startsAt, event.endsAt, timeZone);
  const Heading = headingLevel;
  return (
    <li
      className="flex flex-col overflow-hidden rounded-2xl border bg-card shadow-card transition-shadow hover:shadow-lift"
      data-testid="event-card"
    >
      {/* The same band on every card (issue 40, defect 18): the event's own photo with the date on it, or, without
          one, a tile of the date in the category's colours. Never the venue's photo standing in for the event. */}
      <div className="relative h-36 shrink-0 overflow-hidden border-b sm:h-40" data-testid="event-media">
        {event.imageUrl ? (
          <>
            <img
              src={event.imageUrl}
              alt=""
              width={800}
              height={450}
              loading="lazy"
              decoding="async"
              className="size-full bg-muted object-cover"
              data-testid="event-image"
            />
            <span className="absolute top-3 left-3 grid min-w-14 justify-items-center rounded-xl bg-white/95 px-2.5 py-1.5 text-neutral-900 shadow-sm">
              <span className="text-xs font-bold tracking-wider text-primary uppercase">{when.month}</span>
              <span className="text-2xl leading-none font-extrabold">{when.day}</span>
            </span>
          </>
        ) : (
          <div
            className={cn("relative isolate flex h-full items-center gap-4 px-6", TILE_STYLES[event.category])}
            data-testid="event-date-tile"
          >
            <div
              aria-hidden="true"
              className="absolute inset-0 -z-10 opacity-40 [background-image:radial-gradient(circle_at_1px_1px,currentColor_1px,transparent_0)] [background-size:18px_18px] [mask-image:linear-gradient(to_left,black,transparent_70%)]"
            />
            <span className="grid justify-items-center">
              <span className="text-sm font-bold tracking-widest uppercase">{when.month}</span>
              <span className="text-5xl leading-none font-extrabold tracking-tight">{when.day}</span>
            </span>
            <span className="min-w-0 border-l border-current/25 pl-4 text-sm leading-snug font-medium">
              {when.weekday}
              <br />
              {when.hours}
            </span>
          </div>
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-3 p-5">
        <div className="flex flex-wrap items-center gap-2">
          <CategoryBadge category={event.category} />
          <span className="text-xs font-medium text-muted-foreground">{event.city}</span>
        </div>
        <div>
          <Heading className="text-lg leading-snug font-semibold break-words">{event.title}</Heading>
          <p className="mt-1 text-sm break-words whitespace-pre-line text-muted-foreground">{event.description}</p>
        </div>
        <ul className="grid gap-1.5 text-sm text-muted-foreground">
          <li className="flex items-center gap-2">
            <Clock aria-hidden="true" className="size-4 shrink-0" />
            <span>
              <time dateTime={event.startsAt}>{when.long}</time>, {when.hours}
            </span>
          </li>
          <li className="flex items-center gap-2">
            <MapPin aria-hidden="true" className="size-4 shrink-0" />
            <span className="break-words">{event.venue}</span>
          </li>
          {event.business ? (
            <li className="flex items-center gap-2">
              <Building2 aria-hidden="true" className="size-4 shrink-0" />
              <Link to={businessPath(event.business)} className="font-medium text-foreground hover:underline">
                {event.business.name}
              </Link>
            </li>
          ) : null}
        </ul>
        <RsvpControl event={event} signedIn={signedIn} />
      </div>
    </li>
  );
}
