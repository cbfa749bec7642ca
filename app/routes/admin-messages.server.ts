import { data } from "react-router";
import { requireAdmin } from "~/features/auth/guards.server";
import { contactDelivery, listContactMessages, updateContactMessage } from "~/features/content/contact.server";
import { AppError } from "~/lib/app-error";
import type { Route } from "./+types/admin-messages";

type Args = Pick<Route.LoaderArgs | Route.ActionArgs, "request" | "context">;

export async function loadAdminMessages({ request, context }: Args) {
  await requireAdmin({ request, context });
  return { ...(await listContactMessages(context.db)), delivery: contactDelivery(context.config) };
}

const DONE = { read: "Marked as read.", unread: "Marked as unread.", delete: "Message deleted." } as const;

export async function adminMessagesAction({ request, context }: Args) {
  await requireAdmin({ request, context });
  const form = await request.formData();
  const intent = form.get("intent");
  const id = form.get("messageId");
  if ((intent !== "read" && intent !== "unread" && intent !== "delete") || typeof id !== "string")
    return data({ ok: false, message: "Unknown action." }, { status: 400 });
  try {
    await updateContactMessage(context.db, id, intent);
    return { ok: true, message: DONE[intent] };
  } catch (error) {
    if (error instanceof AppError) return data({ ok: false, message: error.message }, { status: error.status });
    throw error;
  }
}
