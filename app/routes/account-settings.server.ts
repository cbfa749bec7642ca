import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { deleteAccount } from "~/features/auth/account-data.server";
import { deleteAccountSchema } from "~/features/auth/account-data-schema";
import { requireUser, type RouteArgs } from "~/features/auth/guards.server";
import { redirectWithNotice } from "~/features/auth/notice.server";
import { AppError } from "~/lib/app-error";
import { replyWithError, type FormResult } from "~/lib/form-reply";
import { saveProfileSettings } from "~/features/people/queries.server";
import { PROFILE_INTENT } from "~/features/people/constants";
import { profileSettingsSchema } from "~/features/people/schema";
import { emailText } from "~/lib/text";

export type DeleteAccountData = { intent: "delete-account"; result: FormResult };

/** "Delete my account": the typed email must be the account's; then Better Auth deletes it and ends the session. */
export async function deleteAccountAction({ request, context }: RouteArgs, form: FormData) {
  const user = await requireUser({ request, context });
  const submission = parseWithZod(form, { schema: deleteAccountSchema(user.email) });
  if (submission.status !== "success")
    return data<DeleteAccountData>({ intent: "delete-account", result: submission.reply() }, { status: 400 });
  try {
    const headers = await deleteAccount(context.auth, request);
    return redirectWithNotice(request, "/", "accountDeleted", { headers: cookiesOf(headers) });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return data<DeleteAccountData>(
      { intent: "delete-account", result: replyWithError(submission, error.message) },
      { status: error.status },
    );
  }
}

/** Only the Set-Cookie lines of Better Auth's answer (the cleared session) go on the redirect. */
function cookiesOf(headers: Headers) {
  const out = new Headers();
  for (const cookie of headers.getSetCookie()) out.append("Set-Cookie", cookie);
  return out;
}

export type ChangeEmailData =
  { intent: "change-email"; ok: true; message: string } | { intent: "change-email"; ok: false; message: string };

const newEmailSchema = emailText({ invalid: "Enter a valid email address." }, { lowercase: true });

/**
 * "Change email": Better Auth sends a link to the new address; the account's
 * email changes only when that link is clicked (it then counts as verified).
 * The answer is the same whether or not the address is taken (no account
 * lookup through this form).
 */
export async function changeEmailAction({ request, context }: RouteArgs, form: FormData) {
  const user = await requireUser({ request, context });
  const parsed = newEmailSchema.safeParse(String(form.get("newEmail") ?? ""));
  if (!parsed.success)
    return data<ChangeEmailData>(
      { intent: "change-email", ok: false, message: parsed.error.issues[0]!.message },
      { status: 400 },
    );
  if (parsed.data === user.email.toLowerCase())
    return data<ChangeEmailData>(
      { intent: "change-email", ok: false, message: "That's already your email address." },
      { status: 400 },
    );
  try {
    await context.auth.api.changeEmail({
      body: { newEmail: parsed.data, callbackURL: "/auth/callback?event=verified&redirectTo=/account/settings" },
      headers: request.headers,
    });
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (!status || status >= 500) throw error;
    const message = (error as { body?: { message?: string } }).body?.message ?? "Your email could not be changed.";
    return data<ChangeEmailData>({ intent: "change-email", ok: false, message }, { status });
  }
  return data<ChangeEmailData>({
    intent: "change-email",
    ok: true,
    message: `We sent a link to ${parsed.data}. Your email changes when you open it; until then, keep using ${user.email}.`,
  });
}

export type ProfileData = { intent: typeof PROFILE_INTENT; ok: boolean; result: FormResult };

/**
 * "Public profile" (issue 41): how the name shows, the city, whether RSVPs show. Always the signed-in account's own
 * profile (the user comes from the session, never the form), counted against the settings write limit.
 */
export async function profileAction({ request, context }: RouteArgs, form: FormData) {
  const user = await requireUser({ request, context });
  const submission = parseWithZod(form, { schema: profileSettingsSchema });
  if (submission.status !== "success")
    return data<ProfileData>({ intent: PROFILE_INTENT, ok: false, result: submission.reply() }, { status: 400 });
  try {
    await saveProfileSettings(context.db, user, submission.value, context.limits.profileWrites);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return data<ProfileData>(
      { intent: PROFILE_INTENT, ok: false, result: replyWithError(submission, error.message) },
      {
        status: error.status,
        headers: error.retryAfter ? { "Retry-After": String(error.retryAfter) } : undefined,
      },
    );
  }
  return data<ProfileData>({ intent: PROFILE_INTENT, ok: true, result: submission.reply() });
}
