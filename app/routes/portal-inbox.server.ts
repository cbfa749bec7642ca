import { data, type AppLoadContext } from "react-router";
import { requireUser } from "~/features/auth/guards.server";
import type { SessionUser } from "~/features/auth/session.server";
import { updateInboxMessage } from "~/features/inbox/mutations.server";
import { listInbox, ownerInboxSummary } from "~/features/inbox/queries.server";
import { INTENT_DONE, INTENT_PATCH, inboxActionSchema, inboxListSchema } from "~/features/inbox/schema";
import { listOwnedBusinesses } from "~/features/listings/queries.server";
import { AppError, fieldsSummary, zodFields } from "~/lib/app-error";
import type { Route } from "./+types/portal-inbox";

/**
 * The owner's side of the dashboard: "My listings" and the inbox summary on
 * /portal, the inbox itself at /portal/inbox and its actions. The queries
 * carry the ownership rule; this turns their AppErrors into form answers.
 */

type Args = Pick<Route.LoaderArgs | Route.ActionArgs, "request" | "context">;

/** How many unread messages /portal previews. */
const PREVIEW = 3;

/**
 * /portal's owner sections: for someone who owns a listing or has a business
 * account (null for everyone else, whose dashboard stays as it was).
 */
export async function loadOwnerSections(request: Request, context: AppLoadContext, user: SessionUser) {
  const summary = await ownerInboxSummary(context.db, user.id);
  if (!summary.ownsListings && user.type !== "business") return null;
  const page = Number(new URL(request.url).searchParams.get("listingsPage") ?? "1");
  const [listings, unread] = await Promise.all([
    listOwnedBusinesses(context.db, user.id, Number.isFinite(page) ? page : 1),
    summary.ownsListings ? listInbox(context.db, user, { filter: "unread", page: 1 }, PREVIEW) : Promise.resolve(null),
  ]);
  return { listings, inbox: unread ? { unread: unread.total, latest: unread.items } : null };
}

export type OwnerSections = NonNullable<Awaited<ReturnType<typeof loadOwnerSections>>>;

/** /portal/inbox: a page of messages (filter and page from the URL; bad values fall back to the inbox's first page). */
export async function loadInbox({ request, context }: Args) {
  const user = await requireUser({ request, context });
  const url = new URL(request.url);
  const parsed = inboxListSchema.safeParse({
    filter: url.searchParams.get("filter") ?? undefined,
    page: url.searchParams.get("page") ?? undefined,
  });
  const params = parsed.success ? parsed.data : { filter: "all" as const, page: 1 };
  return listInbox(context.db, user, params);
}

export type InboxActionData = { ok: true; message: string } | { ok: false; message: string };

/** Mark read / unread, archive / restore: one message, the owner's (or an admin's) only. */
export async function inboxAction({ request, context }: Args) {
  const user = await requireUser({ request, context });
  const form = await request.formData();
  const parsed = inboxActionSchema.safeParse({ intent: form.get("intent"), messageId: form.get("messageId") });
  if (!parsed.success) {
    return data<InboxActionData>({ ok: false, message: fieldsSummary(zodFields(parsed.error)) }, { status: 400 });
  }
  const { intent, messageId } = parsed.data;
  try {
    await updateInboxMessage(context.db, user, messageId, INTENT_PATCH[intent]);
    return data<InboxActionData>({ ok: true, message: INTENT_DONE[intent] });
  } catch (error) {
    if (error instanceof AppError) {
      return data<InboxActionData>({ ok: false, message: error.message }, { status: error.status });
    }
    throw error;
  }
}
