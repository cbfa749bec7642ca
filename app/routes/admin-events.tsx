import { CalendarDays, Check, X } from "lucide-react";
import { businessPath } from "~/lib/business-url";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { AdminDeleteForm } from "~/features/content/components/admin-delete-form";
import { ActionNotice, AdminShell, StatusTabs } from "~/features/content/components/admin-shell";
import { CategoryBadge } from "~/features/events/components/event-card";
import { eventDateParts } from "~/features/events/time";
import { pageMeta } from "~/lib/meta";
import { countLabel } from "~/lib/plural";
import type { Route } from "./+types/admin-events";
import { loadAdminEvents, moderateEventAction } from "./admin-events.server";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Events · Admin");

export function loader(args: Route.LoaderArgs) {
  return loadAdminEvents(args);
}

export function action(args: Route.ActionArgs) {
  return moderateEventAction(args);
}

const TABS = [
  { id: "pending", label: "Pending" },
  { id: "approved", label: "Approved" },
  { id: "rejected", label: "Rejected" },
] as const;

/** /admin/events: submitted events waiting for approval; approved and rejected ones. */
export default function AdminEventsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { status, items, counts, timeZone } = loaderData;
  return (
    <AdminShell
      section="events"
      title="Event Submissions"
      lead="Events people submit wait here until you approve them; approved events appear on the Events page."
    >
      <ActionNotice answer={actionData} />
      <StatusTabs
        label="Event lists"
        tabs={TABS.map((t) => ({ ...t, count: counts[t.id] }))}
        current={status}
        hrefFor={(id) => (id === "pending" ? "/admin/events" : `/admin/events?status=${id}`)}
      />
      {items.length === 0 ? (
        <div className="flex flex-col items-center rounded-2xl border border-dashed bg-card/60 px-6 py-14 text-center">
          <span
            aria-hidden="true"
            className="grid size-12 place-items-center rounded-full bg-muted text-muted-foreground"
          >
            <CalendarDays className="size-6" />
          </span>
          <p className="mt-4 font-semibold">
            {status === "pending"
              ? "No events waiting"
              : status === "approved"
                ? "No upcoming approved events"
                : "No rejected events"}
          </p>
          <p className="mt-1 text-sm text-muted-foreground">Submitted events show up here for review.</p>
        </div>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2" aria-label={`${TABS.find((t) => t.id === status)!.label} events`}>
          {items.map((event) => {
            const when = eventDateParts(event.startsAt, event.endsAt, timeZone);
            return (
              <li
                key={event.id}
                className="flex flex-col gap-3 rounded-2xl border bg-card p-5 shadow-card"
                data-testid="admin-event"
              >
                <div className="flex flex-wrap items-center gap-2">
                  <CategoryBadge category={event.category} />
                  <span className="text-xs font-medium text-muted-foreground">{event.city}</span>
                  <span className="ml-auto text-xs text-muted-foreground">{countLabel(event.rsvpCount, "RSVP")}</span>
                </div>
                <h2 className="text-lg font-semibold break-words">{event.title}</h2>
                <p className="text-sm break-words whitespace-pre-line text-muted-foreground">{event.description}</p>
                <p className="text-sm">
                  <time dateTime={event.startsAt}>{when.long}</time>, {when.hours} · {event.venue}
                  {event.business ? (
                    <>
                      {" "}
                      ·{" "}
                      <Link to={businessPath(event.business)} className="font-medium hover:underline">
                        {event.business.name}
                      </Link>
                    </>
                  ) : null}
                </p>
                <div className="mt-auto flex flex-wrap gap-2 border-t pt-3">
                  {event.status !== "approved" ? (
                    <Form method="post">
                      <input type="hidden" name="eventId" value={event.id} />
                      <Button
                        aria-label={`Approve: ${event.title}`}
                        type="submit"
                        size="sm"
                        name="intent"
                        value="approve"
                      >
                        <Check aria-hidden="true" /> Approve
                      </Button>
                    </Form>
                  ) : null}
                  {event.status !== "rejected" ? (
                    <Form method="post">
                      <input type="hidden" name="eventId" value={event.id} />
                      <Button
                        aria-label={`Reject: ${event.title}`}
                        type="submit"
                        size="sm"
                        variant="outline"
                        name="intent"
                        value="reject"
                      >
                        <X aria-hidden="true" /> Reject
                      </Button>
                    </Form>
                  ) : null}
                  <AdminDeleteForm field="eventId" id={event.id} what={event.title} />
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </AdminShell>
  );
}
