import { data, type AppLoadContext } from "react-router";
import { localNow } from "~/features/directory/hours";
import { sendBusinessMessage } from "~/features/directory/messages.server";
import { getPublishedBusiness } from "~/features/directory/queries.server";
import type { MessageActionData } from "~/features/directory/components/message-form";

/** The business page's data; unknown, unpublished or malformed ids are a 404 (the route's boundary shows "Business Not Found"). */
export async function loadBusinessPage(id: string, context: AppLoadContext) {
  const found = await getPublishedBusiness(context.db, id, { reviews: false });
  if (!found) throw data({ notFound: true }, { status: 404 });
  // Internal fields stay on the server; reviews come paged from the Reviews section's own loader.
  const { ownerId: _ownerId, status: _status, reviews: _reviews, ...business } = found;
  const day = localNow(business.timezone, new Date()).dayNumber;
  const publicUrl = context.config.publicUrl.replace(/\/+$/, "");
  return {
    business,
    todayIso: new Date(day * 86_400_000).toISOString().slice(0, 10),
    shareUrl: `${publicUrl}/business/${business.id}`,
    publicUrl,
  };
}

function field(form: FormData, name: string) {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** Send Message: validated again here (messageSchema), rate-limited per address, honeypot checked. */
export async function sendMessageAction(id: string, request: Request, context: AppLoadContext) {
  const found = await getPublishedBusiness(context.db, id, { reviews: false });
  if (!found) throw data({ notFound: true }, { status: 404 });
  const form = await request.formData();
  const input = { name: field(form, "name"), email: field(form, "email"), message: field(form, "message"), website: field(form, "website") };
  const result = await sendBusinessMessage(context.db, found.id, input, { ip: context.clientIp }, context.limits.messages);
  if (result.ok) return data<MessageActionData>({ ok: true });
  if (result.status === 400) return data<MessageActionData>({ ok: false, fields: result.fields }, { status: 400 });
  if (result.status === 404) throw data({ notFound: true }, { status: 404 });
  const minutes = Math.max(1, Math.ceil(result.retryAfter / 60));
  return data<MessageActionData>(
    { ok: false, error: `Too many messages. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.` },
    { status: 429, headers: { "Retry-After": String(result.retryAfter) } },
  );
}
