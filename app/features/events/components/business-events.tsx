import { CalendarDays, MapPin, Users } from "lucide-react";
import { Link } from "react-router";
import { countLabel } from "~/lib/plural";
import { eventFiltersQuery } from "../filters";
import { eventDateParts, instantToZonedDate } from "../time";
import type { EventItem } from "../types";
import { CategoryBadge } from "./event-card";

/** A compact list of events: the business page's "Upcoming events" and the dashboard's. */
export function EventList({
  events,
  timeZone,
  showStatus = false,
}: {
  events: readonly EventItem[];
  timeZone: string;
  showStatus?: boolean;
}) {
  return (
    <ul className="grid gap-3">
      {events.map((event) => {
        const when = eventDateParts(event.startsAt, event.endsAt, timeZone);
        const day = instantToZonedDate(new Date(event.startsAt), timeZone);
        return (
          <li key={event.id} className="flex gap-4 rounded-2xl border bg-card p-4" data-testid="event-row">
            <div className="grid w-14 shrink-0 place-content-center rounded-xl bg-primary-soft/60 py-2 text-center">
              <span className="text-xs font-bold tracking-wider text-accent-foreground uppercase">{when.month}</span>
              <span className="text-2xl leading-none font-extrabold">{when.day}</span>
            </div>
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-2">
                <CategoryBadge category={event.category} />
                {showStatus ? (
                  <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-semibold text-muted-foreground">
                    {event.status === "approved"
                      ? "Approved"
                      : event.status === "pending"
                        ? "Waiting for review"
                        : "Not approved"}
                  </span>
                ) : null}
              </div>
              <p className="mt-1 font-semibold break-words">
                {event.status === "approved" ? (
                  <Link to={`/events${eventFiltersQuery({ from: day, to: day })}`} className="hover:underline">
                    {event.title}
                  </Link>
                ) : (
                  event.title
                )}
              </p>
              <p className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
                <span className="inline-flex items-center gap-1">
                  <CalendarDays aria-hidden="true" className="size-3.5" />
                  {/* One flex item: the row's gap would otherwise stand between the date and its comma. */}
                  <span>
                    <time dateTime={event.startsAt}>{when.long}</time>, {when.hours}
                  </span>
                </span>
                <span className="inline-flex items-center gap-1 break-words">
                  <MapPin aria-hidden="true" className="size-3.5" />
                  {event.venue}
                </span>
                <span className="inline-flex items-center gap-1">
                  <Users aria-hidden="true" className="size-3.5" />
                  {countLabel(event.rsvpCount, "person", "people")} going
                </span>
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
