import { data, redirect } from "react-router";
import { getUser } from "~/features/auth/guards.server";
import { signInPath } from "~/features/auth/redirect";
import type { RsvpResult } from "~/features/events/components/event-card";
import { setRsvp } from "~/features/events/mutations.server";
import { listUpcomingEvents, upcomingEventCities } from "~/features/events/queries.server";
import { cityOptions, parseEventFilters } from "~/features/events/filters";
import { AppError } from "~/lib/app-error";
import type { Route } from "./+types/events";

type Args = Pick<Route.LoaderArgs | Route.ActionArgs, "request" | "context">;

/** /events: approved upcoming events, filtered from the URL, with the reader's RSVPs. */
export async function loadEvents({ request, context }: Args) {
  const filters = parseEventFilters(new URL(request.url).searchParams);
  const user = await getUser({ request, context });
  const timeZone = context.config.SITE_TIMEZONE;
  const [list, present] = await Promise.all([
    listUpcomingEvents(context.db, filters, { userId: user?.id ?? null, timeZone, now: context.clock.now() }),
    upcomingEventCities(context.db, context.clock.now()),
  ]);
  return {
    ...list,
    filters,
    cities: cityOptions(present.map((c) => ({ slug: c.slug, name: c.name }))),
    timeZone,
    signedIn: Boolean(user),
  };
}

/** RSVP or cancel: signed-in users only (signed out: to sign-in and back). */
export async function rsvpAction({ request, context }: Args) {
  const user = await getUser({ request, context });
  if (!user) throw redirect(signInPath("/events"));
  const form = await request.formData();
  const intent = form.get("intent");
  const eventId = form.get("eventId");
  if ((intent !== "rsvp" && intent !== "cancel") || typeof eventId !== "string")
    return data<RsvpResult>({ ok: false, error: "Unknown action." }, { status: 400 });
  try {
    const result = await setRsvp(context.db, user.id, eventId, intent === "rsvp", { limiter: context.limits.rsvps });
    return data<RsvpResult>({ ok: true, eventId, ...result });
  } catch (error) {
    if (error instanceof AppError)
      return data<RsvpResult>({ ok: false, error: error.message }, { status: error.status });
    throw error;
  }
}
