import { CalendarPlus } from "lucide-react";
import { Form, Link } from "react-router";
import { PageHeader } from "~/components/layout/page-header";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import type { Option } from "~/lib/catalogue";
import { countLabel } from "~/lib/plural";
import { CATEGORY_FILTER_OPTIONS, EVENTS_STEP, eventFiltersQuery, type EventFilters } from "../filters";
import type { EventItem } from "../types";
import { EventCard } from "./event-card";

export interface EventsViewProps {
  events: readonly EventItem[];
  total: number;
  hasMore: boolean;
  filters: EventFilters;
  cities: readonly Option[];
  timeZone: string;
  signedIn: boolean;
}

/** /events: "Local Events" — approved events from the database, filters in the URL, RSVP, Load More. */
export function EventsView({ events, total, hasMore, filters, cities, timeZone, signedIn }: EventsViewProps) {
  return (
    <>
      <PageHeader
        eyebrow="Events"
        title="Local Events"
        lead="Festivals, concerts, markets and meetups across the Near network. Find something to do this week."
      >
        <div className="flex flex-col gap-4">
          <Form
            key={`${filters.city}|${filters.category}|${filters.from}|${filters.to}`}
            method="get"
            preventScrollReset
            className="grid gap-3 rounded-2xl border bg-card p-4 shadow-card sm:grid-cols-2 sm:p-5 lg:flex lg:items-end"
          >
            <div className="grid gap-1.5 lg:flex-1">
              <Label htmlFor="events-city" className="text-xs font-semibold text-muted-foreground">
                City
              </Label>
              <NativeSelect id="events-city" name="city" defaultValue={filters.city} className="[&_select]:h-11">
                {cities.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="grid gap-1.5 lg:flex-1">
              <Label htmlFor="events-category" className="text-xs font-semibold text-muted-foreground">
                Category
              </Label>
              <NativeSelect
                id="events-category"
                name="category"
                defaultValue={filters.category}
                className="[&_select]:h-11"
              >
                {CATEGORY_FILTER_OPTIONS.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <fieldset className="grid grid-cols-2 gap-2 sm:col-span-2 lg:flex-[1.6]">
              <legend className="mb-1.5 text-xs font-semibold text-muted-foreground">Date</legend>
              <div className="grid gap-1">
                <Label htmlFor="events-from" className="text-xs text-muted-foreground">
                  From
                </Label>
                <Input id="events-from" name="from" type="date" defaultValue={filters.from} className="h-11" />
              </div>
              <div className="grid gap-1">
                <Label htmlFor="events-to" className="text-xs text-muted-foreground">
                  To
                </Label>
                <Input id="events-to" name="to" type="date" defaultValue={filters.to} className="h-11" />
              </div>
            </fieldset>
            <div className="flex gap-2 sm:col-span-2 lg:col-span-1">
              <Button type="submit" className="h-11 flex-1 px-5 lg:flex-none">
                Apply Filters
              </Button>
              <Button asChild variant="outline" className="h-11 flex-1 lg:flex-none">
                <Link to="/events/new">
                  <CalendarPlus aria-hidden="true" />
                  Submit Event
                </Link>
              </Button>
            </div>
          </Form>
        </div>
      </PageHeader>

      <section aria-labelledby="events-heading" className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-12">
        <div className="mb-5 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="events-heading" className="text-xl font-bold tracking-tight">
            Upcoming events
          </h2>
          <p className="text-sm text-muted-foreground" role="status" data-testid="events-count">
            {total === 0 ? "No upcoming events" : `Showing ${events.length} of ${countLabel(total, "event")}`}
          </p>
        </div>
        {events.length > 0 ? (
          <>
            <ul aria-labelledby="events-heading" className="grid gap-5 lg:grid-cols-2">
              {events.map((event) => (
                <EventCard key={event.id} event={event} timeZone={timeZone} signedIn={signedIn} />
              ))}
            </ul>
            {hasMore ? (
              <div className="mt-10 flex justify-center">
                <Button asChild variant="outline" size="lg" className="min-w-56">
                  <Link
                    to={`/events${eventFiltersQuery({ ...filters, show: filters.show + EVENTS_STEP })}`}
                    preventScrollReset
                  >
                    Load More
                  </Link>
                </Button>
              </div>
            ) : null}
          </>
        ) : (
          <div className="flex flex-col items-center rounded-2xl border border-dashed bg-card px-6 py-14 text-center">
            <p className="text-lg font-semibold">No events match those filters</p>
            <p className="mt-1 text-muted-foreground">Try another city, category or date.</p>
            <Button asChild variant="outline" className="mt-5">
              <Link to="/events" preventScrollReset>
                Clear filters
              </Link>
            </Button>
          </div>
        )}
      </section>
    </>
  );
}
