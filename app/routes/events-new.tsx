import { CalendarCheck } from "lucide-react";
import { Link } from "react-router";
import { PageHeader } from "~/components/layout/page-header";
import { Button } from "~/components/ui/button";
import { EventForm } from "~/features/events/components/event-form";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/events-new";
import { loadSubmitEvent, submitEventAction } from "./events-new.server";
import { retryAfterHeaders } from "~/lib/route-headers";

/** A 429 from the action keeps its Retry-After on a document response. */
export const headers = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Submit Event", "Tell the neighborhood about your event.");

export function loader(args: Route.LoaderArgs) {
  return loadSubmitEvent(args);
}

export function action(args: Route.ActionArgs) {
  return submitEventAction(args);
}

export default function SubmitEventPage({ loaderData, actionData }: Route.ComponentProps) {
  const submitted = actionData?.ok ? actionData : null;
  return (
    <>
      <PageHeader
        eyebrow="Events"
        title="Submit Event"
        lead="Hosting something locals will love? Tell us about it. An admin reviews every event before it appears on the Events page."
      />
      <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6">
        {submitted ? (
          <section
            role="status"
            aria-labelledby="submitted-heading"
            className="flex flex-col items-center rounded-3xl border bg-card px-6 py-12 text-center shadow-card"
          >
            <span
              aria-hidden="true"
              className="grid size-12 place-items-center rounded-full bg-success/15 text-success"
            >
              <CalendarCheck className="size-6" />
            </span>
            <h2 id="submitted-heading" className="mt-4 text-xl font-bold">
              Thanks! Your event is waiting for review
            </h2>
            <p className="mt-2 max-w-md text-muted-foreground">
              “{submitted.title}” appears on the Events page as soon as an admin approves it. You can follow it in your
              dashboard.
            </p>
            <div className="mt-6 flex flex-wrap justify-center gap-2">
              <Button asChild>
                <Link to="/events">Back to Events</Link>
              </Button>
              <Button asChild variant="outline">
                <Link to="/portal">Your dashboard</Link>
              </Button>
            </div>
          </section>
        ) : (
          <div className="rounded-3xl border bg-card p-6 shadow-card sm:p-8">
            <EventForm
              lastResult={actionData && !actionData.ok ? actionData.result : undefined}
              businesses={loaderData.businesses}
              defaultCity={loaderData.defaultCity}
              timeZoneLabel={loaderData.timeZoneLabel}
            />
          </div>
        )}
      </div>
    </>
  );
}
