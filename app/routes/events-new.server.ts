import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { requireUser } from "~/features/auth/guards.server";
import { submitEvent } from "~/features/events/mutations.server";
import { hostableBusinesses } from "~/features/events/queries.server";
import { eventInputSchema } from "~/features/events/schema";
import { AppError } from "~/lib/app-error";
import { fieldErrorLists, replyWithError, type FormResult } from "~/lib/form-reply";
import type { Route } from "./+types/events-new";

type Args = Pick<Route.LoaderArgs | Route.ActionArgs, "request" | "context">;

export type SubmitEventData = { ok: true; title: string } | { ok: false; result: FormResult };

function zoneLabel(timeZone: string) {
  const name = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "long" })
    .formatToParts(new Date())
    .find((p) => p.type === "timeZoneName")?.value;
  return name ?? timeZone;
}

/** /events/new: signed-in users (signed out: to sign-in and back). */
export async function loadSubmitEvent({ request, context }: Args) {
  const user = await requireUser({ request, context });
  return {
    businesses: await hostableBusinesses(context.db, user.id),
    defaultCity: context.config.SITE_CITY,
    timeZoneLabel: zoneLabel(context.config.SITE_TIMEZONE),
  };
}

export async function submitEventAction({ request, context }: Args) {
  const user = await requireUser({ request, context });
  const submission = parseWithZod(await request.formData(), { schema: eventInputSchema });
  if (submission.status !== "success")
    return data<SubmitEventData>({ ok: false, result: submission.reply() }, { status: 400 });
  try {
    const { image, ...input } = submission.value;
    await submitEvent(context.db, user, input, {
      timeZone: context.config.SITE_TIMEZONE,
      limiter: context.limits.eventSubmissions,
      now: context.clock.now(),
      photo: image ? { filename: image.name, body: Buffer.from(await image.arrayBuffer()) } : undefined,
      storage: context.storage,
    });
    return data<SubmitEventData>({ ok: true, title: submission.value.title });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const headers = error.retryAfter ? { "Retry-After": String(error.retryAfter) } : undefined;
    const result = error.fields
      ? submission.reply({ formErrors: [error.message], fieldErrors: fieldErrorLists(error.fields) })
      : replyWithError(submission, error.message);
    return data<SubmitEventData>({ ok: false, result }, { status: error.status, headers });
  }
}
