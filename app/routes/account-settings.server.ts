import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { deleteAccount } from "~/features/auth/account-data.server";
import { deleteAccountSchema } from "~/features/auth/account-data-schema";
import { requireUser, type RouteArgs } from "~/features/auth/guards.server";
import { redirectWithNotice } from "~/features/auth/notice.server";
import { AppError } from "~/lib/app-error";
import { replyWithError, type FormResult } from "~/lib/form-reply";

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
