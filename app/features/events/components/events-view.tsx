import { CalendarPlus, Clock, MapPin, Users } from "lucide-react";
import { Form, Link } from "react-router";
import { PageHeader } from "~/components/layout/page-header";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { toast } from "~/lib/toast";
import { cn } from "~/lib/utils";
import { EVENT_CATEGORIES, EVENT_CITIES, type EventItem } from "../sample-events";

export interface EventFilters {
  city: string;
  category: string;
  date: string;
}

const CATEGORY_STYLES: Record<EventItem["category"], string> = {
  food: "bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200",
  music: "bg-sky-100 text-sky-900 dark:bg-sky-400/15 dark:text-sky-200",
  art: "bg-violet-100 text-violet-900 dark:bg-violet-400/15 dark:text-violet-200",
  business: "bg-emerald-100 text-emerald-900 dark:bg-emerald-400/15 dark:text-emerald-200",
};

// Dates are "YYYY-MM-DD"; formatting in UTC keeps server and browser output identical.
const monthFmt = new Intl.DateTimeFormat("en-US", { month: "short", timeZone: "UTC" });
const longFmt = new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", timeZone: "UTC" });
const asDate = (iso: string) => new Date(`${iso}T12:00:00Z`);

function label(options: readonly { value: string; label: string }[], value: string) {
  return options.find((o) => o.value === value)?.label ?? value;
}

function EventCard({ event }: { event: EventItem }) {
  const date = asDate(event.date);
  return (
    <li className="flex flex-col overflow-hidden rounded-2xl border bg-card shadow-card transition-shadow hover:shadow-lift sm:flex-row">
      <div className="flex items-center gap-3 border-b bg-primary-soft/60 px-5 py-4 sm:w-28 sm:flex-col sm:justify-center sm:gap-0 sm:border-r sm:border-b-0 sm:px-0">
        <span className="text-sm font-bold tracking-wider text-accent-foreground uppercase">{monthFmt.format(date)}</span>
        <span className="text-3xl font-extrabold tracking-tight">{date.getUTCDate()}</span>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex flex-wrap items-center gap-2">
          <span className={cn("rounded-full px-2.5 py-0.5 text-xs font-semibold", CATEGORY_STYLES[event.category])}>
            {label(EVENT_CATEGORIES, event.category)}
          </span>
          <span className="text-xs font-medium text-muted-foreground">{label(EVENT_CITIES, event.city)}</span>
        </div>
        <div>
          <h3 className="text-lg leading-snug font-semibold">{event.title}</h3>
          <p className="mt-1 text-sm text-muted-foreground">{event.description}</p>
        </div>
        <ul className="grid gap-1.5 text-sm text-muted-foreground">
          <li className="flex items-center gap-2">
            <Clock aria-hidden="true" className="size-4 shrink-0" />
            <span>
              <time dateTime={event.date}>{longFmt.format(date)}</time>, {event.time}
            </span>
          </li>
          <li className="flex items-center gap-2">
            <MapPin aria-hidden="true" className="size-4 shrink-0" />
            {event.venue}
          </li>
        </ul>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-3 border-t pt-4">
          <p className="inline-flex items-center gap-1.5 text-sm">
            <Users aria-hidden="true" className="size-4 text-muted-foreground" />
            <span>
              <span className="font-semibold">{event.going}</span> <span className="text-muted-foreground">interested</span>
            </span>
            <span aria-hidden="true" className="text-muted-foreground">
              ·
            </span>
            <span className="font-medium">{event.price}</span>
          </p>
          <Button
            size="sm"
            onClick={() =>
              toast({
                title: "RSVPs open soon",
                description: `We can't take RSVPs for ${event.title} yet. Check the organizer's site for tickets.`,
              })
            }
          >
            RSVP
            <span className="sr-only">: {event.title}</span>
          </Button>
        </div>
      </div>
    </li>
  );
}

/** /events: "Local Events". Takes its events as props so submitted events can replace the samples. */
export function EventsView({ events, filters }: { events: readonly EventItem[]; filters: EventFilters }) {
  return (
    <>
      <PageHeader
        eyebrow="Events"
        title="Local Events"
        lead="Festivals, concerts, markets and meetups across the Near network. Find something to do this week."
      >
        <div className="flex flex-col gap-4">
          <Form
            key={`${filters.city}|${filters.category}|${filters.date}`}
            method="get"
            preventScrollReset
            className="grid gap-3 rounded-2xl border bg-card p-4 shadow-card sm:grid-cols-2 sm:p-5 lg:flex lg:items-end"
          >
            <div className="grid gap-1.5 lg:flex-1">
              <Label htmlFor="events-city" className="text-xs font-semibold text-muted-foreground">
                City
              </Label>
              <NativeSelect id="events-city" name="city" defaultValue={filters.city} className="[&_select]:h-11">
                {EVENT_CITIES.map((o) => (
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
              <NativeSelect id="events-category" name="category" defaultValue={filters.category} className="[&_select]:h-11">
                {EVENT_CATEGORIES.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="grid gap-1.5 lg:flex-1">
              <Label htmlFor="events-date" className="text-xs font-semibold text-muted-foreground">
                Date
              </Label>
              <Input id="events-date" name="date" type="date" defaultValue={filters.date} className="h-11" />
            </div>
            <div className="flex gap-2 sm:col-span-2 lg:col-span-1">
              <Button type="submit" className="h-11 flex-1 px-5 lg:flex-none">
                Apply Filters
              </Button>
              <Button asChild variant="outline" className="h-11 flex-1 lg:flex-none">
                <Link to="/contact">
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
          <p className="text-sm text-muted-foreground">Sample events while event listings are being added.</p>
        </div>
        {events.length > 0 ? (
          <>
            <ul aria-labelledby="events-heading" className="grid gap-5 lg:grid-cols-2">
              {events.map((event) => (
                <EventCard key={event.id} event={event} />
              ))}
            </ul>
            <div className="mt-10 flex justify-center">
              <Button
                variant="outline"
                size="lg"
                className="min-w-56"
                onClick={() =>
                  toast({
                    title: "You're all caught up",
                    description: "That's every event we have for now. New ones are added as organizers submit them.",
                  })
                }
              >
                Load More
              </Button>
            </div>
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
