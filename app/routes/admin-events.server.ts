import { data } from "react-router";
import { requireAdmin } from "~/features/auth/guards.server";
import { EVENT_MODERATION, moderateEvent, type EventModeration } from "~/features/events/mutations.server";
import { eventsForModeration } from "~/features/events/queries.server";
import { AppError } from "~/lib/app-error";
import { EVENT_STATUSES, type EventStatus } from "~/lib/catalogue";
import type { Route } from "./+types/admin-events";

type Args = Pick<Route.LoaderArgs | Route.ActionArgs, "request" | "context">;

export async function loadAdminEvents({ request, context }: Args) {
  await requireAdmin({ request, context });
  const asked = new URL(request.url).searchParams.get("status");
  const status: EventStatus = (EVENT_STATUSES as readonly string[]).includes(asked ?? "")
    ? (asked as EventStatus)
    : "pending";
  const { items, counts } = await eventsForModeration(context.db, status, context.clock.now());
  return { status, items, counts, timeZone: context.config.SITE_TIMEZONE };
}

const DONE: Record<EventModeration, string> = {
  approve: "Event approved: it's on the Events page now.",
  reject: "Event rejected: it stays off the Events page.",
  delete: "Event deleted.",
};

export async function moderateEventAction({ request, context }: Args) {
  const admin = await requireAdmin({ request, context });
  const form = await request.formData();
  const intent = form.get("intent");
  const eventId = form.get("eventId");
  if (!EVENT_MODERATION.includes(intent as EventModeration) || typeof eventId !== "string")
    return data({ ok: false, message: "Unknown action." }, { status: 400 });
  try {
    await moderateEvent(context.db, admin, eventId, intent as EventModeration);
    return { ok: true, message: DONE[intent as EventModeration] };
  } catch (error) {
    if (error instanceof AppError) return data({ ok: false, message: error.message }, { status: error.status });
    throw error;
  }
}
